// `device { name, type, properties }` blocks (incus_profile and incus_instance) and Incus' devices map.
// Sets of blocks are kept sorted by name so state is stable across reads.
import type { Block, Validator } from "../../framework";
import { custom, mapOf, oneOf, setBlock, str } from "../../framework";
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
  const empty = Object.entries((value ?? {}) as Record<string, unknown>).filter(([, v]) => v === "").map(([k]) => k);
  if (empty.length) return `Device properties must have non-empty values; empty: ${empty.join(", ")}. Leave the key out instead.`;
  return undefined;
}, "property values must be non-empty");

/** The schema of a `device` set block. */
export function deviceBlock(): Block {
  return setBlock(
    {
      name: str({ required: true, description: "Device name." }),
      type: str({ required: true, description: "Device type.", validators: [oneOf(DEVICE_TYPES)] }),
      properties: mapOf("string", { required: true, description: "Device settings.", validators: [nonEmptyValues, configValueChecks()] }),
    },
    { description: "A device of the object (disk, nic, proxy, ...)." },
  );
}

/** Blocks → the devices map Incus takes (the `type` goes into the map). */
export function devicesFromBlocks(blocks: readonly DeviceBlockValue[] | null | undefined): DevicesMap {
  const out: DevicesMap = {};
  for (const block of blocks ?? []) {
    const props: Record<string, string> = {};
    for (const [k, v] of Object.entries(block.properties ?? {})) if (v !== null && v !== undefined) props[k] = String(v);
    out[block.name] = { ...props, type: block.type };
  }
  return out;
}

/** The devices map Incus reports → blocks sorted by name. */
export function devicesToBlocks(devices: DevicesMap | null | undefined): DeviceBlockValue[] {
  return Object.keys(devices ?? {})
    .sort()
    .map((name) => {
      const { type, ...properties } = (devices as DevicesMap)[name];
      return { name, type: type ?? "none", properties };
    });
}
