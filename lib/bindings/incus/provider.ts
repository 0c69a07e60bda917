// incus provider configuration (lxc/incus schema): remotes, certificates directory, default remote.
import type { Construct } from "constructs";
import { SpecProvider } from "../spec-provider";
import type { AttributeSpec } from "../attributes";

/** One `remote` block: a named Incus server the resources can address with `remote = "<name>"`. */
export interface IncusRemoteConfig {
  readonly name: string;
  /** `unix://` (local socket), `unix:///path/to/unix.socket` or `https://host:8443`. */
  readonly address?: string;
  /** `incus` (default), `oci` or `simplestreams`. */
  readonly protocol?: string;
  /** `tls` (default) or `oidc`. */
  readonly authenticationType?: string;
  /** One-time trust token (sensitive). */
  readonly token?: string;
  readonly public?: boolean;
}

export interface IncusProviderConfig {
  readonly configDir?: string;
  readonly generateClientCertificates?: boolean;
  readonly acceptRemoteCertificate?: boolean;
  readonly defaultRemote?: string;
  readonly remote?: IncusRemoteConfig[];
  readonly alias?: string;
}

export interface IncusProviderOptions extends IncusProviderConfig {
  /** Registry source address of the provider. */
  readonly source: string;
  /** Version constraint; none when undefined. */
  readonly version?: string;
}

export const INCUS_PROVIDER_SPEC: AttributeSpec = {
  config_dir: "value",
  generate_client_certificates: "value",
  accept_remote_certificate: "value",
  default_remote: "value",
  remote: {
    list: {
      name: "value",
      address: "value",
      protocol: "value",
      authentication_type: "value",
      token: "value",
      public: "value",
    },
  },
};

export class IncusProvider extends SpecProvider<IncusProviderConfig> {
  public static readonly tfProviderName = "incus";

  public constructor(scope: Construct, id: string, options: IncusProviderOptions) {
    const { source, version, ...config } = options;
    super(scope, id, { name: "incus", source, version, spec: INCUS_PROVIDER_SPEC }, config);
  }

  /** Adds a `remote` block (read at synthesis time). */
  public addRemote(remote: IncusRemoteConfig): void {
    this.setAttribute("remote", [...(this.config.remote ?? []), remote]);
  }
}
