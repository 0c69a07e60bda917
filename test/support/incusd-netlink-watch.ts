// Watches the local incusd's log during an integration run for the one read that slows the daemon down for good.
// On Incus 6.0, a /state read of a running container whose network namespace incusd cannot query over netlink (a
// container without a NIC) falls back to a child process and then reads every container's network state that way
// until incusd restarts: about twenty times its CPU per read. A test run must not leave a user's daemon like that
// (nor make the rest of the run pay for it), so the global setup starts `incus monitor` on the daemon's log events
// and the teardown fails the run, naming the containers whose read did it.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";

/** Incus's message for a failed netlink query (driver_lxc.go, networkState); none after the switch (no more tries). */
export const NETLINK_FALLBACK_MESSAGE = "Failed to retrieve network information via netlink";

interface Watch {
  readonly child: ChildProcess;
  /** The event lines that carry the message; the rest of the log is dropped as it comes. */
  readonly lines: string[];
}

// The setup and the teardown run in jest's main process but are loaded as separate modules: the watch is kept on
// the global object between them.
const WATCH_KEY = Symbol.for("cdktf-virt.test.incusd-netlink-watch");
const shared = globalThis as { [WATCH_KEY]?: Watch };

/**
 * Starts `incus monitor --type=logging` on the local daemon, its output piped to this process: if the run is killed,
 * the monitor ends at its next write instead of staying behind.
 */
export function startNetlinkWatch(): void {
  const child = spawn("incus", ["monitor", "--type=logging", "--format=json", "--all-projects"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  const watch: Watch = { child, lines: [] };
  let partial = "";
  child.stdout?.setEncoding("utf8");
  child.stdout?.on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    watch.lines.push(...lines.filter((l) => l.includes(NETLINK_FALLBACK_MESSAGE)));
  });
  child.on("error", () => undefined); // no incus CLI: the tests that need it fail with their own message
  // Neither keeps jest's main process alive.
  child.unref();
  (child.stdout as { unref?: () => void } | null)?.unref?.();
  shared[WATCH_KEY] = watch;
}

/**
 * Stops the monitor and returns the containers (`project/name`) whose netlink query failed during the run; empty
 * when none did or nothing was watched.
 */
export function stopNetlinkWatch(): string[] {
  const watch = shared[WATCH_KEY];
  if (!watch) return [];
  delete shared[WATCH_KEY];
  watch.child.kill("SIGTERM");
  return netlinkFallbacks(watch.lines.join("\n"));
}

/** The containers named by netlink-fallback log events in `incus monitor --format=json` output (one per line). */
export function netlinkFallbacks(output: string): string[] {
  const found = new Set<string>();
  for (const line of output.split("\n")) {
    if (!line.includes(NETLINK_FALLBACK_MESSAGE)) continue;
    let event: { metadata?: { message?: string; context?: Record<string, string> } };
    try {
      event = JSON.parse(line) as typeof event;
    } catch {
      continue;
    }
    if (event.metadata?.message !== NETLINK_FALLBACK_MESSAGE) continue;
    const context = event.metadata.context ?? {};
    found.add(`${context.project || "default"}/${context.instance ?? "?"}`);
  }
  return [...found];
}

/** The teardown's error for `containers`, or undefined when there are none. */
export function netlinkFallbackError(containers: readonly string[]): Error | undefined {
  if (containers.length === 0) return undefined;
  return new Error(
    `incusd could not query the network state of ${containers.join(", ")} over netlink during this run; Incus 6.0 ` +
      "then reads every container's network state through a child process until it restarts (about twenty times " +
      "its CPU per read). A test read the /state of a running container without a NIC: give the container a NIC " +
      "(nictype p2p) or read its status from the instance object instead.",
  );
}
