// Which disk devices of an instance use a custom volume, and taking them away from a running instance. A disk
// device names its volume by pool + source; Incus hot-unplugs it when the device leaves the instance's config.
import type { CallOptions } from "./api";
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
export function attachedCustomVolumes(instance: Pick<Instance, "devices" | "expanded_devices">): { pool: string; volume: string; device: string }[] {
  const devices = instance.expanded_devices ?? instance.devices ?? {};
  return Object.entries(devices)
    .filter(([, d]) => d.type === "disk" && d.pool && d.source && d.path !== "/" && !d.source.includes("/"))
    .map(([device, d]) => ({ pool: d.pool, volume: d.source, device }))
    .sort((a, b) => (a.device < b.device ? -1 : a.device > b.device ? 1 : 0));
}

/** Result of detachVolume. */
export interface DetachResult {
  /** Devices removed from the instance's own config. */
  readonly removed: readonly string[];
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
  const removed = volumeDeviceNames(live.devices, pool, volume);
  const viaProfiles = volumeDeviceNames(live.expanded_devices, pool, volume).filter((d) => !removed.includes(d));
  if (removed.length > 0) {
    const devices = { ...live.devices };
    for (const name of removed) delete devices[name];
    await instances.update(
      instance,
      {
        architecture: live.architecture,
        config: live.config,
        devices,
        profiles: live.profiles,
        description: live.description,
        ephemeral: live.ephemeral,
        stateful: live.stateful,
      },
      { ...call, etag },
    );
  }
  return { removed, viaProfiles };
}
