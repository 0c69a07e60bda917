// Incus device maps (the `devices` props of Profile and Instance) as the provider's sorted `device` blocks.
import type { Construct } from "constructs";
import type { IncusDeviceConfig } from "../../bindings";
import type { DeviceSpec } from "../model/device-spec";
import { fail } from "./errors";

/** Device map → sorted `device` blocks; checks every property value is non-empty (the provider requires it). */
export function devicesToBlocks(
  scope: Construct,
  kind: string,
  devices: { readonly [name: string]: DeviceSpec } | undefined,
): IncusDeviceConfig[] | undefined {
  if (devices === undefined) return undefined;
  return Object.keys(devices)
    .sort()
    .map((name) => {
      const device = devices[name];
      for (const [key, value] of Object.entries(device.properties ?? {})) {
        if (value === "")
          fail(
            scope,
            kind,
            "devices",
            `device "${name}" property "${key}" is empty; Incus needs a value (omit the key instead)`,
          );
      }
      return { name, type: device.type, properties: { ...device.properties } };
    });
}
