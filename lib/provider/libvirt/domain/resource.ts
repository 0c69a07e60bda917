// libvirt_domain: define, start, converge in place, stop gracefully, undefine. An update that changes the
// hardware shuts the guest down (ACPI, then destroy after the timeout), redefines it and starts it again; a
// change of description or metadata only redefines it. `running` is managed like any other attribute.
import type { ApplyResponse, CreateRequest, Known, Resource, ResourceContext } from "../../framework";
import { isUnknown, UNKNOWN } from "../../framework";
import type {
  DomainCreateResult,
  DomainInfo,
  DomainStopOutcome,
  LibvirtClient,
  VirshCallOptions,
} from "../../../libvirt";
import { VirshError } from "../../../libvirt";
import { sameXmlContent } from "../../../libvirt/metadata";
import {
  adoptOrFail,
  plannedMarker,
  clientOf,
  ignoreNotFound,
  knownList,
  knownObject,
  knownString,
  secondsToMs,
  validateMetadataXml,
} from "../common";
import { validateDomainNumbers } from "./checks";
import {
  validateBootOrders,
  validateConsoles,
  validateHostdevs,
  validateFilesystems,
  validateGraphics,
  validateInterfaces,
} from "./device-checks";
import { validatePlatform } from "./platform-checks";
import { checkAdoptable, warnUnmanagedParts } from "./adoption";
import type { LibvirtProviderData } from "../provider-data";
import { SHUTDOWN_TIMEOUT_ENV } from "../provider-data";
import { domainSchema } from "./schema";
import type { DomainConfig, DomainPlan, DomainState } from "./schema";
import { domainSpecFrom, memoryKiB, volumeKey, volumesToDetect } from "./spec";
import { unplugRemovedDisks } from "./disk-unplug";
import { reportRebuildCopies, snapshotBeforeDelete } from "./rebuild-snapshots";
import { domainState } from "./state";
import { domainAddresses, waitForAddresses } from "./addresses";
import { stopForChange } from "../common/stop";
import type { DomainLookup } from "./recent-lookups";

type Ctx = ResourceContext<LibvirtProviderData>;

/** What decides whether the guest must restart: its virtual hardware. */
type HardwareView = Pick<DomainConfig, "memory" | "memory_unit" | "vcpu" | "os" | "devices"> &
  Partial<Pick<DomainConfig, "cpu" | "features" | "clock">>;
/** What decides whether the definition changes. */
type DefinitionView = HardwareView &
  Pick<DomainPlan, "description" | "metadata"> &
  Partial<Pick<DomainPlan, "on_poweroff" | "on_reboot" | "on_crash">>;
/** How a block of update or destroy settings stops the guest. */
type ShutdownSettings = Pick<NonNullable<DomainState["update"]>, "shutdown"> | null | undefined;

async function readBack(client: LibvirtClient, known: DomainPlan, call: VirshCallOptions): Promise<DomainState | null> {
  const info = await client.domains.find(known.name, call);
  return info ? domainState(info, known, await domainAddresses(known, info, client, call)) : null;
}

/** After a (re)start: wait_for_ip, then the state with the addresses; `readAfter` saves reading the domain again. */
async function settle(planned: DomainPlan, ctx: Ctx, readAfter?: DomainInfo): Promise<DomainState | null> {
  const { client, call } = clientOf(ctx);
  const info = readAfter ?? (await client.domains.find(planned.name, call));
  if (!info) return null;
  if (info.active && !(await waitForAddresses(planned, info, client, call, ctx.diagnostics)))
    return domainState(info, planned);
  return domainState(info, planned, await domainAddresses(planned, info, client, call));
}

/** JSON comparison in which an unknown value equals nothing (it will change). */
function same(a: unknown, b: unknown): boolean {
  if (isUnknown(a) || isUnknown(b)) return false;
  return sortedJson(a) === sortedJson(b);
}

/**
 * JSON with object keys sorted and null attributes left out: state read back from libvirt may list an object's
 * attributes in another order, or leave out those that are null (the official attributes this provider refuses),
 * which is no change. An unknown nested value never equals anything.
 */
function sortedJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_k, x: unknown) => {
    if (isUnknown(x)) return { unknown: Math.random() };
    if (x === null || typeof x !== "object" || Array.isArray(x)) return x;
    const present = Object.entries(x).filter(([, v]) => v !== null && v !== undefined);
    return Object.fromEntries(present.sort(([k1], [k2]) => (k1 < k2 ? -1 : k1 > k2 ? 1 : 0)));
  });
}

