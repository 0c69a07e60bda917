// The stop before an instance's delete: a clean shutdown within boot.host_shutdown_timeout when a custom volume
// outlives the instance, then a kill; a kill at once otherwise; nothing for a stopped or vanished instance.
import type { IncusClient } from "../../../lib/incus";
import { IncusError } from "../../../lib/incus";
import { cleanStopSeconds, stopBeforeDelete } from "../../../lib/provider/incus/instance/clean-stop";
import type { InstanceHandle } from "../../../lib/provider/incus/instance/power";

const root = { type: "disk", pool: "p", path: "/" };
const data = { type: "disk", pool: "p", source: "db", path: "/data" };

function instance(devices: Record<string, Record<string, string>>, config: Record<string, string> = {}) {
  return { config, devices, expanded_config: config, expanded_devices: devices };
}

describe("cleanStopSeconds", () => {
  test("no custom volume (root disk, host path, NIC): killed at once", () => {
    const hostPath = { type: "disk", source: "/srv", path: "/srv" };
    expect(cleanStopSeconds(instance({ root, hostPath, eth0: { type: "nic", network: "n" } }))).toBeUndefined();
  });

  test("a custom volume: Incus' default of 30 s, or the instance's boot.host_shutdown_timeout", () => {
    expect(cleanStopSeconds(instance({ root, data }))).toBe(30);
    expect(cleanStopSeconds(instance({ root, data }, { "boot.host_shutdown_timeout": "120" }))).toBe(120);
    expect(cleanStopSeconds(instance({ root, data }, { "boot.host_shutdown_timeout": "soon" }))).toBe(30);
  });

  test("a volume and timeout that come from a profile count", () => {
    const viaProfile = {
      config: {},
      devices: { root },
      expanded_config: { "boot.host_shutdown_timeout": "7" },
      expanded_devices: { root, data },
    };
    expect(cleanStopSeconds(viaProfile)).toBe(7);
  });
});

describe("stopBeforeDelete", () => {
  /**
   * A fake instance whose clean stop fails with `cleanStopError` (when given), having stopped by itself meanwhile
   * when `stoppedMeanwhile`; records each stop asked for.
   */
  function handle(status: string, cleanStopError?: Error, stoppedMeanwhile = false) {
    const stops: { force: boolean; timeout: number }[] = [];
    let current = status;
    const client = {
      instances: { get: async () => ({ value: { status: current } }) },
      instanceState: {
        stop: async (_name: string, o: { force: boolean; timeout: number }) => {
          stops.push({ force: o.force, timeout: o.timeout });
          if (!o.force && cleanStopError) {
            if (stoppedMeanwhile) current = "Stopped";
            throw cleanStopError;
          }
          current = "Stopped";
        },
      },
    } as unknown as IncusClient;
    const h: InstanceHandle = { client, name: "db", call: {}, timeoutMs: 300_000 };
    return { h, stops };
  }

  test("without a clean-stop time the instance is killed", async () => {
    const { h, stops } = handle("Running");
    expect(await stopBeforeDelete(h, undefined, "Running")).toEqual({ stillThere: true });
    expect(stops).toEqual([{ force: true, timeout: 300 }]);
  });

  test("with one it is shut down cleanly within that time", async () => {
    const { h, stops } = handle("Running");
    expect(await stopBeforeDelete(h, 45, "Running")).toEqual({ stillThere: true });
    expect(stops).toEqual([{ force: false, timeout: 45 }]);
  });

  test("a clean shutdown that fails is followed by a kill, and says why", async () => {
    const timedOut = new IncusError("BAD_REQUEST", "Failed shutting down instance: timed out");
    const { h, stops } = handle("Running", timedOut);
    expect(await stopBeforeDelete(h, 2, "Running")).toEqual({
      stillThere: true,
      killedAfter: "Failed shutting down instance: timed out",
    });
    expect(stops.map((s) => s.force)).toEqual([false, true]);
  });

  test("a clean shutdown refused because the instance stopped meanwhile kills nothing and warns of nothing", async () => {
    const notRunning = new IncusError("BAD_REQUEST", "container is not running");
    const { h, stops } = handle("Running", notRunning, true);
    expect(await stopBeforeDelete(h, 30, "Running")).toEqual({ stillThere: true });
    expect(stops.map((s) => s.force)).toEqual([false]);
  });

  test("a stopped instance is left as it is", async () => {
    const { h, stops } = handle("Stopped");
    expect(await stopBeforeDelete(h, 30, "Stopped")).toEqual({ stillThere: true });
    expect(stops).toEqual([]);
  });

  test("an instance that is gone counts as stopped and not there", async () => {
    const { h } = handle("Running", new IncusError("NOT_FOUND", "Instance not found"));
    expect(await stopBeforeDelete(h, 30, "Running")).toEqual({ stillThere: false });
  });
});
