// libvirt provider configuration: the connection URI (e.g. qemu:///system).
import type { Construct } from "constructs";
import { SpecProvider } from "../spec-provider";
import type { AttributeSpec } from "../attributes";

export interface LibvirtProviderConfig {
  readonly uri: string;
  readonly alias?: string;
}

export interface LibvirtProviderOptions extends LibvirtProviderConfig {
  readonly source: string;
  readonly version?: string;
}

export const LIBVIRT_PROVIDER_SPEC: AttributeSpec = { uri: "value" };

export class LibvirtProvider extends SpecProvider<LibvirtProviderConfig> {
  public static readonly tfProviderName = "libvirt";

  public constructor(scope: Construct, id: string, options: LibvirtProviderOptions) {
    const { source, version, ...config } = options;
    super(scope, id, { name: "libvirt", source, version, spec: LIBVIRT_PROVIDER_SPEC }, config);
  }
}
