// Runs the operations given for one key one after another within this provider process, in the order they come.
// Incus' dir storage driver races on an instance's or a volume's snapshots directory: a snapshot delete that finds
// it empty removes it while another delete of the same parent is reading it (or a create is filling it), and that
// one fails with "no such file or directory" (4 of 80 deletes of two snapshots at once on a dir pool). Terraform
// creates and deletes the snapshot resources of one parent in parallel, so their calls queue per parent instead.

const queues = new Map<string, Promise<void>>();

export async function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  // Every queued promise only ever resolves, so a failed operation does not stop the ones after it.
  const before = queues.get(key) ?? Promise.resolve();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const mine = before.then(() => gate);
  queues.set(key, mine);
  await before;
  try {
    return await fn();
  } finally {
    release();
    if (queues.get(key) === mine) queues.delete(key);
  }
}

/** The queue key of the snapshots of one instance or volume: its remote, project and path. */
export function snapshotParentKey(remote: string, project: string | null | undefined, parent: string): string {
  return JSON.stringify([remote, project || "default", parent]);
}
