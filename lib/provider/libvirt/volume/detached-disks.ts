// Disks a volume delete took away from running domains, remembered for the rest of this provider process (one
// apply). A volume removed from the code is gone for good and its disks are not wanted back. But a *replaced* volume
// is deleted and then created again under the same name in the same apply, while the domain using it has no change
// planned (its disk names the same pool and volume): the create plugs the disks back in, so the domain ends up with
// the new volume and the next plan stays empty. If the process dies in between, that plan shows the missing disk
// and the next apply adds it.
import type { LibvirtClient, VirshCallOptions } from "../../../libvirt";

interface Detached {
  readonly domain: string;
  readonly target: string;
  /** The <disk> element as the domain's definition had it. */
  readonly diskXml: string;
}

const detached = new Map<string, Detached[]>();

function keyOf(uri: string, pool: string, name: string): string {
  return JSON.stringify([uri, pool, name]);
}

/** Records a disk a delete of volume `pool/name` took from a domain. */
export function rememberDetached(uri: string, pool: string, name: string, entry: Detached): void {
  const key = keyOf(uri, pool, name);
  detached.set(key, [...(detached.get(key) ?? []), entry]);
}

/**
 * After volume `pool/name` was created: plugs its disks back into the domains a delete of the same volume took
 * them from in this process (where the domain still exists and has no disk on that device). Returns what it did.
 */
export async function reattachDetached(
  client: LibvirtClient,
  uri: string,
  pool: string,
  name: string,
  gracefulTimeoutMs: number,
  call: VirshCallOptions,
): Promise<Array<{ domain: string; target: string; how: string }>> {
  const key = keyOf(uri, pool, name);
  const entries = detached.get(key) ?? [];
  detached.delete(key);
  const done: Array<{ domain: string; target: string; how: string }> = [];
  for (const entry of entries) {
    if (!(await client.domains.find(entry.domain, call))) continue; // replaced or removed meanwhile
    if ((await client.domains.diskElementXml(entry.domain, entry.target, call)) !== undefined) continue; // already back
    const how = await client.domains.attachDisk(entry.domain, entry.diskXml, { gracefulTimeoutMs }, call);
    done.push({ domain: entry.domain, target: entry.target, how });
  }
  return done;
}
