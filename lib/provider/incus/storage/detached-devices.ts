// Disks a volume delete took away from instances, remembered for the rest of this provider process (one apply).
// A volume removed from the code is gone for good and its devices are not wanted back. But a *replaced* volume is
// deleted and then created again under the same name in the same apply, while the instance using it has no change
// planned (its device names the same pool and volume): the create puts the devices back, so the instance ends up
// with the new volume attached and the next plan stays empty. If the process dies in between, that plan shows the
// missing device and the next apply adds it.
import type { CallOptions, DevicesMap, IncusClient } from "../../../incus";
import { ignoreNotFound } from "../../../incus";
import { attachDevices } from "../../../incus/volume-attachments";

interface Detached {
  readonly instance: string;
  readonly call: CallOptions;
  readonly devices: DevicesMap;
}

const detached = new Map<string, Detached[]>();

function keyOf(remote: string, project: string | undefined, pool: string, name: string): string {
  return JSON.stringify([remote, project ?? "default", pool, name]);
}

/** Records the devices a delete of volume `pool/name` removed from `instance`. */
export function rememberDetached(
  remote: string,
  project: string | undefined,
  pool: string,
  name: string,
  entry: Detached,
): void {
  const key = keyOf(remote, project, pool, name);
  detached.set(key, [...(detached.get(key) ?? []), entry]);
}

/**
 * After volume `pool/name` was created: gives its devices back to the instances a delete of the same volume took
 * them from in this process (where the instance still exists and has no device of that name). Returns what it did.
 */
export async function reattachDetached(
  client: IncusClient,
  remote: string,
  project: string | undefined,
  pool: string,
  name: string,
  signal?: AbortSignal,
): Promise<{ instance: string; devices: string[] }[]> {
  const key = keyOf(remote, project, pool, name);
  const entries = detached.get(key) ?? [];
  detached.delete(key);
  const done: { instance: string; devices: string[] }[] = [];
  for (const entry of entries) {
    const devices = await ignoreNotFound(
      attachDevices(client.instances, entry.instance, entry.devices, { ...entry.call, signal }),
    );
    if (devices && devices.length > 0) done.push({ instance: entry.instance, devices });
  }
  return done;
}
