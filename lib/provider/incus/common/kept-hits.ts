// A look-up asked once per provider session while it finds what it looks for: the running request is shared by the
// callers that ask meanwhile (Terraform runs -parallelism of them at once), a hit is kept, and a miss or a failure is
// forgotten so the next caller asks again (the object may be created later in the run, the server may answer then).

/**
 * The answer of `lookup` for `key`, from the cache of `owner` (a session's client or provider data) in `caches` when
 * it was asked before and found (or is being asked now). `found` tells a hit from a miss.
 */
export function keptHit<O extends object, V>(
  caches: WeakMap<O, Map<string, Promise<V>>>,
  owner: O,
  key: string,
  lookup: () => Promise<V>,
  found: (value: V) => boolean,
): Promise<V> {
  let cache = caches.get(owner);
  if (!cache) caches.set(owner, (cache = new Map()));
  const asked = cache.get(key);
  if (asked) return asked;
  const answer = lookup().then(
    (value) => {
      if (!found(value)) cache.delete(key);
      return value;
    },
    (err: unknown) => {
      cache.delete(key);
      throw err;
    },
  );
  cache.set(key, answer);
  return answer;
}
