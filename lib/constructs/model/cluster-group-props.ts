// The props of a ClusterGroup (Incus clusters only): a named set of members instances can be placed on with
// `target: "@<group>"`.
import type { IHost, IncusOnly } from "./host";

export interface ClusterGroupProps<H extends IHost = IHost> {
  /** An IncusHost that is a cluster (`clusterMembers` given); a compile error on a LibvirtHost. */
  readonly host: IncusOnly<H, H>;
  /** Letters, digits, '.', '_' or '-'. @default derived from the construct path */
  readonly name?: string;
  /** The members in the group: names from the host's `clusterMembers`. @default none */
  readonly members?: readonly string[];
  /** @default none */
  readonly description?: string;
}
