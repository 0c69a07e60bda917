// Sizes in the 0.9.x shapes come as a number plus a unit attribute mirroring libvirt's XML (`capacity` +
// `capacity_unit`, `memory` + `memory_unit`). libvirt reports bytes (volumes) or KiB (memory); state keeps the
// user's unit so that a plan after apply is empty.
import { bytesPerUnit } from "../../../libvirt/xml";

export const SIZE_UNITS = [
  "bytes",
  "B",
  "KiB",
  "KB",
  "K",
  "MiB",
  "MB",
  "M",
  "GiB",
  "GB",
  "G",
  "TiB",
  "TB",
  "T",
] as const;

// libvirt's units up to T, in any case; libvirt also knows P units, which the provider's schemas do not offer.
const ACCEPTED_UNITS: ReadonlySet<string> = new Set(SIZE_UNITS.map((u) => u.toLowerCase()));

/** Bytes in one `unit`, or undefined when the provider does not accept the unit. */
function acceptedUnitBytes(unit: string): number | undefined {
  return ACCEPTED_UNITS.has(unit.toLowerCase()) ? bytesPerUnit(unit) : undefined;
}

function unitMultiplier(unit: string, what: string): number {
  const m = acceptedUnitBytes(unit);
  if (m === undefined) throw new Error(`${what}: unknown unit "${unit}"; use one of ${SIZE_UNITS.join(", ")}`);
  return m;
}

/** value × unit in bytes; throws when the result is not a safe whole number. */
export function toBytes(value: number, unit: string, what: string): number {
  const bytes = value * unitMultiplier(unit, what);
  if (!Number.isSafeInteger(bytes))
    throw new Error(`${what}: ${value} ${unit} is not a whole number of bytes below 2^53`);
  return bytes;
}

/**
 * `bytes` expressed in `preferredUnit` when it divides evenly, else in `fallbackUnit` (which must divide
 * evenly, e.g. "bytes" or "KiB"), so a value that libvirt rounded never turns into a fraction.
 */
export function fromBytes(bytes: number, preferredUnit: string, fallbackUnit: string): { value: number; unit: string } {
  const m = acceptedUnitBytes(preferredUnit);
  if (m !== undefined && bytes % m === 0) return { value: bytes / m, unit: preferredUnit };
  return { value: bytes / unitMultiplier(fallbackUnit, "unit"), unit: fallbackUnit };
}
