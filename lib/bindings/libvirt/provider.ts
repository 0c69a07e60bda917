// The libvirt provider binding: the generated configuration (the connection URI) plus where the provider comes from.
import type { Construct } from "constructs";
import { SpecProvider } from "../spec-provider";
import { LIBVIRT_PROVIDER_SPEC } from "../generated/libvirt/provider";
import type { LibvirtProviderConfig } from "../generated/libvirt/provider";

export interface LibvirtProviderOptions extends LibvirtProviderConfig {
  /** Registry source address of the provider. */
  readonly source: string;
  /** Version constraint; none when undefined. */
  readonly version?: string;
}

export class LibvirtProvider extends SpecProvider<LibvirtProviderConfig> {
  public static readonly tfProviderName = "libvirt";

  public constructor(scope: Construct, id: string, options: LibvirtProviderOptions) {
    const { source, version, ...config } = options;
    super(scope, id, { name: "libvirt", source, version, spec: LIBVIRT_PROVIDER_SPEC }, config);
  }
}
