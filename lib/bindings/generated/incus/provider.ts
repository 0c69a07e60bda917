// Generated from the provider "incus" schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
import type { AttributeSpec } from "../../attributes";

/** Incus containers, virtual machines, networks, storage, profiles, projects and images. */
export interface IncusProviderConfig {
  /** The incus client's configuration directory. Default: $INCUS_CONF, else ~/.config/incus. */
  readonly configDir?: string;
  /** Create client.crt/client.key in config_dir when missing (env INCUS_GENERATE_CLIENT_CERTS). */
  readonly generateClientCertificates?: boolean;
  /**
   * Pin an HTTPS remote's certificate on first contact when its trust token names no fingerprint (env
   * INCUS_ACCEPT_SERVER_CERTIFICATE). A token's fingerprint always decides.
   */
  readonly acceptRemoteCertificate?: boolean;
  /** The remote used when a resource leaves `remote` unset. */
  readonly defaultRemote?: string;
  /**
   * How long waits (instance start, wait_for, long operations) may take, e.g. "10m"; at most 596h31m23s (2147483647
   * ms, the longest a timer can wait). Default 3m. An addition to the official schema.
   */
  readonly waitTimeout?: string;
  /** An Incus server or image server. */
  readonly remote?: IncusProviderRemoteConfig[];
  /** Names this configuration for resources that choose it (a Terraform meta-argument). */
  readonly alias?: string;
}

/** An Incus server or image server. */
export interface IncusProviderRemoteConfig {
  /**
   * The remote's name, as resources refer to it: 1-63 letters, digits, '.', '_' or '-', starting with a letter or
   * digit (it names the file its pinned certificate is kept in).
   */
  readonly name: string;
  /**
   * unix:// (local socket), unix:///path/to/socket or https://host:8443; a comma-separated list uses the first.
   * Default: the address in config.yml.
   */
  readonly address?: string;
  /** incus (default), simplestreams or oci. */
  readonly protocol?: string;
  /**
   * Credentials helper executable for an OCI registry (env INCUS_OCI_CREDENTIALS_HELPER); only with protocol = "oci".
   * Recorded with the remote: the Incus server pulls OCI images itself, so the bundled provider never runs it.
   */
  readonly credentialsHelper?: string;
  /** tls (default) or oidc. */
  readonly authenticationType?: string;
  /** One-time trust token from `incus config trust add`. */
  readonly token?: string;
  /** The remote needs no authentication. */
  readonly public?: boolean;
}

export const INCUS_PROVIDER_SPEC: AttributeSpec = {
  config_dir: "value",
  generate_client_certificates: "value",
  accept_remote_certificate: "value",
  default_remote: "value",
  wait_timeout: "value",
  remote: { list: {
    name: "value",
    address: "value",
    protocol: "value",
    credentials_helper: "value",
    authentication_type: "value",
    token: "value",
    public: "value",
  } },
};
