// Config keys an Incus cluster member holds for itself: a clustered pool or network is created pending on every
// member with these, then cluster-wide with the rest. The constructs split the config by them; the provider keeps
// only these in the state of a member part.

/** Storage pool config keys of a cluster member. */
export const MEMBER_POOL_KEYS: readonly string[] = [
  "source",
  "size",
  "zfs.pool_name",
  "lvm.thinpool_name",
  "lvm.vg_name",
];

/** Network config keys of a cluster member. */
export const MEMBER_NETWORK_KEYS: readonly string[] = [
  "bridge.external_interfaces",
  "parent",
  "bgp.ipv4.nexthop",
  "bgp.ipv6.nexthop",
];
