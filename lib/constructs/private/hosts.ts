// What the builders need of a host. IncusHost and LibvirtHost have these members; the builders take them as these
// interfaces and never import the host constructs, which sit a layer above them (docs/architecture.md).
import type { LibvirtProvider } from "../../bindings";
import type { IHost } from "../model/host";
import type { IncusProviderSource } from "../model/incus-host-props";

/** An IncusHost, as its builder sees it. */
export interface IncusHostLike extends IHost {
  readonly hostKind: "incus";
  /** The remote name resources on this host use. */
  readonly remoteName: string;
  /** The cluster members, when this host is an Incus cluster. */
  readonly clusterMembers?: readonly string[];
  /** Which provider runs the stack. */
  readonly providerSource: IncusProviderSource;
}

/** A LibvirtHost, as its builder sees it. */
export interface LibvirtHostLike extends IHost {
  readonly hostKind: "libvirt";
  /** The provider resources on this host use. */
  _provider(): LibvirtProvider;
}
