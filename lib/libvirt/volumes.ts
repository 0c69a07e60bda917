// Storage volume operations: create (plain or as a copy-on-write overlay), read, grow, delete, and moving bytes in
// and out (vol-upload / vol-download through stdin/stdout). libvirt deletes a base volume that overlays still use
// without a word, so `backingChildren` lets callers check before they delete.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isNotFound, VirshError } from "./errors";
import { buildVolumeXml, parseVolumeXml } from "./volume-xml";
import type { VolumeSpec, VolumeXmlInfo } from "./volume-xml";
import type { Virsh, VirshCallOptions } from "./virsh";

export interface VolumeInfo extends VolumeXmlInfo {
  /** The pool the volume was read from. */
  readonly pool: string;
}

export interface VolumeListEntry {
  readonly name: string;
  readonly path: string;
}

export class LibvirtVolumes {
  constructor(private readonly virsh: Virsh) {}

  /** Creates the volume from XML (one virsh call, which also reads the result back). */
  async create(pool: string, spec: VolumeSpec, call: VirshCallOptions = {}): Promise<VolumeInfo> {
    const [created, read] = await this.virsh.runBatch(
      [
        ["vol-create", pool, "/dev/stdin"],
        ["vol-dumpxml", "--pool", pool, spec.name],
      ],
      { ...call, input: buildVolumeXml(spec) },
    );
    if (created.error) throw created.error;
    if (read.error) throw read.error;
    return { ...parseVolumeXml(read.stdout), pool };
  }

  /** The volume's XML as libvirt reports it. */
  async dumpxml(pool: string, name: string, call: VirshCallOptions = {}): Promise<string> {
    return this.virsh.read(["vol-dumpxml", "--pool", pool, name], call);
  }

  /** Throws VirshError NOT_FOUND (notFound "volume", or "pool" when the pool is missing) if absent. */
  async info(pool: string, name: string, call: VirshCallOptions = {}): Promise<VolumeInfo> {
    return { ...parseVolumeXml(await this.dumpxml(pool, name, call)), pool };
  }

  /** Like `info`, but undefined when the volume (or its pool) does not exist. */
  async find(pool: string, name: string, call: VirshCallOptions = {}): Promise<VolumeInfo | undefined> {
    try {
      return await this.info(pool, name, call);
    } catch (err) {
      if (isNotFound(err, "volume") || isNotFound(err, "pool")) return undefined;
      throw err;
    }
  }

  /**
   * Grows the volume to `capacity` bytes (the guest sees the new size after its next boot or a block resize).
   * Shrinking is refused: it would cut off whatever the guest stored at the end of the disk.
   */
  async resize(pool: string, name: string, capacity: number, call: VirshCallOptions = {}): Promise<VolumeInfo> {
    if (!Number.isSafeInteger(capacity) || capacity <= 0) {
      throw new Error(`volume ${pool}/${name}: new capacity must be a positive whole number of bytes, got ${capacity}`);
    }
    const current = await this.info(pool, name, call);
    if (capacity < current.capacity) {
      throw new Error(
        `volume ${pool}/${name}: cannot shrink from ${current.capacity} to ${capacity} bytes; ` +
          "shrinking loses data, replace the volume instead",
      );
    }
    if (capacity === current.capacity) return current;
    const [resized, read] = await this.virsh.runBatch(
      [
        ["vol-resize", "--pool", pool, name, String(capacity)],
        ["vol-dumpxml", "--pool", pool, name],
      ],
      call,
    );
    if (resized.error) throw resized.error;
    if (read.error) throw read.error;
    return { ...parseVolumeXml(read.stdout), pool };
  }

  /**
   * Copies the volume to a new standalone volume `newName` in the same pool (vol-create-from): a qcow2 overlay is
   * flattened, so the copy holds all its bytes and does not depend on the base. Other formats are copied raw.
   */
  async copy(pool: string, name: string, newName: string, call: VirshCallOptions = {}): Promise<VolumeInfo> {
    const source = await this.info(pool, name, call);
    const spec: VolumeSpec = {
      name: newName,
      capacity: source.capacity,
      format: source.format === "qcow2" ? "qcow2" : "raw",
    };
    const [created, read] = await this.virsh.runBatch(
      [
        ["vol-create-from", pool, "/dev/stdin", "--inputpool", pool, name],
        ["vol-dumpxml", "--pool", pool, newName],
      ],
      { ...call, input: buildVolumeXml(spec) },
    );
    if (created.error) throw created.error;
    if (read.error) throw read.error;
    return { ...parseVolumeXml(read.stdout), pool };
  }