/** The devices as hardware: without what the interfaces report (addresses) or how the apply waits (wait_for_ip). */
function hardware(devices: HardwareView["devices"]): unknown {
  const known = knownObject(devices);
  if (!known || !Array.isArray(known.interfaces)) return devices;
  const interfaces = known.interfaces.map((nic) => {
    const k = knownObject(nic);
    if (!k) return nic;
    const { addresses: _addresses, wait_for_ip: _wait, ...rest } = k;
    return rest;
  });
  return { ...known, interfaces };
}

/** True when going from `before` to `after` changes the virtual hardware (the guest must be restarted). */
export function needsRestart(before: HardwareView, after: HardwareView): boolean {
  if (memoryKiB(before) !== memoryKiB(after)) return true;
  if (!same(before.vcpu ?? 1, after.vcpu ?? 1)) return true;
  if (!same(before.os, after.os)) return true;
  for (const key of ["cpu", "features", "clock"] as const) if (!same(before[key], after[key])) return true;
  return !same(hardware(before.devices), hardware(after.devices));
}

/** True when the definition changes at all (hardware, description or metadata). */
export function needsRedefine(before: DefinitionView, after: DefinitionView): boolean {
  if (needsRestart(before, after)) return true;
  if ((knownString(before.description) ?? "") !== (knownString(after.description) ?? "")) return true;
  for (const key of ["on_poweroff", "on_reboot", "on_crash"] as const) if (!same(before[key], after[key])) return true;
  return !sameXmlContent(knownObject(before.metadata)?.xml, knownObject(after.metadata)?.xml);
}

function shutdownTimeoutMs(block: ShutdownSettings, ctx: Ctx, what: string): number {
  return secondsToMs(block?.shutdown?.timeout, ctx.providerData.shutdownTimeoutMs, what);
}

/** Stops the domain for an update (see stopForChange), within `update.shutdown.timeout`. */
function stopForUpdate(
  planned: DomainPlan,
  client: LibvirtClient,
  call: VirshCallOptions,
  ctx: Ctx,
  why: string,
): Promise<DomainStopOutcome> {
  return stopForChange({
    client,
    call,
    name: planned.name,
    gracefulTimeoutMs: shutdownTimeoutMs(planned.update, ctx, "update.shutdown.timeout"),
    why,
    timeoutSetting: `update.shutdown.timeout, else ${SHUTDOWN_TIMEOUT_ENV}`,
    diagnostics: ctx.diagnostics,
  });
}

/** Direct kernel boot: absolute host paths, and initrd/cmdline only with a kernel. */
function validateKernelBoot(os: Known<DomainConfig["os"]> | undefined, ctx: Ctx): void {
  if (!os) return;
  for (const field of ["kernel", "initrd"] as const) {
    const path = os[field];
    if (typeof path === "string" && !path.startsWith("/")) {
      ctx.diagnostics.error(
        `Relative ${field} path`,
        `os.${field} must be an absolute path on the host, got "${path}".`,
        ["os", field],
      );
    }
  }
  const kernelMissing = os.kernel === null || os.kernel === undefined;
  for (const field of ["initrd", "cmdline"] as const) {
    if (kernelMissing && os[field] !== null && os[field] !== undefined) {
      ctx.diagnostics.error(
        `${field} without kernel`,
        `os.${field} is only used with direct kernel boot: set os.kernel too.`,
        ["os", field],
      );
    }
  }
  if (typeof os.cmdline === "string" && /[\n\r\0]/.test(os.cmdline)) {
    ctx.diagnostics.error("Multi-line kernel command line", "os.cmdline must be a single line.", ["os", "cmdline"]);
  }
}

