// Config keys and marker names in one place for everyone who writes or reads them: the constructs (lib/lifecycle)
// write them; the incus provider, lib/libvirt and the tooling read them. This file imports nothing, so the lowest
// layers, the bundled providers and the tooling can depend on it without loading cdktf or any other layer.

/** Config key holding "<stack>/<construct path>" on every Incus object the constructs create. */
export const OWNER_CONFIG_KEY = "user.cdktf-virt.owner";

/**
 * Config key set to "true" on protected Incus volumes. prevent_destroy lives only in the configuration, so when a
 * volume is removed from the code the guard goes with it; this key travels with the object (and its state) so a
 * provider can still refuse to plan its destruction.
 */
export const PROTECT_CONFIG_KEY = "user.cdktf-virt.protect";

/** XML namespace of the libvirt metadata element carrying the marker (the namespace decides, not the prefix). */
export const LIBVIRT_OWNER_NAMESPACE = "https://cdktf-virt.dev/xmlns/owner";
/** Prefix and local name the marker element is written with: `<cdktf-virt:owner>`. */
export const LIBVIRT_OWNER_PREFIX = "cdktf-virt";
export const LIBVIRT_OWNER_ELEMENT = "owner";

/**
 * XML namespace of the libvirt domain metadata element that asks for snapshots before a rebuild (libvirt volumes
 * have no metadata, so the domain carries the request):
 * `<rs:rebuild-snapshots xmlns:rs="…"><rs:volume pool="p" name="v" keep="3"/></rs:rebuild-snapshots>`.
 */
export const LIBVIRT_REBUILD_SNAPSHOTS_NAMESPACE = "https://cdktf-virt.dev/xmlns/rebuild-snapshots";
export const LIBVIRT_REBUILD_SNAPSHOTS_PREFIX = "cdktf-virt-rs";

/** Incus refuses to delete an instance with this config key set to "true". */
export const INCUS_DELETE_PROTECTION_KEY = "security.protection.delete";

/**
 * Config key recording a volume's lifecycle kind ("ephemeral", "persistent", "shared"), written by the constructs
 * so tooling reads the model instead of inferring it (libvirt: the same word in the object's metadata).
 */
export const LIFECYCLE_CONFIG_KEY = "user.cdktf-virt.lifecycle";

/**
 * Config key carrying an object's removal policy ("protect", "retain", "snapshot", "destroy"), written by the
 * constructs and carried out by the bundled providers on Delete, whatever path leads to the delete.
 */
export const REMOVAL_POLICY_CONFIG_KEY = "user.cdktf-virt.removal-policy";

/** Config key on a persistent volume: snapshot it before the instance using it is deleted or rebuilt; value = how many such snapshots to keep. */
export const SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY = "user.cdktf-virt.snapshot-before-rebuild";

/**
 * Prefix of a released object's owner marker: `released:<old owner>` (removal policy RETAIN, and SNAPSHOT's final
 * copies). Adopt-on-create wants an exact marker match, so nothing adopts a released object by accident.
 */
export const RELEASED_OWNER_PREFIX = "released:";

/**
 * Config key a configuration sets to adopt a released object of the planned name on purpose: "released" takes any
 * released object, "released:<old owner>" only the one that owner released. It never takes over an owned object.
 */
export const ADOPT_CONFIG_KEY = "user.cdktf-virt.adopt";

/** Config key on a final copy (removal policy SNAPSHOT): "<pool>/<name>" of the volume it was copied from. */
export const FINAL_COPY_OF_CONFIG_KEY = "user.cdktf-virt.final-copy-of";

/**
 * Storage pool config keys an Incus cluster member holds for itself: a clustered pool is created pending on every
 * member with these, then cluster-wide with the rest (the constructs split the config; the provider keeps only these
 * in the state of a member part).
 */
export const MEMBER_POOL_KEYS: readonly string[] = ["source", "size", "zfs.pool_name", "lvm.thinpool_name", "lvm.vg_name"];

/** Network config keys an Incus cluster member holds for itself (see MEMBER_POOL_KEYS). */
export const MEMBER_NETWORK_KEYS: readonly string[] = ["bridge.external_interfaces", "parent", "bgp.ipv4.nexthop", "bgp.ipv6.nexthop"];
