// The names of the ownership marker, in one place for everyone who writes or reads it: the constructs
// (lib/lifecycle) write it, the incus provider and lib/libvirt read it. This file imports nothing, so the
// lowest layers and the bundled providers can depend on it without pulling in any other layer.

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
