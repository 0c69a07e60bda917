// Starting and stopping an instance and the `wait_for` conditions. Every wait shares one budget (the
// provider's wait timeout) and ends promptly when Terraform sends StopProvider (the signal in `call`).
import type { CallOptions, IncusClient, InstanceState } from "../../../incus";
import { IncusError, isNotFound } from "../../../incus";
import { parseDuration, sleep, waitUntil } from "../common";
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

const POLL_MS = 200;

/** Running or Ready (a VM whose agent reported ready). */
export function isRunning(state: Pick<InstanceState, "status">): boolean {
  return state.status === "Running" || state.status === "Ready";
}

function isStopped(state: Pick<InstanceState, "status">): boolean {
  return state.status === "Stopped";
}

/** Incus refuses a state change while another operation holds the instance ("Instance is busy running a …"). */
function isBusy(err: unknown): boolean {
  return err instanceof IncusError && /is busy running/i.test(err.incusMessage ?? err.message);
}

async function readState(h: InstanceHandle, signal: AbortSignal): Promise<InstanceState> {
  return (await h.client.instanceState.get(h.name, { ...h.call, signal })).value;
}

/** Starts the instance unless it already runs, then waits until Incus reports it running. */
export async function startInstance(h: InstanceHandle): Promise<void> {
  const state = (await h.client.instanceState.get(h.name, h.call)).value;
  if (isRunning(state)) return;
  const change = () =>
    state.status === "Frozen"
      ? h.client.instanceState.unfreeze(h.name, { ...h.call, timeoutMs: h.timeoutMs })
      : h.client.instanceState.start(h.name, { ...h.call, timeoutMs: h.timeoutMs });
  // An instance adopted after an interrupted run may still be busy with the create operation that run started.
  await waitUntil(
    `instance ${JSON.stringify(h.name)} to finish its running operation`,
    async () => {
      try {
        await change();
        return true;
      } catch (err) {
        if (isBusy(err)) return false;
        throw err;
      }
    },
    { timeoutMs: h.timeoutMs, signal: h.call.signal, intervalMs: POLL_MS },
  );
  await waitUntil(`instance ${JSON.stringify(h.name)} to be running`, async (signal) => isRunning(await readState(h, signal)), {
    timeoutMs: h.timeoutMs,
    signal: h.call.signal,
    intervalMs: POLL_MS,
  });
}

/**
 * Stops the instance (cleanly, or killed with `force`) and waits until it is stopped. Returns false when the
 * instance disappeared instead (an ephemeral instance is deleted when it stops).
 */
export async function stopInstance(h: InstanceHandle, force: boolean): Promise<boolean> {
  let state: InstanceState;
  try {
    state = (await h.client.instanceState.get(h.name, h.call)).value;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
  if (isStopped(state)) return true;
  const graceSeconds = Math.max(1, Math.floor(h.timeoutMs / 1000));
  try {
    await h.client.instanceState.stop(h.name, { ...h.call, force, timeout: graceSeconds, timeoutMs: h.timeoutMs + 5000 });
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
  const outcome = await waitUntil(
    `instance ${JSON.stringify(h.name)} to stop`,
    async (signal) => {
      try {
        return isStopped(await readState(h, signal)) ? "stopped" : undefined;
      } catch (err) {
        if (isNotFound(err)) return "gone";
        throw err;
      }
    },
    { timeoutMs: h.timeoutMs, signal: h.call.signal, intervalMs: POLL_MS },
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
  const options = { timeoutMs: h.timeoutMs, signal: h.call.signal, intervalMs: POLL_MS };
  const who = `instance ${JSON.stringify(h.name)}`;
  switch (wait.type) {
    case "delay":
      await sleep(parseDuration(wait.delay ?? ""), h.call.signal, `the wait_for delay of ${who}`);
      return;
    case "ipv4":
    case "ipv6": {
      const family = wait.type === "ipv4" ? "inet" : "inet6";
      const where = wait.nic ? ` on ${wait.nic}` : "";
      await waitUntil(`${who} to get an ${wait.type.toUpperCase()} address${where}`, async (signal) => hasAddress(await readState(h, signal), family, wait.nic), options);
      return;
    }
    case "ready":
      await waitUntil(`${who} to report Ready`, async (signal) => (await readState(h, signal)).status === "Ready", options);
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
    { timeoutMs: h.timeoutMs, signal: h.call.signal, intervalMs: POLL_MS },
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
      `cloud-init failed in instance ${JSON.stringify(h.name)} (status ${status.status ?? `exit code ${result.exitCode}`})` +
        (errors.length ? `: ${errors.join("; ")}` : result.stderr.trim() ? `: ${result.stderr.trim()}` : ""),
    );
  }
}
