// What the libvirt provider's `configure` hands to every resource (ctx.providerData).
import type { LibvirtClient } from "../../libvirt";
import type { RecentDomainLookups } from "./domain/recent-lookups";

/** The environment variable with the default graceful-shutdown budget, in seconds. */
export const SHUTDOWN_TIMEOUT_ENV = "CDKTF_VIRT_LIBVIRT_SHUTDOWN_TIMEOUT";

export interface LibvirtProviderData {
  /** The connection's client. Throws when the provider's `uri` is not known yet (an unknown value in a plan). */
  client(): LibvirtClient;
  /** The connection URI, as shown in messages. */
  readonly uri: string;
  /** Default graceful-shutdown budget (ms) when a domain sets no `update.shutdown.timeout` / `destroy.shutdown.timeout`. */
  readonly shutdownTimeoutMs: number;
  /** This session's adoption-preview lookups, for the create that follows its plan (see recent-lookups.ts). */
  readonly recentDomainLookups?: RecentDomainLookups;
}
