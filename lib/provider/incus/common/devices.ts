// `device { name, type, properties }` blocks (incus_profile and incus_instance) and Incus' devices map.
// Sets of blocks are kept sorted by name so state is stable across reads.
import type { Validator } from "../../framework";
import { custom, isUnknown, mapOf, oneOf, setBlock, str } from "../../framework";
import type { DevicesMap } from "../../../incus";
import { configValueChecks } from "./input-checks";

/** Device types the official provider accepts. */
export const DEVICE_TYPES = [
  "none",
  "disk",
  "nic",
  "unix-char",
  "unix-block",
  "usb",
  "gpu",
  "infiniband",
  "proxy",
  "unix-hotplug",
  "tpm",
  "pci",
] as const;

/** One device block's value. */
export interface DeviceBlockValue {
  readonly name: string;
  readonly type: string;
  readonly properties: Record<string, string>;
}

const nonEmptyValues: Validator = custom((value) => {
  const empty = Object.entries((value ?? {}) as Record<string, unknown>)
    .filter(([, v]) => v === "")
    .map(([k]) => k);
  if (empty.length)
    return `Device properties must have non-empty values; empty: ${empty.join(", ")}. Leave the key out instead.`;
  return undefined;
}, "property values must be non-empty");

/** The schema of a `device` set block (its literal type, so models know its attributes). */
export function deviceBlock() {
  return setBlock(
    {
      name: str({ required: true, description: "Device name." }),
      type: str({ required: true, description: "Device type.", validators: [oneOf(DEVICE_TYPES)] }),
      properties: mapOf("string", {
        required: true,
        description: "Device settings.",
        validators: [nonEmptyValues, configValueChecks()],
      }),
    },
    { description: "A device of the object (disk, nic, proxy, ...)." },
  );
}

/** Blocks → the devices map Incus takes (the `type` goes into the map). */
export function devicesFromBlocks(blocks: readonly DeviceBlockValue[] | null | undefined): DevicesMap {
  const out: DevicesMap = {};
  for (const block of blocks ?? []) {
    const props: Record<string, string> = {};
    for (const [k, v] of Object.entries(block.properties ?? {})) if (v !== null && v !== undefined) props[k] = v;
    out[block.name] = { ...props, type: block.type };
  }
  return out;
}

/**
 * The devices map Incus reports → blocks sorted by name. A property the user set to null (`readonly =
 * var.readonly` with the variable null) is never sent, so Incus does not report it; it is kept as null from
 * `prior` (the plan or the prior state), as the official provider does, so the state after an apply equals its
 * plan and the next plan is empty.
 */
export function devicesToBlocks(devices: DevicesMap | null | undefined, prior?: unknown): DeviceBlockValue[] {
  const nulls = nullPropertiesByDevice(prior);
  return Object.keys(devices ?? {})
    .sort()
    .map((name) => {
      const { type, ...properties } = (devices as DevicesMap)[name];
      const kept: Record<string, string | null> = { ...properties };
      for (const key of nulls.get(name) ?? []) if (!(key in kept)) kept[key] = null;
      return { name, type: type ?? "none", properties: kept as Record<string, string> };
    });
}

/** Device name → the property keys set to null in `blocks` (a device set value; unknowns are skipped). */
function nullPropertiesByDevice(blocks: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!Array.isArray(blocks)) return out;
  for (const block of blocks as unknown[]) {
    if (block === null || typeof block !== "object" || isUnknown(block)) continue;
    const { name, properties } = block as { name?: unknown; properties?: unknown };
    if (typeof name !== "string" || properties === null || typeof properties !== "object" || isUnknown(properties))
      continue;
    const keys = Object.entries(properties as Record<string, unknown>)
      .filter(([, v]) => v === null)
      .map(([k]) => k);
    if (keys.length) out.set(name, keys);
  }
  return out;
}
