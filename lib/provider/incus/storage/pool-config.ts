// The storage pool a volume lives on decides which of the volume's config keys Incus fills in (its volume.*
// defaults), so reading or writing a volume needs the pool's config. GET of a pool also makes Incus list
// everything that uses the pool (used_by: every volume, instance and profile on it), so its cost grows with the
// pool's contents: asked once per volume, a refresh of N volumes cost O(N²) in incusd (measured: bench/fleet.js,
// BENCHMARKS.md). One read per pool per provider session (one start by Terraform) is enough: the pool resource of
// the same session forgets it whenever it creates, changes or deletes the pool.
import type { IncusClient, StoragePool } from "../../../incus";
import { ignoreNotFound } from "../common";

const pools = new WeakMap<IncusClient, Map<string, Promise<StoragePool | null>>>();

/** The pool's current state, read once per client (session) and pool; null when it does not exist (not kept). */
export function storagePoolOf(client: IncusClient, name: string, signal?: AbortSignal): Promise<StoragePool | null> {
  let byName = pools.get(client);
  if (!byName) pools.set(client, (byName = new Map()));
  const known = byName.get(name);
  if (known) return known;
  const read = ignoreNotFound(client.storagePools.get(name, { signal })).then(
    (found) => {
      if (!found) byName.delete(name); // it may be created later in this session
      return found?.value ?? null;
    },
    (err: unknown) => {
      byName.delete(name); // a failed read is not remembered: the next caller asks again
      throw err;
    },
  );
  byName.set(name, read);
  return read;
}

/** Drops what storagePoolOf remembers about the pool (after it was created, changed or deleted). */
export function forgetStoragePool(client: IncusClient, name: string): void {
  pools.get(client)?.delete(name);
}
