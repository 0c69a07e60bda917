// Domain operations. A domain is always persistent (define, then start). Stopping is graceful first: ACPI
// shutdown, wait up to a timeout, then destroy, because a guest without an OS (or a hung one) ignores shutdown.
import { randomUUID } from "node:crypto";
import { isNotFound } from "./errors";
import type { VirshError } from "./errors";
import { buildDomainXml, parseDomainXml } from "./domain-xml";
import type { DomainSpec, DomainXmlInfo } from "./domain-xml";
import { parseInfoLines } from "./info-text";
import { patchDomainXml } from "./domain-patch";
import type { Virsh, VirshCallOptions } from "./virsh";
import { abortableDelay } from "./delay";
import { parseVolumeXml } from "./volume-xml";
import type { VolumeInfo } from "./volumes";

const STOP_ABORTED = "domain stop aborted by the caller";

/** virsh domstate's words: "running", "paused", "shut off", "in shutdown", "crashed", "pmsuspended", ... */
export type DomainState = string;

export interface DomainInfo extends DomainXmlInfo {
  readonly state: DomainState;
  /** True unless the domain is shut off (running, paused, in shutdown, ...). */
  readonly active: boolean;
  /** Whether libvirtd starts the domain when it starts. */
  readonly autostart: boolean;
  /** The persistent definition (dumpxml --inactive) this was read from; `redefine` patches it. */
  readonly inactiveXml: string;
}

export interface DomainStopOptions {
  /** How long the guest gets to power off after the ACPI request before it is destroyed. @default 30000 */
  readonly gracefulTimeoutMs?: number;
  /** How often to check whether it has powered off. @default 250 */
  readonly pollMs?: number;
}

/** A volume named by its pool and name. */
export interface VolumeRef {
  readonly pool: string;
  readonly name: string;
}

/** The result of `create`: the new domain as libvirt stored it, and why autostart or start failed, if they did. */
export interface DomainCreateResult {
  readonly info: DomainInfo;
  readonly failure?: VirshError;
}

/** How a stop ended: the guest powered off, was destroyed after the timeout, or was not running. */
export type DomainStopOutcome = "graceful" | "forced" | "already-stopped";

export class LibvirtDomains {
  constructor(private readonly virsh: Virsh) {}

  /** Defines (or redefines, same name and uuid) the domain from a spec; returns the domain as libvirt stored it. */
  async define(spec: DomainSpec, call: VirshCallOptions = {}): Promise<DomainInfo> {
    return this.defineXml(spec.name, buildDomainXml(spec), call);
  }

  /**
   * Defines a new domain and, as asked, marks it autostart and starts it, then reads it back, all in one virsh
   * process. virsh runs every command of a batch even after a failure, so the domain is given a fresh UUID and the
   * later commands name that UUID: when the definition fails (a domain of that name exists with another UUID, so
   * nothing is ever defined over it), no domain has the UUID and they touch nothing. A failed definition throws;
   * a failed autostart or start is returned with the defined domain, which exists either way.
   */
  async create(
    spec: DomainSpec,
    options: { readonly autostart?: boolean; readonly start?: boolean } = {},
    call: VirshCallOptions = {},
  ): Promise<DomainCreateResult> {
    const uuid = spec.uuid ?? randomUUID();
    const commands: string[][] = [["define", "/dev/stdin"]];
    if (options.autostart) commands.push(["autostart", uuid]);
    if (options.start) commands.push(["start", uuid]);
    commands.push(["dominfo", uuid], ["dumpxml", "--inactive", uuid]);
    const results = await this.virsh.runBatch(commands, { ...call, input: buildDomainXml({ ...spec, uuid }) });
    const [defined, ...rest] = results;
    const [info, read] = rest.slice(-2);
    const failure = defined.error ?? info.error ?? read.error;
    if (failure) throw failure;
    return { info: combine(info.stdout, read.stdout), failure: rest.slice(0, -2).find((r) => r.error)?.error };
  }

