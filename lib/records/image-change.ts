// What a change of an Incus instance's image does: rebuild its root disk in place (Incus's rebuild API: the same
// instance, config, devices, MAC and attached volumes, a new root disk from the new image) or replace the instance
// (delete, then create, as the official provider always does). The constructs write the record into the instance's
// config; the bundled provider reads it when it plans an image change. Without the record an image change replaces.

/** How an Incus instance takes a new image (the public enum, upper case as users write it). */
export enum ImageChange {
  /** A new root disk from the new image; the instance, its address and its volumes stay. */
  REBUILD = "REBUILD",
  /** A new instance: the old one is deleted, then the new one created (the official provider's behaviour). */
  REPLACE = "REPLACE",
}

/** The recorded spelling: "rebuild" or "replace". */
export type ImageChangeName = Lowercase<`${ImageChange}`>;

/** Config key on an Incus instance recording what a change of its image does. */
export const IMAGE_CHANGE_CONFIG_KEY = "user.cdktf-virt.image-change";

/** The recorded spelling of `change`. */
export function encodeImageChange(change: ImageChange): ImageChangeName {
  return change.toLowerCase() as ImageChangeName;
}

/** What a record asks for, in any case; "replace" when absent or not one of the names (the official behaviour). */
export function decodeImageChange(value: string | null | undefined): ImageChangeName {
  return value?.trim().toLowerCase() === "rebuild" ? "rebuild" : "replace";
}
