// The order CI runs the integration files in (test/support/duration-sequencer.js), the script that refreshes the
// committed durations (scripts/ci/test-durations.js), and the split of the official acceptance tests into files
// (upstream-acceptance/partition.ts).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fixture from "../../fixtures/upstream-incus/v1.1.1.json";
import { inPart } from "../../integration/incus-provider/upstream-acceptance/partition";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the sequencer is a CommonJS module jest loads
const DurationSequencer = require("../../support/duration-sequencer");

const ROOT = join(__dirname, "..", "..", "..");
const abs = (p: string) => join(ROOT, p);
const rel = (p: string) => p.slice(ROOT.length + 1);

/** A jest Test as the sequencer sees one: no timing cache, the given file size. */
function jestTest(path: string, size: number) {
  return { path: abs(path), context: { config: { cache: false, rootDir: ROOT }, hasteFS: { getSize: () => size } } };
}

describe("the duration sequencer", () => {
  test("runs files it has no time for first, in jest's order, then the others longest first", () => {
    const seconds = {
      "test/integration/a.test.ts": 10,
      "test/integration/b.test.ts": 300,
      "test/integration/c.test.ts": 10,
    };
    const order = DurationSequencer.orderByDurations(
      ["a", "new1", "b", "c", "new2"].map((n) => abs(`test/integration/${n}.test.ts`)),
      seconds,
    ).map(rel);
    expect(order).toEqual([
      "test/integration/new1.test.ts",
      "test/integration/new2.test.ts",
      "test/integration/b.test.ts",
      "test/integration/a.test.ts",
      "test/integration/c.test.ts",
    ]);
  });

  test("puts the long upstream acceptance files before the large short ones, where jest's size order puts them last", () => {
    // Sizes as on disk: the long suites are small files (their configurations live in fixtures).
    const tests = [
      jestTest("test/integration/libvirt/upstream-domain-compat.test.ts", 40_000),
      jestTest("test/integration/constructs/volume-snapshot.test.ts", 9_000),
      jestTest("test/integration/incus-provider/upstream-acceptance/others.test.ts", 400),
      jestTest("test/integration/incus-provider/upstream-acceptance/instances-a.test.ts", 300),
      jestTest("test/unit/cli/init.test.ts", 20_000),
    ];
    const order = (new DurationSequencer().sort(tests) as { path: string }[]).map((t) => rel(t.path));
    expect(order[0]).toBe("test/unit/cli/init.test.ts"); // not in the durations file: first
    // Then the two upstream files, longer in the committed durations first (which of them is longer moves with
    // every refresh of that file, so it is read from it rather than written here).
    const seconds: Record<string, number> = DurationSequencer.readDurations();
    const upstream = [
      "test/integration/incus-provider/upstream-acceptance/others.test.ts",
      "test/integration/incus-provider/upstream-acceptance/instances-a.test.ts",
    ].sort((a, b) => seconds[b] - seconds[a]);
    expect(order.slice(1, 3)).toEqual(upstream);
    expect(order.at(-1)).toBe("test/integration/constructs/volume-snapshot.test.ts");
  });

  test("says which file is broken instead of falling back silently", () => {
    const dir = mkdtempSync(join(tmpdir(), "t-ci-time-"));
    try {
      writeFileSync(join(dir, "bad.json"), "{ nope");
      expect(() => DurationSequencer.readDurations(join(dir, "bad.json"))).toThrow(/bad\.json is not JSON/);
      writeFileSync(join(dir, "shape.json"), '{ "seconds": { "x.test.ts": "long" } }');
      expect(() => DurationSequencer.readDurations(join(dir, "shape.json"))).toThrow(/expected \{ "seconds"/);
      expect(DurationSequencer.readDurations(join(dir, "missing.json"))).toEqual({});
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("scripts/ci/test-durations.js update", () => {
  test("takes the times of passed files, keeps a failed file's committed time, and drops files that are gone", () => {
    const dir = mkdtempSync(join(tmpdir(), "t-ci-time-"));
    try {
      const committed = JSON.parse(readFileSync(abs("test/integration/durations.json"), "utf8")).seconds;
      const others = "test/integration/incus-provider/upstream-acceptance/others.test.ts";
      const drift = "test/integration/tooling/drift.test.ts";
      const result = {
        testResults: [
          { name: abs(others), status: "passed", startTime: 1_000, endTime: 1_000 + 300_400 },
          { name: abs(drift), status: "failed", startTime: 1_000, endTime: 2_000 },
          { name: abs("test/integration/gone.test.ts"), status: "passed", startTime: 0, endTime: 5_000 },
        ],
      };
      writeFileSync(join(dir, "integration.json"), JSON.stringify(result));
      const out = join(dir, "durations.json");
      const printed = execFileSync(
        process.execPath,
        [abs("scripts/ci/test-durations.js"), "update", "--out", out, join(dir, "integration.json")],
        { encoding: "utf8" },
      );
      const seconds = JSON.parse(readFileSync(out, "utf8")).seconds;
      expect(seconds[others]).toBe(300);
      expect(seconds[drift]).toBe(committed[drift]);
      expect(seconds["test/integration/gone.test.ts"]).toBeUndefined();
      expect(Object.keys(seconds)).toEqual(Object.keys(committed)); // sorted by path, as committed
      expect(printed).toContain(`moved ${others}: ${committed[others]} s -> 300 s`);
      expect(printed).toContain(`kept  ${drift}: failed`);
      expect(printed).toContain("0 new, 0 gone, 1 moved");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the partition of the official acceptance tests", () => {
  const names = fixture.files.flatMap((f) => f.tests.map((t) => t.name));

  test.each([1, 2, 3])("puts every official test in exactly one of %i parts", (count) => {
    for (const name of names) {
      const parts = Array.from({ length: count }, (_, index) => index).filter((index) =>
        inPart(name, { index, count }),
      );
      expect([name, parts.length]).toEqual([name, 1]);
    }
  });

  test("splits the instance and image tests into two halves of similar size", () => {
    const instanceTests = fixture.files
      .filter((f) => /^internal\/(instance|image)\//.test(f.file))
      .flatMap((f) => f.tests.map((t) => t.name));
    const first = instanceTests.filter((n) => inPart(n, { index: 0, count: 2 })).length;
    expect(first / instanceTests.length).toBeGreaterThan(0.35);
    expect(first / instanceTests.length).toBeLessThan(0.65);
  });

  test("refuses a part outside its count", () => {
    expect(() => inPart("TestAccImage_basic", { index: 2, count: 2 })).toThrow(/index from 0 to count - 1/);
  });
});
