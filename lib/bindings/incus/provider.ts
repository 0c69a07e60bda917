// The incus provider binding: the generated configuration (lxc/incus schema) plus where the provider comes from, and
// remotes that constructs add after the provider exists.
import type { Construct } from "constructs";
import { SpecProvider } from "../spec-provider";
import { INCUS_PROVIDER_SPEC } from "../generated/incus/provider";
import type { IncusProviderConfig, IncusProviderRemoteConfig } from "../generated/incus/provider";

export interface IncusProviderOptions extends IncusProviderConfig {
  /** Registry source address of the provider. */
  readonly source: string;
  /** Version constraint; none when undefined. */
  readonly version?: string;
}

export class IncusProvider extends SpecProvider<IncusProviderConfig> {
  public static readonly tfProviderName = "incus";

  public constructor(scope: Construct, id: string, options: IncusProviderOptions) {
    const { source, version, ...config } = options;
    super(scope, id, { name: "incus", source, version, spec: INCUS_PROVIDER_SPEC }, config);
  }

  /** Adds a `remote` block (read at synthesis time). */
  public addRemote(remote: IncusProviderRemoteConfig): void {
    this.setAttribute("remote", [...(this.config.remote ?? []), remote]);
  }
}