  async delete(pool: string, name: string, call: VirshCallOptions = {}): Promise<void> {
    await this.virsh.run(["vol-delete", "--pool", pool, name], call);
  }

  /** Writes `content` into the volume at `offset` (raw bytes; for a qcow2 volume these are the image's bytes). */
  async upload(
    pool: string,
    name: string,
    content: Buffer | string,
    options: { readonly offset?: number } = {},
    call: VirshCallOptions = {},
  ): Promise<void> {
    const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    const args = ["vol-upload", "--pool", pool, name, "/dev/stdin", "--length", String(bytes.length)];
    if (options.offset !== undefined) args.push("--offset", String(options.offset));
    await this.virsh.run(args, { ...call, input: bytes });
  }

  /** Writes a local file into the volume from its start (images can be large: nothing is loaded into memory). */
  async uploadFile(pool: string, name: string, filePath: string, call: VirshCallOptions = {}): Promise<void> {
    await this.virsh.run(["vol-upload", "--pool", pool, name, filePath], call);
  }

  /** Reads `length` bytes from `offset` of the volume (for tests and checks; loads them into memory). */
  async download(
    pool: string,
    name: string,
    options: { readonly offset?: number; readonly length?: number } = {},
    call: VirshCallOptions = {},
  ): Promise<Buffer> {
    // virsh cannot open a socket as /dev/stdout, so the bytes go through a private temporary file.
    const dir = await mkdtemp(join(tmpdir(), "cdktf-virt-download-"));
    try {
      const file = join(dir, "volume");
      const args = ["vol-download", "--pool", pool, name, file];
      if (options.offset !== undefined) args.push("--offset", String(options.offset));
      if (options.length !== undefined) args.push("--length", String(options.length));
      await this.virsh.run(args, call);
      return await readFile(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Finds a volume by its key or path (as libvirt reports them); undefined when no pool holds it. */
  async findByPath(keyOrPath: string, call: VirshCallOptions = {}): Promise<VolumeInfo | undefined> {
    const [pool, read] = await this.virsh.runReads(
      [
        ["vol-pool", keyOrPath],
        ["vol-dumpxml", keyOrPath],
      ],
      call,
    );
    const failure = pool.error ?? read.error;
    if (failure) {
      if (isNotFound(failure, "volume")) return undefined;
      throw failure;
    }
    return { ...parseVolumeXml(read.stdout), pool: pool.stdout.trim() };
  }

  /** Names and paths of the volumes in a pool. */
  async list(pool: string, call: VirshCallOptions = {}): Promise<VolumeListEntry[]> {
    const out = await this.virsh.run(["vol-list", "--pool", pool], call);
    const entries: VolumeListEntry[] = [];
    for (const line of out.split("\n")) {
      // Columns are padded with spaces; a path always starts with "/".
      const match = /^\s*(.+?)\s+(\/.*?)\s*$/.exec(line);
      if (match) entries.push({ name: match[1], path: match[2] });
    }
    return entries;
  }

  /**
   * Volumes in `pools` whose backing store is `path`: the overlays that would break if that volume were deleted.
   * Reads every volume's XML of a pool in one virsh call.
   */
  async backingChildren(pools: readonly string[], path: string, call: VirshCallOptions = {}): Promise<VolumeInfo[]> {
    const found: VolumeInfo[] = [];
    for (const pool of pools) {
      const entries = await this.list(pool, call).catch((err: unknown) => {
        // Stopped or removed since the caller listed it: like any inactive pool, it has no volumes to read.
        if (isNotFound(err, "pool") || (err instanceof VirshError && err.code === "INVALID_OPERATION")) return [];
        throw err;
      });
      const reads = await this.virsh.runBatch(
        entries.map((e) => ["vol-dumpxml", "--pool", pool, e.name]),
        call,
      );
      reads.forEach((read) => {
        if (read.error) return; // deleted meanwhile
        const info = parseVolumeXml(read.stdout);
        if (info.backingStore?.path === path) found.push({ ...info, pool });
      });
    }
    return found;
  }
}
