// Plan-time checks of values libvirt would refuse (or, worse, misread) halfway through an apply: names, whole
// numbers within a range, sizes in bytes, MAC addresses. Each records an error on the attribute's path; unknown
// values (known after apply) are left for later.
import type { CtyNumber, Unknown } from "../../cty";
import type { AttrPath, Diagnostics } from "../../framework";
import { formatAttrPath, isUnknown, knownOrNull } from "../../framework";
import { libvirtNameProblem } from "../../../libvirt/names";
import { toBytes } from "./units";

/** A number or string attribute's value, as a model holds it while planning. */
type NumberValue = CtyNumber | Unknown | null | undefined;
type StringValue = string | Unknown | null | undefined;

/** "capacity", "devices.interfaces[0].mac.address": the path as a user writes it. */
function where(path: AttrPath): string {
  return formatAttrPath(path).replace(/^\./, "");
}

/** A cty number (number, bigint or decimal) as a JS number; undefined for null/unknown. */
function numberOf(value: NumberValue): number | undefined {
  const known = knownOrNull(value ?? null);
  if (known === null) return undefined;
  return typeof known === "number" ? known : Number(String(known));
}

/** The name must be one libvirt takes as a file name and virsh as an argument. */
export function checkName(value: StringValue, path: AttrPath, kind: string, diagnostics: Diagnostics): void {
  if (typeof value !== "string") return;
  const problem = libvirtNameProblem(value);
  if (problem)
    diagnostics.error(
      `Invalid ${kind} name`,
      `${where(path)} ${JSON.stringify(value)} cannot be used: ${problem}.`,
      path,
    );
}

/** A whole number in [min, max]; returns it when it is one. */
export function checkWholeNumber(
  value: NumberValue,
  path: AttrPath,
  min: number,
  max: number,
  diagnostics: Diagnostics,
): number | undefined {
  const n = numberOf(value);
  if (n === undefined) return undefined;
  if (Number.isInteger(n) && n >= min && n <= max) return n;
  const what = !Number.isInteger(n) ? "a whole number" : n < min ? `at least ${min}` : `at most ${max}`;
  diagnostics.error(
    "Invalid number",
    `${where(path)} must be ${what} (from ${min} to ${max}), got ${String(value)}.`,
    path,
  );
  return undefined;
}

/** A size: a whole number of at least `min` whose value in `unit` is a whole number of bytes below 2^53. */
export function checkSize(
  value: NumberValue,
  unit: StringValue,
  path: AttrPath,
  min: number,
  diagnostics: Diagnostics,
): number | undefined {
  const n = checkWholeNumber(value, path, min, Number.MAX_SAFE_INTEGER, diagnostics);
  if (n === undefined || isUnknown(unit)) return undefined;
  const unitName = typeof unit === "string" ? unit : "bytes";
  try {
    return toBytes(n, unitName, where(path));
  } catch (err) {
    diagnostics.error("Invalid size", `${(err as Error).message}.`, path);
    return undefined;
  }
}

/** A unicast MAC address written as six hex pairs (libvirt refuses a multicast one). */
export function checkMac(value: StringValue, path: AttrPath, diagnostics: Diagnostics): void {
  if (typeof value !== "string") return;
  if (!/^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/.test(value)) {
    diagnostics.error(
      "Invalid MAC address",
      `${where(path)} ${JSON.stringify(value)} is not a MAC address like 52:54:00:12:34:56.`,
      path,
    );
  } else if ((parseInt(value.slice(0, 2), 16) & 1) === 1) {
    diagnostics.error(
      "Invalid MAC address",
      `${where(
        path,
      )} ${value} is a multicast address; a NIC needs a unicast one (even first octet, e.g. 52:54:00:...).`,
      path,
    );
  }
}
