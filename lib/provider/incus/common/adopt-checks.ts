// Adopt-on-create beyond the ownership marker. The marker ("<stack>/<construct path>") is predictable: anyone who
// can create objects on the host can put it on one. So an object that carries it but cannot be what this
// configuration creates (another pool driver, another volume content type, an instance of another type or image) is
// refused with both values and the import command, and one that is adopted has what the configuration does not set
// (devices, config keys) named in a warning, with what the converge does to it, instead of being carried silently.
import type { AttrPath, Diagnostics } from "../../framework";
import { isUnknown } from "../../framework";
import type { ConfigMap, DevicesMap } from "../../../incus";

/** An attribute that fixes what an object is, and its two values. */
export interface AdoptionMismatch {
  /** As the user knows it, e.g. "driver" or "volatile.base_image". */
  readonly attribute: string;
  readonly existing: string;
  readonly planned: string;
}

/** Attributes of the single-object resources that an object cannot change into: a difference is a different object. */
const IDENTITY_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  incus_storage_pool: ["driver"],
  incus_storage_volume: ["type", "content_type"],
  incus_network: ["type"],
};

/** The first identity attribute of `kind` whose existing value differs from a known planned one. */
export function identityMismatch(kind: string, existing: object, planned: object): AdoptionMismatch | undefined {
  const live = existing as Readonly<Record<string, unknown>>;
  const plan = planned as Readonly<Record<string, unknown>>;
  for (const attribute of IDENTITY_ATTRIBUTES[kind] ?? []) {
    const want = plan[attribute];
    const have = live[attribute];
    if (typeof want !== "string" || want === "" || typeof have !== "string") continue;
    if (have !== want) return { attribute, existing: have, planned: want };
  }
  return undefined;
}

export interface RefusalTarget {
  readonly kind: string;
  readonly name: string;
  readonly importId: string;
  readonly diagnostics: Diagnostics;
  readonly path?: AttrPath;
}

/** Records the error for a marked object that does not match the configuration; it is left untouched. */
export function refuseMismatch(target: RefusalTarget, mismatch: AdoptionMismatch): void {
  target.diagnostics.error(
    `${target.kind} ${JSON.stringify(target.name)} already exists and cannot be adopted`,
    `It carries this configuration's ownership marker, but its ${mismatch.attribute} is ${JSON.stringify(
      mismatch.existing,
    )}, ` +
      `the configuration creates ${JSON.stringify(
        mismatch.planned,
      )}. The marker is predictable, so an object that cannot be ` +
      "what this configuration created is not taken over; it was left untouched. To manage it with this configuration on " +
      `purpose, import it:\n  terraform import ${target.kind}.<resource name> ${target.importId}\nor delete it, or choose another name.`,
    target.path ?? ["name"],
  );
}

/** Config prefixes that are Incus's own bookkeeping: no configuration sets them, so they are never listed. */
const INCUS_OWN_PREFIXES = ["volatile.", "image."];

const isIncusOwn = (key: string): boolean => INCUS_OWN_PREFIXES.some((p) => key.startsWith(p));

/** A device as the user reads it: `device "hostroot" (disk, source=/, path=/mnt/host)`. */
export function describeDevice(name: string, device: Readonly<Record<string, string>>): string {
  const first = ["source", "path", "pool"];
  const keys = [
    ...first.filter((k) => k in device),
    ...Object.keys(device)
      .filter((k) => k !== "type" && !first.includes(k))
      .sort(),
  ];
  const shown = keys.map((k) => `${k}=${cut(device[k])}`);
  return `device ${JSON.stringify(name)} (${[device.type ?? "?", ...shown].join(", ")})`;
}

const cut = (value: string): string => (value.length > 60 ? `${value.slice(0, 57)}...` : value);

/** The names of the planned device blocks; undefined when not known yet. */
export function plannedDeviceNames(blocks: unknown): readonly string[] | undefined {
  if (isUnknown(blocks)) return undefined;
  if (!Array.isArray(blocks)) return [];
  const names = blocks.map((b: { readonly name?: unknown } | null) => b?.name);
  return names.some((n) => typeof n !== "string") ? undefined : (names as string[]);
}

/** What an existing object holds that the configuration does not set. */
export interface Extras {
  /** Device names (not in the plan). */
  readonly devices: readonly string[];
  /** Config keys (not in the plan, not Incus's own). */
  readonly config: readonly string[];
}

/**
 * The devices and config keys of `existing` that the plan does not set (Incus's own keys left out). Devices are
 * compared only when the plan's are known.
 */
export function extrasOf(
  existing: { readonly config?: ConfigMap | null; readonly devices?: DevicesMap | null },
  plannedConfig: ConfigMap,
  plannedDevices: readonly string[] | undefined,
): Extras {
  const config = Object.keys(existing.config ?? {})
    .filter((k) => !(k in plannedConfig) && !isIncusOwn(k))
    .sort();
  const devices =
    plannedDevices === undefined
      ? []
      : Object.keys(existing.devices ?? {})
          .filter((d) => !plannedDevices.includes(d))
          .sort();
  return { devices, config };
}

/** The extras listed in a warning, each with what the converge does to it. */
export interface AdoptedExtras {
  readonly removed: readonly string[];
  readonly kept: readonly string[];
  /** Checks that could not be made (e.g. an image whose fingerprint is not known here). */
  readonly notes: readonly string[];
}

/** Extras in words: devices described, config keys with their values cut short. */
export function describeExtras(
  names: Extras,
  existing: { readonly config?: ConfigMap | null; readonly devices?: DevicesMap | null },
): string[] {
  return [
    ...names.devices.map((d) => describeDevice(d, existing.devices?.[d] ?? {})),
    ...names.config.map((k) => `config ${k}=${JSON.stringify(cut(existing.config?.[k] ?? ""))}`),
  ];
}

/**
 * The warning for an adopted object, or nothing when there is nothing to say (the usual resume: the object a
 * killed run created holds exactly what the plan set, plus Incus's own keys).
 */
export function warnAdopted(diagnostics: Diagnostics, kind: string, name: string, extras: AdoptedExtras): void {
  if (extras.removed.length + extras.kept.length + extras.notes.length === 0) return;
  const lines = [
    ...(extras.removed.length
      ? [`Removed by the converge (Incus replaces config and devices on update): ${extras.removed.join("; ")}.`]
      : []),
    ...(extras.kept.length
      ? [`Kept (Incus keeps these keys when an update leaves them out): ${extras.kept.join("; ")}.`]
      : []),
    ...extras.notes,
  ];
  diagnostics.warning(
    `Adopted ${kind} ${JSON.stringify(name)} held settings this configuration does not set`,
    "It carries this configuration's ownership marker and was taken over (a previous run may have died right after " +
      "creating it; but anyone who can create objects on this host can set the marker too).\n" +
      lines.join("\n") +
      "\nIf this configuration did not create it, find out what ran with those settings, delete it and apply again.",
    ["name"],
  );
}
