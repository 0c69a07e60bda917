// Storage pool operations. A pool is defined (persistent), built (dir/netfs: its directory created; logical: the
// volume group created on its devices) and started; deleting one stops it, optionally removes its storage (dir and
// netfs: the empty directory; logical: the volume group and its physical volumes) and undefines it.
import { isNotFound } from "./errors";
import { parseInfoLines, yesNo } from "./info-text";
import { buildPoolXml, parsePoolXml } from "./pool-xml";
import type { PoolSpec, PoolXmlInfo } from "./pool-xml";
import type { Virsh, VirshCallOptions } from "./virsh";

export interface PoolInfo extends PoolXmlInfo {
  /** True while the pool is started ("running"); volumes can only be used then. */
  readonly active: boolean;
  readonly persistent: boolean;
  readonly autostart: boolean;
}

export interface PoolDeleteOptions {
  /**
   * Also remove the pool's storage (pool-delete: dir/netfs the directory, failing while it holds files; logical:
   * the volume group and the physical volume labels). @default false
   */
  readonly deleteDirectory?: boolean;
}

export class LibvirtPools {
  constructor(private readonly virsh: Virsh) {}

  /**
   * Defines the pool; with `build` (default) also builds it (creates its directory, or its volume group). A
   * logical pool is built with --no-overwrite: libvirt refuses devices that already carry data.
   */
  async define(spec: PoolSpec, options: { readonly build?: boolean } = {}, call: VirshCallOptions = {}): Promise<void> {
    await this.virsh.run(["pool-define", "/dev/stdin"], { ...call, input: buildPoolXml(spec) });
    if (!(options.build ?? true)) return;
    try {
      await this.build(spec.name, spec.type === "logical", call);
    } catch (err) {
      // A pool that cannot be built is not left defined: a corrected retry would find its name taken.
      await this.virsh.run(["pool-undefine", spec.name], call).catch(() => undefined);
      throw err;
    }
  }

  /** Builds a defined pool (pool-build), optionally refusing to overwrite what its devices hold. */
  async build(name: string, noOverwrite = false, call: VirshCallOptions = {}): Promise<void> {
    await this.virsh.run(["pool-build", name, ...(noOverwrite ? ["--no-overwrite"] : [])], call);
  }

  async start(name: string, call: VirshCallOptions = {}): Promise<void> {
    await this.virsh.run(["pool-start", name], call);
  }

  /** Sets whether libvirtd starts the pool when it starts. */
  async setAutostart(name: string, autostart: boolean, call: VirshCallOptions = {}): Promise<void> {
    await this.virsh.run(autostart ? ["pool-autostart", name] : ["pool-autostart", "--disable", name], call);
  }

  /** Defines, builds and starts the pool, and returns what libvirt reports for it. */
  async create(spec: PoolSpec, call: VirshCallOptions = {}): Promise<PoolInfo> {
    await this.define(spec, { build: true }, call);
    await this.start(spec.name, call);
    return this.info(spec.name, call);
  }

  /** State and XML of one pool in a single virsh call. Throws VirshError NOT_FOUND (notFound "pool") if absent. */
  async info(name: string, call: VirshCallOptions = {}): Promise<PoolInfo> {
    const [info, xml] = await this.virsh.runReads(
      [
        ["pool-info", name],
        ["pool-dumpxml", name],
      ],
      call,
    );
    const failure = info.error ?? xml.error;
    if (failure) throw failure;
    const fields = parseInfoLines(info.stdout);
    return {
      ...parsePoolXml(xml.stdout),
      active: (fields.get("state") ?? "").toLowerCase() === "running",
      persistent: yesNo(fields, "persistent") ?? true,
      autostart: yesNo(fields, "autostart") ?? false,
    };
  }

  /** Like `info`, but undefined when the pool does not exist. */
  async find(name: string, call: VirshCallOptions = {}): Promise<PoolInfo | undefined> {
    try {
      return await this.info(name, call);
    } catch (err) {
      if (isNotFound(err, "pool")) return undefined;
      throw err;
    }
  }

  /** Stops (if active) and undefines the pool; its volumes stay on disk unless the directory is deleted. */
  async delete(name: string, options: PoolDeleteOptions = {}, call: VirshCallOptions = {}): Promise<void> {
    const pool = await this.info(name, call);
    if (options.deleteDirectory) {
      // pool-delete needs the pool stopped; it removes only an empty directory and says so otherwise.
      if (pool.active) await this.virsh.run(["pool-destroy", name], call);
      await this.virsh.run(["pool-delete", name], call);
    } else if (pool.active) {
      await this.virsh.run(["pool-destroy", name], call);
    }
    if (pool.persistent) await this.virsh.run(["pool-undefine", name], call);
  }

  /** Names of all pools (or only the started ones). */
  async list(options: { readonly activeOnly?: boolean } = {}, call: VirshCallOptions = {}): Promise<string[]> {
    const out = await this.virsh.run(
      options.activeOnly ? ["pool-list", "--name"] : ["pool-list", "--all", "--name"],
      call,
    );
    return out
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.length > 0);
  }
}