/** Brings an existing domain (described by `current`) to the planned definition, autostart and power state. */
async function converge(found: DomainInfo, known: DomainPlan, planned: DomainPlan, ctx: Ctx): Promise<void> {
  const { client, call } = clientOf(ctx);
  let [info, current] = [found, known];
  let active = info.active;
  if (active && needsRestart(current, planned)) {
    // Disks taken away are unplugged live where possible; then nothing may be left that needs a restart.
    const unplugged = await unplugRemovedDisks(info, current, planned, needsRestart, ctx);
    if (unplugged) [info, current] = [unplugged, domainState(unplugged, current)];
  }
  if (needsRedefine(current, planned)) {
    if (active && needsRestart(current, planned)) {
      const outcome = await stopForUpdate(planned, client, call, ctx, "for an update that needs a restart");
      ctx.log.info(`stopped domain ${planned.name} for an update`, { outcome });
      active = false;
    }
    await client.domains.redefine(await domainSpecFrom(planned, client, call), call);
  }
  const autostart = planned.autostart === true;
  if (autostart !== info.autostart) await client.domains.setAutostart(planned.name, autostart, call);
  const wantRunning = planned.running !== false;
  if (wantRunning && !active) await client.domains.start(planned.name, call);
  if (!wantRunning && active) await stopForUpdate(planned, client, call, ctx, "because `running` is false");
}

/**
 * A create that will find a domain of that name: shown in the plan already, the refusal of one that does not match
 * and the parts an adopted one keeps. A domain without this configuration's marker is refused at apply, as before.
 */
async function previewAdoption(planned: DomainConfig, ctx: Ctx): Promise<void> {
  const name = planned.name;
  if (typeof name !== "string") return;
  const { client, call } = clientOf(ctx);
  // The same lookup as the create's (the domain and the volumes its disks need, one virsh process): in the apply
  // walk the create that follows this plan takes it instead of asking again. A session that has just created the
  // disks' volumes is the apply walk: what it would show was shown by the plan, and the create checks for itself.
  const volumes = volumesToDetect(planned as DomainPlan);
  if (ctx.providerData.recentDomainLookups?.afterCreatedVolumes(volumes)) return;
  let existing: DomainInfo | undefined;
  try {
    const found = await client.domains.findWithVolumes(name, volumes, call);
    ctx.providerData.recentDomainLookups?.remember(name, volumes, found);
    existing = found.domain;
  } catch {
    return; // not reachable while planning: the apply reports it
  }
  if (!existing) return;
  const marker = plannedMarker(knownString(knownObject(planned.metadata)?.xml));
  if (marker === undefined || marker !== existing.ownerMarker) return;
  if (checkAdoptable(existing, { ...planned, name }, ctx.diagnostics)) warnUnmanagedParts(existing, ctx.diagnostics);
}

/**
 * The create, from `recent` (what this session knows already) or a fresh lookup. A domain of that name that `recent`
 * did not know of makes `define` fail (it gets a fresh UUID): the create then decides again on a fresh lookup.
 */
async function createDomain(
  req: CreateRequest<typeof domainSchema>,
  ctx: Ctx,
  resp: ApplyResponse<typeof domainSchema>,
  recent: DomainLookup | undefined,
): Promise<void> {
  const { planned } = req;
  const { client, call } = clientOf(ctx);
  const volumes = volumesToDetect(planned);
  const found = recent ?? (await client.domains.findWithVolumes(planned.name, volumes, call));
  const existing = found.domain;
  if (existing) {
    if (
      !adoptOrFail({
        kind: "libvirt_domain",
        planned,
        existingMarker: existing.ownerMarker,
        diagnostics: ctx.diagnostics,
      })
    )
      return;
    if (!checkAdoptable(existing, planned, ctx.diagnostics)) return;
    warnUnmanagedParts(existing, ctx.diagnostics);
    ctx.log.info(`adopting domain ${planned.name}: it carries this configuration's ownership marker`);
    const current = domainState(existing, planned);
    resp.state = current;
    await converge(existing, current, planned, ctx);
    resp.state = (await settle(planned, ctx)) ?? resp.state;
    return;
  }
  const known = new Map(volumes.map((v, i) => [volumeKey(v), found.volumes[i]]));
  const spec = await domainSpecFrom(planned, client, call, known);
  // Defined, marked autostart, started and read back in one virsh process (see LibvirtDomains.create).
  let created: DomainCreateResult;
  try {
    created = await client.domains.create(
      spec,
      { autostart: planned.autostart === true, start: planned.running !== false },
      call,
    );
  } catch (err) {
    if (recent && err instanceof VirshError && err.code === "ALREADY_EXISTS")
      return createDomain(req, ctx, resp, undefined);
    throw err;
  }
  resp.state = domainState(created.info, planned);
  if (created.failure) throw created.failure;
  resp.state = (await settle(planned, ctx, created.info)) ?? resp.state;
}

