// The released marker: what RETAIN (and SNAPSHOT, on its final copy) leaves on an object it lets go. Incus: the owner
// marker becomes "released:<old owner>" in place. libvirt storage volumes have no metadata to write, so the record
// is a small raw volume next to the volume in the same pool, "<name>.cdktf-virt-released", whose bytes are the
// released marker. Adopt-on-create wants an exact marker match, so nothing adopts a released object by accident.

/** Prefix of a released object's owner marker: `released:<old owner>`. */
export const RELEASED_OWNER_PREFIX = "released:";

/** The marker a released object carries. */
export function releasedOwner(owner: string | null | undefined): string {
  return `${RELEASED_OWNER_PREFIX}${owner ?? ""}`;
}

/** True when the owner marker says the object was released. */
export function isReleased(owner: string | null | undefined): boolean {
  return typeof owner === "string" && owner.startsWith(RELEASED_OWNER_PREFIX);
}

/** The old owner in a released marker ("released:a/b" → "a/b"); any other value is returned as it is. */
export function releasedBy(marker: string): string {
  return isReleased(marker) ? marker.slice(RELEASED_OWNER_PREFIX.length) : marker;
}

/** Suffix of the name of a libvirt volume's release record. */
export const LIBVIRT_RELEASE_RECORD_SUFFIX = ".cdktf-virt-released";

/** Name of the release record of libvirt volume `name`. */
export function releaseRecordName(name: string): string {
  return `${name}${LIBVIRT_RELEASE_RECORD_SUFFIX}`;
}

/** The bytes of a release record holding `marker` ("released:<old owner>"). */
export function encodeReleaseRecord(marker: string): Buffer {
  return Buffer.from(`${marker}\n`, "utf8");
}

/** The marker a release record holds (a raw volume may come back padded with NULs to its allocation). */
export function decodeReleaseRecord(bytes: Buffer): string {
  return bytes.toString("utf8").replace(/\0+$/, "").trim();
}
