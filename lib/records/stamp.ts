// The time stamp in the names the providers give what they keep (final copies, snapshots before a rebuild).

/** UTC time as `yyyymmddThhmmssZ`: sorts by time, valid in Incus and libvirt object names. */
export function utcStamp(at: Date = new Date()): string {
  return at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/** A regular expression source matching one utcStamp. */
export const UTC_STAMP_PATTERN = "\\d{8}T\\d{6}Z";