  /**
   * Like `find`, and in the same virsh process the volumes `volumes` (each undefined when it or its pool does not
   * exist), e.g. those a definition is about to refer to.
   */
  async findWithVolumes(
    name: string,
    volumes: readonly VolumeRef[],
    call: VirshCallOptions = {},
  ): Promise<{ readonly domain: DomainInfo | undefined; readonly volumes: Array<VolumeInfo | undefined> }> {
    const [info, read, ...volumeReads] = await this.virsh.runReads(
      [
        ["dominfo", name],
        ["dumpxml", "--inactive", name],
        ...volumes.map((v) => ["vol-dumpxml", "--pool", v.pool, v.name]),
      ],
      call,
    );
    const domainFailure = info.error ?? read.error;
    if (domainFailure && !isNotFound(domainFailure, "domain")) throw domainFailure;
    const found = volumeReads.map((r, i): VolumeInfo | undefined => {
      if (!r.error) return { ...parseVolumeXml(r.stdout), pool: volumes[i].pool };
      if (isNotFound(r.error, "volume") || isNotFound(r.error, "pool")) return undefined;
      throw r.error;
    });
    return { domain: domainFailure ? undefined : combine(info.stdout, read.stdout), volumes: found };
  }

  /**
   * Redefines an existing domain from `spec`, keeping every part of its definition the spec does not manage
   * (graphics, consoles, CPU, firmware, other devices and metadata). A running domain picks the change up at
   * its next start. The definition is read again with its secrets (--security-info): without them the graphics
   * and other passwords libvirt hides in a plain dumpxml would be dropped by the redefinition.
   */
  async redefine(spec: DomainSpec, call: VirshCallOptions = {}): Promise<DomainInfo> {
    const current = await this.virsh.run(["dumpxml", "--inactive", "--security-info", spec.name], call);
    return this.defineXml(spec.name, patchDomainXml(current, spec), call);
  }

  /** Defines a domain from raw XML named `name` (one virsh call that also reads the result back). */
  async defineXml(name: string, xml: string, call: VirshCallOptions = {}): Promise<DomainInfo> {
    const [defined, info, read] = await this.virsh.runBatch(
      [
        ["define", "/dev/stdin"],
        ["dominfo", name],
        ["dumpxml", "--inactive", name],
      ],
      { ...call, input: xml },
    );
    const failure = defined.error ?? info.error ?? read.error;
    if (failure) throw failure;
    return combine(info.stdout, read.stdout);
  }

  async start(name: string, call: VirshCallOptions = {}): Promise<void> {
    await this.virsh.run(["start", name], call);
  }

  /** Powers the domain off at once (like pulling the plug). Fails with INVALID_OPERATION if it is not running. */
  async destroy(name: string, call: VirshCallOptions = {}): Promise<void> {
    await this.virsh.run(["destroy", name], call);
  }

  /** Asks the guest to shut down (ACPI); returns at once. */
  async requestShutdown(name: string, call: VirshCallOptions = {}): Promise<void> {
    await this.virsh.run(["shutdown", name], call);
  }

  /** Stops the domain gracefully within `gracefulTimeoutMs`, then by force; does nothing if it is shut off. */
  async stop(name: string, options: DomainStopOptions = {}, call: VirshCallOptions = {}): Promise<DomainStopOutcome> {
    const gracefulTimeoutMs = options.gracefulTimeoutMs ?? 30_000;
    const pollMs = options.pollMs ?? 250;
    if ((await this.state(name, call)) === "shut off") return "already-stopped";
    if (gracefulTimeoutMs > 0) {
      try {
        await this.requestShutdown(name, call);
      } catch (err) {
        // It stopped between the state check and the request: that is what we wanted.
        if ((await this.state(name, call)) === "shut off") return "already-stopped";
        throw err;
      }
      const deadline = Date.now() + gracefulTimeoutMs;
      while (Date.now() < deadline) {
        await abortableDelay(Math.min(pollMs, Math.max(0, deadline - Date.now())), call.signal, STOP_ABORTED);
        if ((await this.state(name, call)) === "shut off") return "graceful";
      }
    }
    try {
      await this.destroy(name, call);
    } catch (err) {
      if ((await this.state(name, call)) === "shut off") return "graceful";
      throw err;
    }
    return "forced";
  }

