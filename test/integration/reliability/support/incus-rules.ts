// What the real Incus 6.0 daemon accepts, written independently of the constructs' own validation so fuzzing can
// check "whatever the constructs accept, Incus accepts too". Each rule was measured against incusd (the table in
// incus-rules.test.ts re-checks them on every run), not copied from lib/constructs.

/** The kinds of named objects the constructs create on an Incus host. */
export type IncusObjectKind = "instance" | "network" | "project" | "profile" | "storage-pool" | "volume";

/** Incus rejects these characters in every object name (path separators, whitespace, control characters). */
const NEVER_IN_NAMES = /[\s/\u0000-\u001f\u007f]/;

/**
 * Why Incus would reject `name` for `kind`, or undefined when it accepts it.
 * - instances: hostnames: 1-63 alphanumerics or '-', not ending with '-', not purely digits ("Name can only contain
 *   alphanumeric and hyphen characters", "Name must not end with "-" character", "Name must be 1-63 characters").
 * - networks: the bridge is a Linux interface: at most 15 bytes, no whitespace or '/'.
 * - projects: no '_' ("Project names may not contain underscores"), no ':' (it separates the remote on the CLI).
 * - everything: not empty, not "." or "..", no whitespace, '/' or control characters.
 */
export function incusNameProblem(kind: IncusObjectKind, name: string): string | undefined {
  if (name.length === 0) return "empty";
  if (name === "." || name === "..") return "a dot name";
  if (NEVER_IN_NAMES.test(name)) return "whitespace, '/' or a control character";
  switch (kind) {
    case "instance":
      if (name.length > 63) return "longer than 63";
      if (!/^[A-Za-z0-9-]+$/.test(name)) return "not alphanumeric or '-'";
      if (name.startsWith("-") || name.endsWith("-")) return "starts or ends with '-'";
      if (/^\d+$/.test(name)) return "a number";
      return undefined;
    case "network":
      if (Buffer.byteLength(name) > 15) return "longer than 15 bytes";
      return undefined;
    case "project":
      if (name.includes("_")) return "contains '_'";
      if (name.includes(":")) return "contains ':'";
      return undefined;
    default:
      return undefined;
  }
}

/**
 * Why Incus would reject `size` as a byte size (`config.size`, `limits.memory`), or undefined when it accepts it.
 * Incus parses digits followed by an optional unit and nothing else: no decimals ("1.5GiB"), no spaces
 * ("10 GiB", " 16MiB"); IEC (KiB…EiB) and SI (kB…EB) units.
 */
export function incusSizeProblem(size: string): string | undefined {
  const m = /^(\d+)(B|KiB|MiB|GiB|TiB|PiB|EiB|kB|MB|GB|TB|PB|EB)?$/.exec(size);
  if (!m) return "not digits followed by a unit";
  if (/^0+$/.test(m[1])) return "zero";
  return undefined;
}

/** Calibration cases for incus-rules.test.ts: [kind, name (after the test prefix), accepted by Incus]. */
export const NAME_CALIBRATION: readonly (readonly [IncusObjectKind, string, boolean])[] = [
  ["instance", "-UPPER-9", true],
  ["instance", ".dot", false],
  ["instance", "_under", false],
  ["instance", "-trailing-", false],
  ["instance", `-${"a".repeat(63 - "t-rel-xxxxxxxx-".length)}`, true],
  ["instance", `-${"a".repeat(64 - "t-rel-xxxxxxxx-".length)}`, false],
  ["project", "-dot.ok", true],
  ["project", "_under", false],
  ["profile", "_under.ok", true],
  ["volume", "_under..ok", true],
  ["volume", "-trailing-", true],
  ["storage-pool", "_under.ok", true],
  ["network", "_", true],
  ["network", "_n", false],
];

/** Calibration cases for sizes: [config.size of a custom volume, accepted by Incus]. */
export const SIZE_CALIBRATION: readonly (readonly [string, boolean])[] = [
  ["16MiB", true],
  ["16MB", true],
  ["16777216", true],
  ["1.5GiB", false],
  ["10 GiB", false],
  [" 16MiB", false],
  ["16mib", false],
];
