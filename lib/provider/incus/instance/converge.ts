// Bringing an existing instance to what the plan says, in the official provider's order: stop if it should
// be stopped, write config/devices/profiles, start and honour wait_for, sync files, run exec. Create uses
// the same steps after POST (or after adopting an instance a previous run left behind), update after Read.
import { isUnknown, knownOrNull } from "../../framework";
import type { DevicesMap, Instance, InstancePut, Versioned } from "../../../incus";
import { configEqual, mergeForPut, waitUntil } from "../common";
import { settleAddresses } from "./address-settle";
import type { Placement } from "./create";
import { desiredBody } from "./create";
import { execRunsFor, runExec } from "./exec";
import { fileBlocks, syncFiles } from "./files";
import type { InstanceHandle } from "./power";
import {
  INSTANCE_POLL_MS,
  isBusy,
  isRunning,
  sortedWaits,
  startInstance,
  stopInstance,
  waitFor,
  waitForAgent,
} from "./power";
import type { InstancePlan, InstanceState } from "./schema";
import { INSTANCE_COMPUTED_CONFIG } from "./schema";

/** The handle power operations take, for the instance called `name`. */
export function handleOf(at: Placement, name: string): InstanceHandle {
  return { client: at.client, name, call: at.call, timeoutMs: at.timeoutMs };
}

function devicesEqual(a: DevicesMap, b: DevicesMap): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => b[k] !== undefined && configEqual(a[k], b[k]));
}

/**
 * The body of the PUT that brings description, config, devices and profiles from `live` to the plan; undefined when
 * they already match. Attributes the plan does not know yet (an instance copied from a source before its first
 * read) keep their live value.
 */
export function modifiableUpdate(plan: InstancePlan, live: Instance): InstancePut | undefined {
  const desired = desiredBody(plan);
  const config = isUnknown(plan.config)
    ? live.config
    : mergeForPut(live.config, desired.config, INSTANCE_COMPUTED_CONFIG);
  const description = isUnknown(plan.description) ? live.description : desired.description;
  // A backup restore's pool device only chose the pool; it is not a device of the instance.
  const fromBackup = typeof plan.source_file === "string";
  const devices = isUnknown(plan.device) || fromBackup ? live.devices : desired.devices;
  const profiles = isUnknown(plan.profiles) ? live.profiles : desired.profiles;
  const unchanged =
    configEqual(config, live.config) &&
    devicesEqual(devices, live.devices ?? {}) &&
    JSON.stringify(profiles) === JSON.stringify(live.profiles ?? []) &&
    description === (live.description ?? "");
  if (unchanged) return undefined;
  return {
    architecture: live.architecture,
    config,
    devices,
    profiles,
    description,
    ephemeral: live.ephemeral,
    stateful: live.stateful,
  };
}

/**
 * PUTs description, config, devices and profiles when they differ from `current`, the live object just read
 * (with its ETag, so a concurrent change fails instead of being overwritten). Returns whether it wrote, and the
 * instance as last read. An instance busy with another operation (one a killed run left running: its create or
 * start) is read again and the PUT sent again once that operation is done, within the call's budget.
 */
export async function writeModifiable(
  at: Placement,
  name: string,
  plan: InstancePlan,
  current: Versioned<Instance>,
): Promise<{ readonly wrote: boolean; readonly live: Versioned<Instance> }> {
  let live = current;
  let wrote = false;
  await waitUntil(
    `instance ${JSON.stringify(name)} to finish its running operation`,
    async (signal) => {
      const body = modifiableUpdate(plan, live.value);
      if (!body) return true;
      try {
        await at.client.instances.update(name, body, { ...at.call, etag: live.etag, timeoutMs: at.timeoutMs });
        wrote = true;
        return true;
      } catch (err) {
        if (!isBusy(err)) throw err;
        // That operation may change the instance (status, volatile keys, ETag): the next PUT starts from it.
        live = await at.client.instances.get(name, { ...at.call, signal });
        return false;
      }
    },
    { timeoutMs: at.timeoutMs, signal: at.call.signal, intervalMs: INSTANCE_POLL_MS },
  );
  return { wrote, live };
}

