// Runs the operations given for one key one after another, in the order they come. The snapshot APIs queue their
// creates and deletes per parent through it: Incus' dir storage driver races on an instance's or a volume's
// snapshots directory (a snapshot delete that finds it empty removes it while another delete of the same parent is
// reading it, or a create is filling it, and that one fails with "no such file or directory": 4 of 80 deletes of
// two snapshots at once on a dir pool), and Terraform creates and deletes the snapshot resources of one parent in
// parallel.
export class OneAtATime {
  private readonly queues = new Map<string, Promise<void>>();

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    // Every queued promise only ever resolves, so a failed operation does not stop the ones after it.
    const before = this.queues.get(key) ?? Promise.resolve();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const mine = before.then(() => gate);
    this.queues.set(key, mine);
    await before;
    try {
      return await fn();
    } finally {
      release();
      if (this.queues.get(key) === mine) this.queues.delete(key);
    }
  }
}
