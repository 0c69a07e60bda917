// The props of an IncusHost, and which incus provider a stack uses (what the builders check before they emit what
// only the bundled provider carries out).

/** Which incus Terraform provider the stack uses. */
export enum IncusProviderSource {
  /** The provider shipped inside this package, installed next to the stack at synth (no registry, no network). */
  BUNDLED = "bundled",
  /**
   * The official lxc/incus provider from the Terraform registry (or your mirror). Same JSON is emitted; what only the
   * bundled provider carries out is refused at synth (docs/providers.md).
   */
  OFFICIAL = "official",
}

export interface IncusHostProps {
  /**
   * Name of the remote in the provider configuration; resources on this host set `remote = <name>`.
   * @default the construct id, e.g. "lab"
   */
  readonly name?: string;
  /**
   * Where the Incus API is: `unix://` (the local socket), `unix:///path/to/unix.socket`, or `https://host:8443`.
   * For https remotes the client certificate and the server certificate come from `configDir`, or a trust
   * `token` is used once to enrol.
   * @default "unix://" — the local daemon's socket
   */
  readonly address?: string;
  /** One-time trust token for an https remote (sensitive: prefer a variable). @default none */
  readonly token?: string;
  /**
   * Directory with client.crt, client.key and servercerts/<remote>.crt, as the incus command-line client keeps
   * them. Provider-wide: every IncusHost of a stack must agree.
   * @default the provider's default ($HOME/.config/incus)
   */
  readonly configDir?: string;
  /** Generate a client certificate when none exists (provider-wide). @default the provider's default */
  readonly generateClientCertificates?: boolean;
  /** Accept the remote's certificate on first contact (provider-wide). @default the provider's default */
  readonly acceptRemoteCertificate?: boolean;
  /**
   * Which provider runs the stack. All IncusHosts of a stack must use the same. With OFFICIAL, props whose promise only
   * the bundled provider keeps (removalPolicy RETAIN/SNAPSHOT, adoptReleased, VolumeSnapshot, attach's
   * snapshotBeforeRebuild) are synth errors.
   * @default IncusProviderSource.BUNDLED
   */
  readonly providerSource?: IncusProviderSource;
  /** Version constraint for the official provider, e.g. "~> 1.0". @default none (the newest) */
  readonly providerVersion?: string;
  /**
   * The member names (`incus cluster list`) when this remote is an Incus cluster. With them, a StoragePool or
   * Network of this host is created the way a cluster needs it (pending on every member, then cluster-wide), and a
   * `target` that names no member is a synth error instead of a failed apply.
   * @default not a cluster (a `target` is passed through unchecked)
   */
  readonly clusterMembers?: string[];
}