/** Checks that an instance found under the planned name can become the planned one without replacement. */
export function adoptable(live: Instance, plan: InstancePlan): string | undefined {
  const type = knownOrNull(plan.type) ?? live.type;
  if (live.type !== type) return `it is a ${live.type}, the plan wants a ${type}`;
  if (Boolean(live.ephemeral) !== (plan.ephemeral === true)) return `its ephemeral flag is ${String(live.ephemeral)}`;
  return undefined;
}

/**
 * Steps after the object exists. `prior` is the state before an update (null on create): it decides which
 * files change and which exec entries run. wait_for is honoured on create and whenever the instance had to
 * be started. `current` is the live object when the caller has just read it (saves reading it again), or
 * "created" for an instance this apply has just created from the plan's own body (createdAsPlanned): stopped, with
 * the planned config, devices and profiles, so there is nothing to read or write before the start.
 * Decisions need only the status, which the instance object carries: no /state read here (it also sums the
 * disk usage, which is slow on some pools).
 */
export async function converge(
  at: Placement,
  name: string,
  plan: InstancePlan,
  prior: InstanceState | null,
  current?: Versioned<Instance> | "created",
): Promise<void> {
  const h = handleOf(at, name);
  const isCreate = prior === null;
  const files = fileBlocks(plan.file);
  const wantRunning = plan.running !== false;

  let status = "Stopped";
  let live: Versioned<Instance> | undefined;
  let rewritten = false;
  if (current !== "created") {
    live = current ?? (await at.client.instances.get(name, at.call));
    if (!wantRunning && live.value.status !== "Stopped") {
      await stopInstance(h, false, live.value.status);
      live = await at.client.instances.get(name, at.call); // new status and ETag
    }
    // A PUT of config or devices does not change whether the instance runs, so the status last read stays valid.
    const written = await writeModifiable(at, name, plan, live);
    rewritten = written.wrote;
    live = written.live;
    status = live.value.status;
  }

  let started = false;
  if ((wantRunning || files.length > 0) && !isRunning({ status })) {
    await startInstance(h, status);
    started = true;
  }
  if (started || (isCreate && wantRunning)) {
    const waits = sortedWaits(plan.wait_for);
    for (const wait of waits) await waitFor(h, wait, plan.type === "virtual-machine");
    // Without wait_for, the addresses the official provider would report are waited for briefly.
    // `live` still has the devices unless they were just rewritten or never read (an instance created from the
    // plan), which saves a read per instance of a large apply.
    if (waits.length === 0 && wantRunning) await settleAddresses(h, rewritten ? undefined : live?.value);
  }

  await syncFiles(at.client, name, prior ? fileBlocks(prior.file) : [], files, at.call);

  const runs = execRunsFor(plan.exec, prior?.exec ?? null, isCreate);
  if (runs.length > 0 && plan.type === "virtual-machine") await waitForAgent(h);
  for (const [entryName, entry] of runs) {
    await runExec(at.client, name, entryName, entry, at.call);
  }
}

/**
 * Renames an instance (Incus renames only stopped instances) and starts it again when it was running.
 * `renamed` runs right after the rename, before the restart, so the caller can record the new name even
 * when the restart then fails. `waits` is the plan's wait_for: without any, the restart waits briefly for
 * the addresses (settleAddresses), as a start in converge does.
 */
export async function renameInstance(
  at: Placement,
  from: string,
  to: string,
  waits: unknown,
  renamed: () => Promise<void>,
): Promise<void> {
  const h = handleOf(at, from);
  const wasRunning = isRunning((await at.client.instances.get(from, at.call)).value);
  if (wasRunning) await stopInstance(h, false, "Running");
  await at.client.instances.rename(from, to, { ...at.call, timeoutMs: at.timeoutMs });
  await renamed();
  if (!wasRunning) return;
  const renamedHandle = handleOf(at, to);
  await startInstance(renamedHandle, "Stopped");
  if (sortedWaits(waits).length === 0) await settleAddresses(renamedHandle);
}
