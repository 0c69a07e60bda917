// Which disk devices of an instance use a custom volume, and taking them away from (or giving them back to) a
// running instance. A disk device names its volume by pool + source; Incus hot-unplugs it when the device leaves
// the instance's config and hot-plugs it when it comes back.
import type { CallOptions, UpdateOptions } from "./api";
import type { Instance, InstancesApi } from "./instances";
import type { DevicesMap } from "./types";

/** Names of the disk devices in `devices` that attach custom volume `pool`/`volume`, sorted. */
export function volumeDeviceNames(devices: DevicesMap | null | undefined, pool: string, volume: string): string[] {
  return Object.entries(devices ?? {})
    .filter(([, d]) => d.type === "disk" && d.pool === pool && d.source === volume)
    .map(([name]) => name)
    .sort();
}

/** The custom volumes an instance's disks use (profiles included), as pool + volume name. */
export function attachedCustomVolumes(
  instance: Pick<Instance, "devices" | "expanded_devices">,
): { pool: string; volume: string; device: string }[] {
  const devices = instance.expanded_devices ?? instance.devices ?? {};
  return Object.entries(devices)
    .filter(([, d]) => d.type === "disk" && d.pool && d.source && d.path !== "/" && !d.source.includes("/"))
    .map(([device, d]) => ({ pool: d.pool, volume: d.source, device }))
    .sort((a, b) => (a.device < b.device ? -1 : a.device > b.device ? 1 : 0));
}

/** Result of detachVolume. */
export interface DetachResult {
  /** Devices removed from the instance's own config, as they were (to put them back, see attachDevices). */
  readonly removed: DevicesMap;
  /** Devices that attach the volume through a profile (left alone: the profile is another object). */
  readonly viaProfiles: readonly string[];
}

/**
 * Removes the instance's own disk devices that attach `pool`/`volume` (one PUT, guarded by the ETag read with
 * the instance, so a concurrent change fails instead of being overwritten). A running instance keeps running.
 */
export async function detachVolume(
  instances: InstancesApi,
  instance: string,
  pool: string,
  volume: string,
  call: CallOptions = {},
): Promise<DetachResult> {
  const { value: live, etag } = await instances.get(instance, call);
  const names = volumeDeviceNames(live.devices, pool, volume);
  const viaProfiles = volumeDeviceNames(live.expanded_devices, pool, volume).filter((d) => !names.includes(d));
  const removed: DevicesMap = {};
  for (const name of names) removed[name] = live.devices[name];
  if (names.length > 0) {
    const devices = { ...live.devices };
    for (const name of names) delete devices[name];
    await putDevices(instances, live, devices, { ...call, etag });
  }
  return { removed, viaProfiles };
}

/**
 * Adds `devices` to the instance's own config where no device of that name exists (one ETag-guarded PUT; none when
 * nothing is missing). Returns the names added; a running instance gets them hot-plugged.
 */
export async function attachDevices(
  instances: InstancesApi,
  instance: string,
  devices: DevicesMap,
  call: CallOptions = {},
): Promise<string[]> {
  const { value: live, etag } = await instances.get(instance, call);
  const missing = Object.keys(devices)
    .filter((name) => !(live.devices ?? {})[name])
    .sort();
  if (missing.length === 0) return [];
  const next = { ...live.devices };
  for (const name of missing) next[name] = devices[name];
  await putDevices(instances, live, next, { ...call, etag });
  return missing;
}

async function putDevices(
  instances: InstancesApi,
  live: Instance,
  devices: DevicesMap,
  options: UpdateOptions,
): Promise<void> {
  await instances.update(
    live.name,
    {
      architecture: live.architecture,
      config: live.config,
      devices,
      profiles: live.profiles,
      description: live.description,
      ephemeral: live.ephemeral,
      stateful: live.stateful,
    },
    options,
  );
}
