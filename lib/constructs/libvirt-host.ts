// LibvirtHost: a libvirt connection (qemu:///system by default) driven by the bundled libvirt provider.
import { Construct } from "constructs";
import type { LibvirtProvider } from "../bindings";
import { isToken } from "../bindings/attributes";
import type { IHost } from "./model/host";
import { registerBackend } from "./private/backend";
import { fail } from "./private/errors";
import { libvirtBackend } from "./private/libvirt-backend";
import { defaultProviderAlias, nameProblem, PROVIDER_ALIAS } from "./private/names";
import { StackContext } from "./private/stack-context";

export interface LibvirtHostProps {
  /**
   * The libvirt connection URI, e.g. "qemu:///system" or "qemu+ssh://root@kvm1/system".
   * @default "qemu:///system"
   */
  readonly uri?: string;
  /**
   * Provider alias used when a stack has several LibvirtHosts (the first one is the default provider): letters,
   * digits, '_' or '-', starting with a letter or '_' (Terraform's rule for aliases).
   * @default the construct id, other characters replaced by "-" ("kvm.lab" → "kvm-lab")
   */
  readonly name?: string;
}

export class LibvirtHost extends Construct implements IHost {
  public readonly hostKind = "libvirt" as const;
  public readonly uri: string;
  private readonly provider: LibvirtProvider;

  public constructor(scope: Construct, id: string, props: LibvirtHostProps = {}) {
    super(scope, id);
    this.uri = props.uri ?? "qemu:///system";
    if (!isToken(this.uri) && !/^[a-z][a-z0-9+]*:\/\/\S*$/.test(this.uri)) {
      fail(
        this,
        "LibvirtHost",
        "uri",
        `"${this.uri}" is not a libvirt URI; use e.g. "qemu:///system" or "qemu+ssh://user@host/system"`,
      );
    }
    const alias = props.name ?? defaultProviderAlias(id);
    const problem = nameProblem(alias, PROVIDER_ALIAS);
    if (problem) fail(this, "LibvirtHost", "name", problem);
    this.provider = StackContext.of(this).libvirtProvider(this.uri, alias);
    registerBackend(this, libvirtBackend(this));
  }

  /** @internal The provider resources on this host use. */
  public _provider(): LibvirtProvider {
    return this.provider;
  }
}
