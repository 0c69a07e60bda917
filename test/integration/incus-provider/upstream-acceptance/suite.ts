// The official Incus provider's acceptance tests (test/fixtures/upstream-incus/, extracted by
// scripts/upstream/extract-incus-acceptance.js) against the bundled provider on host u (or on the test cluster for
// the tests that need a cluster as the default remote). Every test runs, except
// those this machine cannot host; each of those is listed with its reason, and the list is asserted, so a test
// never drops out silently. Three test files share the tests (instances-a.test.ts and instances-b.test.ts, split by
// partition.ts, and others.test.ts) so that the two integration workers can run them side by side.
import fixture from "../../../fixtures/upstream-incus/v1.1.1.json";
import { hostsFile, httpsClient } from "../../../support/incus-hosts";
import type { Part } from "./partition";
import { inPart } from "./partition";
import type { Differences, UpstreamFixture, UpstreamTest } from "./runner";
import { runUpstreamTest } from "./runner";

const { fixtures } = fixture as UpstreamFixture;
const tests = (fixture as UpstreamFixture).files.flatMap((f) => f.tests.map((t) => ({ ...t, file: f.file })));

/** Why a test cannot run on this machine, or undefined when it runs. */
function notRunnable(t: UpstreamTest): string | undefined {
  if (t.problems.length > 0) return t.problems.join("; ");
  if (t.precheck.includes("PreCheckVirtualization")) return "needs virtual machines (no /dev/kvm)";
  const configs = t.steps.map((s) => s.config ?? "").join("\n");
  if (/docker|ghcr\.io|images:ubuntu/.test(configs)) return "needs an image registry on the internet";
  if (/driver\s*=\s*"zfs"/.test(configs)) return "needs ZFS (no kernel module)";
  if (/driver\s*=\s*"lvm"/.test(configs)) return "needs LVM thin pools (no device-mapper in the kernel)";
  return undefined;
}

/**
 * Deliberate differences (docs/providers.md, "Deliberate differences from the official provider's behaviour"):
 * the step's error the bundled provider gives instead of the official one.
 */
const DIFFERENCES: Readonly<Record<string, Differences>> = {
  // An invalid wait_for delay is refused at plan time, at the attribute; nothing is created.
  TestAccInstance_waitForFailureKeepsStateInProject: { 0: { expectError: "Invalid wait_for delay" } },
};

const runnable = tests.filter((t) => !notRunnable(t));
const only = process.env.UPSTREAM_ONLY ? new RegExp(process.env.UPSTREAM_ONLY) : undefined;

/** The test of the list of tests not run (once, in others.test.ts). */
export function defineNotRunTest(): void {
  test("the tests this machine cannot run, and why", () => {
    const skipped = tests.filter((t) => notRunnable(t)).map((t) => [t.name, notRunnable(t)!] as const);
    console.log(
      `${runnable.length} of ${tests.length} run; not run:\n${skipped.map(([n, r]) => `  ${n}: ${r}`).join("\n")}`,
    );
    // Per reason, so that no test drops out unnoticed (docs/incus-resources.md lists them).
    const byReason: Record<string, number> = {};
    for (const [, reason] of skipped) byReason[reason] = (byReason[reason] ?? 0) + 1;
    expect(byReason).toEqual({
      "uses an older release of the provider from the registry (ExternalProviders)": 7,
      "needs virtual machines (no /dev/kvm)": 8,
      "needs an image registry on the internet": 4,
      "needs ZFS (no kernel module)": 9,
      "needs LVM thin pools (no device-mapper in the kernel)": 5,
    });
  });
}

/** Defines a jest test per runnable official test of the fixture files `files` matches (those of `part` only). */
export function defineUpstreamTests(files: RegExp, part?: Part): void {
  /**
   * The official tests count the aliases images:alpine/edge has on images.linuxcontainers.org (4) among the copied
   * ones; the stand-in image server (host b) gives the test image its own aliases: the runner expects those.
   */
  let standInAliases = 0;
  beforeAll(async () => {
    const b = httpsClient(hostsFile().hosts.b.address, "b");
    try {
      const alias = await b.images.getAlias("alpine/edge");
      standInAliases = (await b.images.get(alias.value.target)).value.aliases.length;
    } finally {
      await b.close();
    }
  });

  /** `t` with its checks of the copied aliases' count made for the stand-in image server. */
  function forStandIn(t: UpstreamTest): UpstreamTest {
    return {
      ...t,
      steps: t.steps.map((s) => ({
        ...s,
        checks: s.checks?.map((c) =>
          c.args[1] === "copied_aliases.#" && c.args[2] === "4"
            ? { ...c, args: [c.args[0], c.args[1], String(standInAliases)] }
            : c,
        ),
      })),
    };
  }

  test.each(
    runnable
      .filter((t) => files.test(t.file) && (!part || inPart(t.name, part)) && (!only || only.test(t.name)))
      .map((t) => [t.name, t] as const),
  )("%s", async (_name, t) => {
    await runUpstreamTest(forStandIn(t), fixtures, DIFFERENCES[t.name]);
  });
}