export const domainResource: Resource<LibvirtProviderData, typeof domainSchema> = {
  typeName: "libvirt_domain",
  schema: domainSchema,

  // A restart (or a power change) may change the leased addresses: plan them as known after apply.
  async modifyPlan({ prior, planned }, ctx) {
    if (!prior && planned) await previewAdoption(planned, ctx);
    if (!prior || !planned || isUnknown(planned.devices)) return { planned };
    if (!needsRestart(prior, planned) && prior.running === planned.running) return { planned };
    const devices = knownObject(planned.devices);
    if (!devices || !Array.isArray(devices.interfaces)) return { planned };
    const interfaces = devices.interfaces.map((nic) => (knownObject(nic) ? { ...nic, addresses: UNKNOWN } : nic));
    return { planned: { ...planned, devices: { ...devices, interfaces } } };
  },

  validateConfig(config, ctx) {
    knownList(knownObject(config.devices)?.disks).forEach((disk, i) => {
      const source = knownObject(disk.source);
      if (!source) {
        if (disk.device !== "cdrom" && !isUnknown(disk.source)) {
          ctx.diagnostics.error(
            "Missing disk source",
            "Give source.volume, source.file or source.block (only a cdrom drive may be empty).",
            ["devices", "disks", i, "source"],
          );
        }
        return;
      }
      const kinds = (["volume", "file", "block"] as const).filter((k) => source[k] !== null && source[k] !== undefined);
      if (kinds.length > 1) {
        ctx.diagnostics.error(
          "Conflicting disk sources",
          `Set only one of source.volume, source.file and source.block, not ${kinds.join(" and ")}.`,
          ["devices", "disks", i, "source"],
        );
      }
    });
    validateKernelBoot(knownObject(config.os), ctx);
    validateDomainNumbers(config, ctx.diagnostics);
    validateInterfaces(config, ctx.diagnostics);
    validateBootOrders(config, ctx.diagnostics);
    validateGraphics(config, ctx.diagnostics);
    validateFilesystems(config, ctx.diagnostics);
    validateConsoles(config, ctx.diagnostics);
    validateHostdevs(config, ctx.diagnostics);
    validatePlatform(config, ctx.diagnostics);
    validateMetadataXml(config, ctx.diagnostics);
  },

  async create(req, ctx, resp) {
    // The volumes the definition needs the format of are read along with the lookup (one virsh process), unless
    // this create's own plan made that lookup moments ago, or this session created those volumes (recent-lookups.ts).
    const recent = ctx.providerData.recentDomainLookups;
    const volumes = volumesToDetect(req.planned);
    await createDomain(req, ctx, resp, recent?.take(req.planned.name, volumes) ?? recent?.afterCreatedVolumes(volumes));
  },

  async read({ state }, ctx) {
    const { client, call } = clientOf(ctx);
    return readBack(client, state, call);
  },

  async update({ prior, planned }, ctx, resp) {
    const { client, call } = clientOf(ctx);
    const info = await client.domains.info(prior.name, call);
    await converge(info, domainState(info, prior), planned, ctx);
    resp.state = await settle(planned, ctx);
  },

  async delete({ prior }, ctx) {
    const { client, call } = clientOf(ctx);
    const info = await client.domains.find(prior.name, call);
    if (!info) return;
    if (info.active) {
      const destroy = knownObject(prior.destroy);
      const graceful = destroy?.graceful !== false;
      await stopForChange({
        client,
        call,
        name: prior.name,
        gracefulTimeoutMs: graceful ? shutdownTimeoutMs(destroy, ctx, "destroy.shutdown.timeout") : 0,
        why: "before its delete",
        timeoutSetting: `destroy.shutdown.timeout, else ${SHUTDOWN_TIMEOUT_ENV}`,
        diagnostics: ctx.diagnostics,
      });
    }
    const kept = await snapshotBeforeDelete(client, prior.name, info.inactiveXml, call, ctx.log);
    reportRebuildCopies(prior.name, ctx.providerData.uri, kept, ctx.diagnostics);
    // Volumes are separate resources: the domain never deletes them.
    await ignoreNotFound(client.domains.undefine(prior.name, { removeNvram: true }, call), "domain");
  },

  async importState(id) {
    if (id.trim() === "") throw new Error("The import ID is empty: give the domain's name or UUID.");
    return { name: id };
  },
};
