// What a change of an Incus instance's cloud-init data does. cloud-init runs on the first boot of a root disk only,
// so a new user-data on a running instance changes nothing inside it (lxc/terraform-provider-incus#271). "rebuild"
// rebuilds the root disk in place from the instance's image (see image-change.ts), so the new data runs on a clean
// system; "update" only writes the new config (the official provider's behaviour). The constructs write the record;
// the bundled provider reads it when it plans a cloud-init change. Without the record a change is a plain update.

/** How an Incus instance takes new cloud-init data (the public enum, upper case as users write it). */
export enum CloudInitChange {
  /** The root disk is rebuilt in place from the image, so cloud-init runs again with the new data. */
  REBUILD = "REBUILD",
  /** Only the config is written; cloud-init does not run again (the official provider's behaviour). */
  UPDATE = "UPDATE",
}

/** The recorded spelling: "rebuild" or "update". */
export type CloudInitChangeName = Lowercase<`${CloudInitChange}`>;

/** Config key on an Incus instance recording what a change of its cloud-init data does. */
export const CLOUD_INIT_CHANGE_CONFIG_KEY = "user.cdktf-virt.cloud-init-change";

/**
 * The instance config keys cloud-init reads on first boot: Incus's `cloud-init.*` keys and the older `user.*`
 * spellings Incus still honours.
 */
export const CLOUD_INIT_CONFIG_KEYS: readonly string[] = [
  "cloud-init.user-data",
  "cloud-init.vendor-data",
  "cloud-init.network-config",
  "user.user-data",
  "user.vendor-data",
  "user.network-config",
];

/** The recorded spelling of `change`. */
export function encodeCloudInitChange(change: CloudInitChange): CloudInitChangeName {
  return change.toLowerCase() as CloudInitChangeName;
}

/** What a record asks for, in any case; "update" when absent or not one of the names (the official behaviour). */
export function decodeCloudInitChange(value: string | null | undefined): CloudInitChangeName {
  return value?.trim().toLowerCase() === "rebuild" ? "rebuild" : "update";
}