  /**
   * Removes the domain's definition (it must be shut off, or it becomes transient until it stops). Volumes are
   * never touched. NVRAM is kept unless `removeNvram` (as the official provider does).
   */
  async undefine(
    name: string,
    options: { readonly removeNvram?: boolean } = {},
    call: VirshCallOptions = {},
  ): Promise<void> {
    await this.virsh.run(["undefine", name, options.removeNvram ? "--nvram" : "--keep-nvram"], call);
  }

  /** The domain's XML; `inactive` (default) gives the persistent definition rather than the live one. */
  async dumpxml(
    name: string,
    options: { readonly inactive?: boolean } = {},
    call: VirshCallOptions = {},
  ): Promise<string> {
    const args = (options.inactive ?? true) ? ["dumpxml", "--inactive", name] : ["dumpxml", name];
    return this.virsh.read(args, call);
  }

  async state(name: string, call: VirshCallOptions = {}): Promise<DomainState> {
    return (await this.virsh.read(["domstate", name], call)).trim();
  }

  /**
   * Definition, state and autostart in one virsh call; `name` may also be a UUID. Throws VirshError NOT_FOUND
   * (notFound "domain") if absent.
   */
  async info(name: string, call: VirshCallOptions = {}): Promise<DomainInfo> {
    const [info, read] = await this.virsh.runReads(
      [
        ["dominfo", name],
        ["dumpxml", "--inactive", name],
      ],
      call,
    );
    const failure = info.error ?? read.error;
    if (failure) throw failure;
    return combine(info.stdout, read.stdout);
  }

  /** Sets whether libvirtd starts the domain when it starts. */
  async setAutostart(name: string, autostart: boolean, call: VirshCallOptions = {}): Promise<void> {
    await this.virsh.run(autostart ? ["autostart", name] : ["autostart", "--disable", name], call);
  }

  /** Like `info`, but undefined when the domain does not exist. */
  async find(name: string, call: VirshCallOptions = {}): Promise<DomainInfo | undefined> {
    try {
      return await this.info(name, call);
    } catch (err) {
      if (isNotFound(err, "domain")) return undefined;
      throw err;
    }
  }

