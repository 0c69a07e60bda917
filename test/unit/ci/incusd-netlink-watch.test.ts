// The integration run's check for the read that makes Incus 6.0 read network state through child processes: which
// containers `incus monitor --format=json` output names, and the error the teardown fails the run with.
import { NETLINK_FALLBACK_MESSAGE, netlinkFallbackError, netlinkFallbacks } from "../../support/incusd-netlink-watch";

/** One logging event as `incus monitor --type=logging --format=json` prints it (Incus 6.0.4). */
function event(message: string, context: Record<string, string>, level = "warning"): string {
  return JSON.stringify({ type: "logging", timestamp: "2026-12-05T21:39:40Z", metadata: { message, level, context } });
}

test("names each container whose netlink query failed, once, with its project", () => {
  const output = [
    event("Handling API request", { method: "GET", url: "/1.0/instances/t-a/state" }, "debug"),
    event(NETLINK_FALLBACK_MESSAGE, { instance: "t-a", instanceType: "container", pid: "25726", project: "default" }),
    event(NETLINK_FALLBACK_MESSAGE, { instance: "t-a", instanceType: "container", pid: "25726", project: "default" }),
    event(NETLINK_FALLBACK_MESSAGE, { instance: "t-b", instanceType: "container", pid: "1", project: "apps" }),
    "",
  ].join("\n");
  expect(netlinkFallbacks(output)).toEqual(["default/t-a", "apps/t-b"]);
});

test("ignores other messages, a message that only mentions it, and lines that are not JSON", () => {
  const output = [
    event("Failed to stop instance", { instance: "t-a", project: "default" }),
    event("Handling API request", { note: NETLINK_FALLBACK_MESSAGE }, "debug"),
    `not json ${NETLINK_FALLBACK_MESSAGE}`,
  ].join("\n");
  expect(netlinkFallbacks(output)).toEqual([]);
});

test("the error names the containers and what to do; none means no error", () => {
  expect(netlinkFallbackError([])).toBeUndefined();
  const error = netlinkFallbackError(["default/t-incus-a6450348"]);
  expect(error?.message).toMatch(/default\/t-incus-a6450348/);
  expect(error?.message).toMatch(/give the container a NIC/);
});
