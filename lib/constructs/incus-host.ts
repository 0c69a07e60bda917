// IncusHost: an Incus server (the local unix socket by default, or an https remote). All IncusHosts of a stack
// share one incus provider, each as a `remote` block; the resources placed on a host name it with `remote`.
import { Construct } from "constructs";
import type { IncusProvider } from "../bindings";
import { isToken } from "../bindings/attributes";
import { remoteNameProblem } from "../remote-names";
import type { IHost } from "./model/host";
import { IncusProviderSource } from "./model/incus-host-props";
import type { IncusHostProps } from "./model/incus-host-props";
import { registerBackend } from "./private/backend";
import { fail } from "./private/errors";
import { incusBackend } from "./private/incus-backend";
import { StackContext } from "./private/stack-context";

// The props in model/ that take an IncusHost (a Project's, a Profile's) name it through HostClasses.
declare module "./model/host" {
  interface HostClasses {
    readonly incus: IncusHost;
  }
}

/** Incus cluster member names are host names. */
const CLUSTER_MEMBER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,62}$/;

export class IncusHost extends Construct implements IHost {
  public readonly hostKind = "incus" as const;
  /** The remote name resources on this host use. */
  public readonly remoteName: string;
  /** The API address of this host. */
  public readonly address: string;
  /** The cluster members, when this host is an Incus cluster. */
  public readonly clusterMembers?: readonly string[];
  /** Which provider runs the stack. */
  public readonly providerSource: IncusProviderSource;
  private readonly provider: IncusProvider;

  public constructor(scope: Construct, id: string, props: IncusHostProps = {}) {
    super(scope, id);
    const kind = "IncusHost";
    this.remoteName = props.name ?? (id.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "") || "local");
    if (!isToken(this.remoteName)) {
      const problem = remoteNameProblem(this.remoteName);
      if (problem) fail(this, kind, "name", problem);
    }
    this.address = props.address ?? "unix://";
    if (!isToken(this.address) && !/^(unix:\/\/(\/\S*)?|https:\/\/[^\s/]+\/?)$/.test(this.address)) {
      fail(
        this,
        kind,
        "address",
        `"${this.address}" is not an Incus address; use "unix://", "unix:///path/to/unix.socket" or "https://host:8443"`,
      );
    }
    if (props.token !== undefined && !this.address.startsWith("https://") && !isToken(this.address)) {
      fail(
        this,
        kind,
        "token",
        `a trust token only makes sense for an https:// address (this host is "${this.address}")`,
      );
    }
    const source = props.providerSource ?? IncusProviderSource.BUNDLED;
    this.providerSource = source;
    if (!Object.values(IncusProviderSource).includes(source)) {
      fail(
        this,
        kind,
        "providerSource",
        `"${String(source)}" is not a provider source; use IncusProviderSource.BUNDLED or OFFICIAL`,
      );
    }
    if (props.providerVersion !== undefined && source === IncusProviderSource.BUNDLED) {
      fail(
        this,
        kind,
        "providerVersion",
        "the bundled provider always has this package's version; set providerVersion only with IncusProviderSource.OFFICIAL",
      );
    }

    if (props.clusterMembers !== undefined) {
      const members = props.clusterMembers;
      if (!Array.isArray(members) || members.length === 0)
        fail(this, kind, "clusterMembers", 'list the member names of the cluster, e.g. ["member1", "member2"]');
      for (const member of members) {
        if (isToken(member)) continue;
        if (typeof member !== "string" || !CLUSTER_MEMBER_NAME.test(member)) {
          fail(
            this,
            kind,
            "clusterMembers",
            `${JSON.stringify(
              member,
            )} is not a cluster member name (letters, digits and '-', up to 63 characters, not starting with '-')`,
          );
        }
      }
      const duplicate = members.find((m, i) => members.indexOf(m) !== i);
      if (duplicate !== undefined) fail(this, kind, "clusterMembers", `"${duplicate}" is listed twice`);
      this.clusterMembers = [...members];
    }

    const context = StackContext.of(this);
    context.claimRemoteName(this.remoteName, this.node.path);
    this.provider = context.incusProvider({ source, version: props.providerVersion }, this.node.path);
    this.provider.addRemote({ name: this.remoteName, address: this.address, token: props.token });
    this.mergeProviderSetting("configDir", props.configDir);
    this.mergeProviderSetting("generateClientCertificates", props.generateClientCertificates);
    this.mergeProviderSetting("acceptRemoteCertificate", props.acceptRemoteCertificate);
    if (this.provider.config.defaultRemote === undefined) this.provider.setAttribute("defaultRemote", this.remoteName);
    registerBackend(this, incusBackend(this));
  }

  /** Provider-wide settings: the first host that sets one decides; a different value on another host is an error. */
  private mergeProviderSetting<K extends "configDir" | "generateClientCertificates" | "acceptRemoteCertificate">(
    key: K,
    value: IncusHostProps[K],
  ): void {
    if (value === undefined) return;
    const current = this.provider.config[key];
    if (current !== undefined && current !== value) {
      fail(
        this,
        "IncusHost",
        key,
        `${key} is provider-wide and another IncusHost of this stack set it to ${JSON.stringify(
          current,
        )}; all IncusHosts must agree`,
      );
    }
    this.provider.setAttribute(key, value as never);
  }
}
