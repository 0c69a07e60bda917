// An update that only takes disks away from a running domain (an attach() removed, a RETAIN volume let go) does not
// need a restart: the disks are hot-unplugged and dropped from the definition, and the guest keeps running. Where
// the bus cannot unplug (SATA, virtio without ACPI hotplug) or the guest does not release a disk in time, the
// update falls back to its usual graceful restart.
import type { DomainInfo } from "../../../libvirt";
import type { ResourceContext } from "../../framework";
import { clientOf, knownList, knownObject, knownString } from "../common";
import type { LibvirtProviderData } from "../provider-data";
import type { DomainDisk, DomainPlan } from "./schema";

/** Whether going from one value to another changes the virtual hardware (resource.ts: needsRestart). */
export type RestartCheck = (before: DomainPlan, after: DomainPlan) => boolean;

const DISK_RELEASE_TIMEOUT_MS = 10_000;

function dev(disk: DomainDisk): string | undefined {
  return knownString(disk.target.dev);
}

/** The target devices the plan removes, when removing them is the only hardware change; else undefined. */
export function removedDisksOnly(
  current: DomainPlan,
  planned: DomainPlan,
  needsRestart: RestartCheck,
): string[] | undefined {
  const currentDevices = knownObject(current.devices);
  const currentDisks = knownList(currentDevices?.disks);
  const plannedTargets = new Set(knownList(knownObject(planned.devices)?.disks).map(dev));
  const removed = currentDisks.filter((d) => !plannedTargets.has(dev(d)));
  if (!currentDevices || removed.length === 0 || removed.some((d) => dev(d) === undefined)) return undefined;
  const rest = {
    ...current,
    devices: { ...currentDevices, disks: currentDisks.filter((d) => plannedTargets.has(dev(d))) },
  };
  return needsRestart(rest, planned) ? undefined : removed.map((d) => dev(d)!);
}

/**
 * Hot-unplugs the disks the plan removes from the running domain; returns the domain as it is now when every one
 * went, undefined (the caller restarts the domain as usual) when there is nothing to unplug or a disk stayed.
 */
export async function unplugRemovedDisks(
  info: DomainInfo,
  current: DomainPlan,
  planned: DomainPlan,
  needsRestart: RestartCheck,
  ctx: ResourceContext<LibvirtProviderData>,
): Promise<DomainInfo | undefined> {
  const targets = removedDisksOnly(current, planned, needsRestart);
  if (!targets) return undefined;
  const { client, call } = clientOf(ctx);
  for (const target of targets) {
    try {
      await client.domains.detachDiskLive(info.name, target, { timeoutMs: DISK_RELEASE_TIMEOUT_MS }, call);
      ctx.log.info(`unplugged disk ${target} from running domain ${info.name}`);
    } catch (err) {
      ctx.log.info(`disk ${target} cannot be unplugged from running domain ${info.name}; restarting it instead`, {
        reason: (err as Error).message,
      });
      return undefined;
    }
  }
  return client.domains.info(info.name, call);
}
