// What the incus provider's `configure` hands to every resource and data source (ctx.providerData). Kept
// small and stable: resources in other folders code against it.
import type { IncusClient, RemoteInfo } from "../../incus";

/** A configured remote as resources may need to know it (no credentials). */
export type { RemoteInfo };

export interface IncusProviderData {
  /**
   * The client of a remote, created on first use and then shared. `null`, `undefined` or "" mean the
   * default remote. Throws an Error naming the remote and what to fix when the remote is unknown or
   * could not be set up (bad address, missing certificates, failed token trust).
   */
  client(remote?: string | null): IncusClient;
  /** Name of the remote used when a resource leaves `remote` unset. */
  readonly defaultRemote: string;
  /** Budget for waits (instance start, wait_for, operations) from the provider's `wait_timeout`. */
  readonly waitTimeoutMs: number;
  /** The remote's name as it should be recorded, e.g. in import IDs and messages (`remote` or the default). */
  remoteName(remote?: string | null): string;
  /** Names of every configured remote (HCL blocks, the INCUS_* environment remote and config.yml remotes). */
  remoteNames(): readonly string[];
  /**
   * Where a remote points and how to talk to it, e.g. to pull `images:alpine` from a simplestreams server.
   * Throws like `client` when the remote is unknown.
   */
  remoteInfo(remote?: string | null): RemoteInfo;
}