  /**
   * Active domains with a disk on the file `path` (or on `volume` of a pool), with the guest device. Lets a
   * caller resize a disk that QEMU holds locked through the domain (blockresize) rather than the volume.
   */
  async diskUsers(
    path: string,
    volume?: { readonly pool: string; readonly name: string },
    call: VirshCallOptions = {},
  ): Promise<Array<{ readonly domain: string; readonly target: string }>> {
    const names = (await this.virsh.run(["list", "--name"], call))
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "");
    const reads = await this.virsh.runBatch(
      names.map((n) => ["dumpxml", n]),
      call,
    );
    const users: Array<{ domain: string; target: string }> = [];
    reads.forEach((read, i) => {
      if (read.error) return; // stopped meanwhile
      for (const disk of parseDomainXml(read.stdout).disks) {
        const s = disk.source;
        const matches =
          (s?.type === "file" && s.file === path) ||
          (s?.type === "volume" && volume !== undefined && s.pool === volume.pool && s.volume === volume.name);
        if (matches) users.push({ domain: names[i], target: disk.target.dev });
      }
    });
    return users;
  }

  /**
   * Unplugs the disk `target` from the running domain, then drops it from the persistent definition, so the domain
   * keeps running without it and a later redefinition without the disk changes nothing. A hot-unplug may need the
   * guest's cooperation (a virtio disk on PCI is released when the guest acknowledges; SCSI and USB disks go at once);
   * the call waits up to `timeoutMs` for the disk to leave the live definition and throws, with the definition
   * untouched, when the guest has not released it by then.
   */
  async detachDiskLive(
    name: string,
    target: string,
    options: { readonly timeoutMs?: number; readonly pollMs?: number } = {},
    call: VirshCallOptions = {},
  ): Promise<void> {
    const timeoutMs = options.timeoutMs ?? 15_000;
    const pollMs = options.pollMs ?? 250;
    await this.virsh.run(["detach-disk", name, target, "--live"], call);
    const hasDisk = async () =>
      parseDomainXml(await this.dumpxml(name, { inactive: false }, call)).disks.some((d) => d.target.dev === target);
    const deadline = Date.now() + timeoutMs;
    while (await hasDisk()) {
      if (Date.now() >= deadline) {
        throw new Error(
          `domain ${name} has not released disk ${target} within ${Math.round(
            timeoutMs / 1000,
          )} s of the unplug request ` + "(a virtio disk is only released when the guest acknowledges the unplug)",
        );
      }
      await abortableDelay(Math.min(pollMs, Math.max(0, deadline - Date.now())), call.signal, STOP_ABORTED);
    }
    await this.detachDiskFromDefinition(name, target, call);
  }

  /** The <disk> element with guest device `target` in the domain's persistent definition, as XML; undefined when absent. */
  async diskElementXml(name: string, target: string, call: VirshCallOptions = {}): Promise<string | undefined> {
    return diskElementOf(await this.dumpxml(name, { inactive: true }, call), target);
  }

  /**
   * Plugs a disk (a <disk> element) into the domain: into the running guest and the definition when it runs and
   * the bus allows it, else by a restart (graceful stop within `gracefulTimeoutMs`, definition, start); into the
   * definition only when it is shut off.
   */
  async attachDisk(
    name: string,
    diskXml: string,
    options: { readonly gracefulTimeoutMs?: number } = {},
    call: VirshCallOptions = {},
  ): Promise<"live" | "restarted" | "defined"> {
    const active = (await this.state(name, call)) !== "shut off";
    if (active) {
      try {
        await this.virsh.run(["attach-device", name, "/dev/stdin", "--live", "--config"], { ...call, input: diskXml });
        return "live";
      } catch {
        await this.stop(name, { gracefulTimeoutMs: options.gracefulTimeoutMs }, call);
      }
    }
    await this.virsh.run(["attach-device", name, "/dev/stdin", "--config"], { ...call, input: diskXml });
    if (active) await this.start(name, call);
    return active ? "restarted" : "defined";
  }

  /** Drops the disk `target` from the domain's persistent definition (a no-op when it is not there). */
  async detachDiskFromDefinition(name: string, target: string, call: VirshCallOptions = {}): Promise<void> {
    try {
      await this.virsh.run(["detach-disk", name, target, "--config"], call);
    } catch (err) {
      // Already gone from the persistent definition (someone was quicker): nothing to drop.
      if (parseDomainXml(await this.dumpxml(name, { inactive: true }, call)).disks.some((d) => d.target.dev === target))
        throw err;
    }
  }

  /** Grows a disk of a running domain to `bytes` (the guest sees the new size at once). */
  async blockResize(name: string, target: string, bytes: number, call: VirshCallOptions = {}): Promise<void> {
    await this.virsh.run(["blockresize", name, target, `${bytes}B`], call);
  }

  /** Names of all domains, running or not. */
  async list(call: VirshCallOptions = {}): Promise<string[]> {
    const out = await this.virsh.run(["list", "--all", "--name"], call);
    return out
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.length > 0);
  }
}

function diskElementOf(domainXml: string, target: string): string | undefined {
  const disks = domainXml.match(/<disk\b[\s\S]*?<\/disk>/g) ?? [];
  return disks.find((disk) => new RegExp(`<target\\s[^>]*dev=['"]${target}['"]`).test(disk));
}

function combine(dominfo: string, xml: string): DomainInfo {
  const fields = parseInfoLines(dominfo);
  const state = fields.get("state") ?? "no state";
  const autostart = (fields.get("autostart") ?? "disable").toLowerCase().startsWith("enable");
  return { ...parseDomainXml(xml), state, active: state !== "shut off", autostart, inactiveXml: xml };
}
