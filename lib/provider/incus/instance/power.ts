// Starting and stopping an instance and the `wait_for` conditions. Every wait shares one budget (the
// provider's wait timeout) and ends promptly when Terraform sends StopProvider (the signal in `call`).
import type { CallOptions, IncusClient, InstanceState } from "../../../incus";
import { IncusError, isNotFound } from "../../../incus";
import { MAX_DURATION_MS, parseDuration, sleep, waitUntil } from "../common";
import { hasAddress } from "./network";

/** Everything a power operation needs to reach one instance. */
export interface InstanceHandle {
  readonly client: IncusClient;
  readonly name: string;
  /** project + signal for every call. */
  readonly call: CallOptions;
  /** Budget of each wait (start, stop, one wait_for entry). */
  readonly timeoutMs: number;
}

/** One `wait_for` block's value. */
export interface WaitForValue {
  readonly type: string;
  readonly delay: string | null;
  readonly nic: string | null;
}

/** How often a wait on an instance looks again. */
export const INSTANCE_POLL_MS = 200;

/** Running or Ready (a VM whose agent reported ready). */
export function isRunning(state: Pick<InstanceState, "status">): boolean {
  return state.status === "Running" || state.status === "Ready";
}

function isStopped(state: Pick<InstanceState, "status">): boolean {
  return state.status === "Stopped";
}

/** Incus refuses a change while another operation holds the instance ("Instance is busy running a …"). */
export function isBusy(err: unknown): boolean {
  return err instanceof IncusError && /is busy running/i.test(err.incusMessage ?? err.message);
}

async function readState(h: InstanceHandle, signal: AbortSignal): Promise<InstanceState> {
  return (await h.client.instanceState.get(h.name, { ...h.call, signal })).value;
}

/**
 * The status alone, from GET /1.0/instances/<name>: a few milliseconds, where /state also sums the disk usage
 * (about 100 ms per call on a `dir` pool). Runtime details (addresses, processes) still need `readState`.
 */
async function readStatus(h: InstanceHandle, signal?: AbortSignal): Promise<string> {
  return (await h.client.instances.get(h.name, signal ? { ...h.call, signal } : h.call)).value.status;
}

/**
 * Starts the instance unless it already runs. `knownStatus` is the status the caller has at hand (from the
 * instance object, or "Stopped" for one this apply just created or stopped); without it the status is read.
 * A start needs no wait afterwards: the client waits for the start operation, and Incus finishes it only once
 * the instance runs. An unfreeze is followed by a wait until the instance reports running.
 */
export async function startInstance(h: InstanceHandle, knownStatus?: string): Promise<void> {
  let status = knownStatus ?? (await readStatus(h));
  let retrying = false;
  let unfrozen = false;
  // An instance adopted after an interrupted run may still be busy with the create (or start) operation that
  // run started: wait it out, and look again before each retry, since that operation may have started it.
  await waitUntil(
    `instance ${JSON.stringify(h.name)} to finish its running operation`,
    async (signal) => {
      if (retrying) status = await readStatus(h, signal);
      if (isRunning({ status })) return true;
      try {
        if (status === "Frozen") {
          await h.client.instanceState.unfreeze(h.name, { ...h.call, timeoutMs: h.timeoutMs });
          unfrozen = true;
        } else {
          await h.client.instanceState.start(h.name, { ...h.call, timeoutMs: h.timeoutMs });
        }
        return true;
      } catch (err) {
        if (isBusy(err)) {
          retrying = true;
          return false;
        }
        // Refused or failed: fine if something else (that adopted run's operation) started it meanwhile.
        if (isRunning({ status: await readStatus(h, signal).catch(() => "") })) return true;
        throw err;
      }
    },
    { timeoutMs: h.timeoutMs, signal: h.call.signal, intervalMs: INSTANCE_POLL_MS },
  );
  if (!unfrozen) return;
  await waitUntil(
    `instance ${JSON.stringify(h.name)} to be running`,
    async (signal) => isRunning({ status: await readStatus(h, signal) }),
    {
      timeoutMs: h.timeoutMs,
      signal: h.call.signal,
      intervalMs: INSTANCE_POLL_MS,
    },
  );
}

/**
 * Stops the instance (cleanly, or killed with `force`) and waits until it is stopped. Returns false when the
 * instance disappeared instead (an ephemeral instance is deleted when it stops). Only the status is needed:
 * `knownStatus` when the caller has it, else read from the instance object, not from /state. A clean stop may
 * take `graceSeconds` (default: the wait budget); Incus fails the stop when the instance is still running then.
 */
