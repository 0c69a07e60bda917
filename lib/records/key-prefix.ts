// The prefix of every config key the constructs record on Incus objects. Incus keeps "user.*" keys for its users and
// never interprets them; tools that copy an object's config (import) leave keys with this prefix out.
export const RECORD_KEY_PREFIX = "user.cdktf-virt.";