export async function stopInstance(
  h: InstanceHandle,
  force: boolean,
  knownStatus?: string,
  graceSeconds: number = Math.max(1, Math.floor(h.timeoutMs / 1000)),
): Promise<boolean> {
  let status: string;
  try {
    status = knownStatus ?? (await readStatus(h));
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
  if (isStopped({ status })) return true;
  try {
    // The call outlives Incus' grace by 5 s, yet stays a budget a timer can hold (wait_timeout may be the maximum).
    await h.client.instanceState.stop(h.name, {
      ...h.call,
      force,
      timeout: graceSeconds,
      timeoutMs: Math.min(Math.max(h.timeoutMs, graceSeconds * 1000) + 5000, MAX_DURATION_MS),
    });
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
  const outcome = await waitUntil(
    `instance ${JSON.stringify(h.name)} to stop`,
    async (signal) => {
      try {
        return isStopped({ status: await readStatus(h, signal) }) ? "stopped" : undefined;
      } catch (err) {
        if (isNotFound(err)) return "gone";
        throw err;
      }
    },
    { timeoutMs: h.timeoutMs, signal: h.call.signal, intervalMs: INSTANCE_POLL_MS },
  );
  return outcome === "stopped";
}

/** The wait_for blocks in a stable order (Terraform sets have none). */
export function sortedWaits(blocks: unknown): WaitForValue[] {
  const list = Array.isArray(blocks) ? (blocks.filter((b) => b && typeof b === "object") as WaitForValue[]) : [];
  return [...list].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
}

/** Runs one wait_for condition against a started instance. */
export async function waitFor(h: InstanceHandle, wait: WaitForValue, isVm: boolean): Promise<void> {
  const options = { timeoutMs: h.timeoutMs, signal: h.call.signal, intervalMs: INSTANCE_POLL_MS };
  const who = `instance ${JSON.stringify(h.name)}`;
  switch (wait.type) {
    case "delay":
      await sleep(parseDuration(wait.delay ?? ""), h.call.signal, `the wait_for delay of ${who}`);
      return;
    case "ipv4":
    case "ipv6": {
      const family = wait.type === "ipv4" ? "inet" : "inet6";
      const where = wait.nic ? ` on ${wait.nic}` : "";
      await waitUntil(
        `${who} to get an ${wait.type.toUpperCase()} address${where}`,
        async (signal) => hasAddress(await readState(h, signal), family, wait.nic),
        options,
      );
      return;
    }
    case "ready":
      // The status alone: on Incus 6.0 a /state read of a container without a NIC would switch incusd to a child
      // process per network-state read until it restarts (docs/providers.md).
      await waitUntil(`${who} to report Ready`, async (signal) => (await readStatus(h, signal)) === "Ready", options);
      return;
    case "agent":
      await waitForAgent(h);
      return;
    case "cloud-init":
      if (isVm) await waitForAgent(h);
      await waitForCloudInit(h);
      return;
    default:
      throw new Error(`Unknown wait_for type ${JSON.stringify(wait.type)}`);
  }
}

/** A VM's agent is up once Incus can count its processes. */
export async function waitForAgent(h: InstanceHandle): Promise<void> {
  await waitUntil(
    `the Incus agent of instance ${JSON.stringify(h.name)}`,
    async (signal) => {
      const state = await readState(h, signal);
      return isRunning(state) && state.processes > 0;
    },
    { timeoutMs: h.timeoutMs, signal: h.call.signal, intervalMs: INSTANCE_POLL_MS },
  );
}

async function waitForCloudInit(h: InstanceHandle): Promise<void> {
  const result = await h.client.exec.run(h.name, ["cloud-init", "status", "--wait", "--format", "json"], {
    ...h.call,
    timeoutMs: h.timeoutMs,
  });
  let status: { status?: string; errors?: string[] } = {};
  try {
    status = JSON.parse(result.stdout) as typeof status;
  } catch {
    // Older cloud-init prints no JSON; its exit code then tells.
  }
  const errors = status.errors ?? [];
  if (status.status === "error" || errors.length > 0 || (status.status === undefined && result.exitCode !== 0)) {
    throw new Error(
      `cloud-init failed in instance ${JSON.stringify(h.name)} (status ${
        status.status ?? `exit code ${result.exitCode}`
      })` + (errors.length ? `: ${errors.join("; ")}` : result.stderr.trim() ? `: ${result.stderr.trim()}` : ""),
    );
  }
}
