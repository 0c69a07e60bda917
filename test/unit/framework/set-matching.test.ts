// Set element matching (lib/provider/framework/set-matching.ts): the grouped lookup gives exactly the matches the
// pairwise search gave (same prior element, same order, each prior element once), including duplicates, unknown
// and computed wildcards, nested sets and values that do not fit their type; and its work stays linear in the size
// of the set.
import { ctyEqual, isUnknown, UNKNOWN } from "../../../lib/provider/cty";
import type { CtyValue } from "../../../lib/provider/cty";
import { num, setBlock, setOf, str } from "../../../lib/provider/framework";
import { objectValue } from "../../../lib/provider/framework";
import type { CtyObjectValue, Schema } from "../../../lib/provider/framework";
import { planChange } from "../../../lib/provider/framework/planner";
import { SetElementMatcher } from "../../../lib/provider/framework/set-matching";
import { attributeMode, attributeType } from "../../../lib/provider/framework/schema-type";
import type { ObjectSchema } from "../../../lib/provider/framework/schema-type";

/** The value at `path` inside a planned value (undefined where there is none), for assertions that walk into it. */
function at(value: CtyValue | undefined, ...path: (string | number)[]): CtyValue | undefined {
  for (const step of path) {
    if (Array.isArray(value)) value = typeof step === "number" ? value[step] : undefined;
    else value = typeof step === "string" ? objectValue(value)?.[step] : undefined;
  }
  return value;
}

/** The pairwise search the planner used before: the reference the grouped lookup must agree with. */
function pairwise(
  schema: ObjectSchema,
  cfg: CtyObjectValue,
  priors: readonly CtyValue[],
  used: Set<number>,
): CtyObjectValue | null {
  for (let j = 0; j < priors.length; j++) {
    const p = objectValue(priors[j]);
    if (used.has(j) || p === null || isUnknown(p) || typeof p !== "object" || Array.isArray(p)) continue;
    const same = Object.entries(schema.attributes).every(([name, attr]) => {
      const c = cfg[name] ?? null;
      if (attributeMode(attr).computed && c === null) return true;
      if (isUnknown(c)) return true;
      return ctyEqual(c, p[name] ?? null, attributeType(attr));
    });
    if (same) {
      used.add(j);
      return p;
    }
  }
  return null;
}

/** Indices of the prior elements each configured element gets (-1: none), by both methods. */
function bothWays(schema: ObjectSchema, configured: CtyObjectValue[], priors: CtyValue[]) {
  const matcher = new SetElementMatcher(schema, priors);
  const used = new Set<number>();
  const index = (p: CtyObjectValue | null) => (p === null ? -1 : priors.indexOf(p));
  return {
    grouped: configured.map((c) => index(matcher.match(c))),
    reference: configured.map((c) => index(pairwise(schema, c, priors, used))),
  };
}

const disk: ObjectSchema = {
  attributes: {
    path: str({ required: true }),
    size: num({ optional: true }),
    mode: str({ optional: true, computed: true }),
    serial: str({ computed: true }),
    tags: setOf("string", { optional: true }),
  },
};

const d = (path: string, over: CtyObjectValue = {}): CtyObjectValue => ({
  path,
  size: null,
  mode: null,
  serial: null,
  tags: null,
  ...over,
});

describe("SetElementMatcher", () => {
  test("matches by configured values in any order; computed values may differ", () => {
    const priors = [d("/a", { serial: "A", mode: "ro" }), d("/b", { serial: "B", mode: "rw" })];
    const r = bothWays(disk, [d("/b"), d("/c"), d("/a")], priors);
    expect(r.grouped).toEqual([1, -1, 0]);
    expect(r.grouped).toEqual(r.reference);
  });

  test("duplicates: each prior element is taken once, in prior order; extra configured duplicates get none", () => {
    const priors = [d("/x", { serial: "1" }), d("/y"), d("/x", { serial: "2" })];
    const r = bothWays(disk, [d("/x"), d("/x"), d("/x")], priors);
    expect(r.grouped).toEqual([0, 2, -1]);
    expect(r.grouped).toEqual(r.reference);
  });

  test("an unknown configured value and a computed value left null match anything; a configured optional+computed value must be equal", () => {
    const priors = [d("/a", { mode: "ro", size: 1 }), d("/b", { mode: "rw", size: 2 })];
    const r = bothWays(
      disk,
      [d("/b", { mode: "ro" }), d(UNKNOWN as never, { size: 2 }), d("/a", { mode: "ro", size: UNKNOWN as never })],
      priors,
    );
    expect(r.grouped).toEqual([-1, 1, 0]);
    expect(r.grouped).toEqual(r.reference);
  });

  test("wildcards and exact elements share the prior elements as the pairwise search did", () => {
    const priors = [d("/a", { size: 1 }), d("/a", { size: 2 }), d("/a", { size: 1 })];
    // The first takes prior 0 (size unknown: any /a); the second needs size 1 and gets prior 2; the third any /a: prior 1.
    const r = bothWays(
      disk,
      [d("/a", { size: UNKNOWN as never }), d("/a", { size: 1 }), d("/a", { size: UNKNOWN as never })],
      priors,
    );
    expect(r.grouped).toEqual([0, 2, 1]);
    expect(r.grouped).toEqual(r.reference);
  });

  test("nested sets compare as sets, numbers by value; null and unknown prior elements are skipped", () => {
    const priors: CtyValue[] = [null, UNKNOWN, d("/t", { tags: ["b", "a"], size: 1 })];
    const r = bothWays(disk, [d("/t", { tags: ["a", "b", "a"], size: "1.0" as never })], priors);
    expect(r.grouped).toEqual([2]);
    expect(r.grouped).toEqual(r.reference);
  });

  test("a configured value that does not fit its type fails as the pairwise comparison does", () => {
    const priors = [d("/a")];
    const bad = d("/a", { size: "not a number" as never });
    expect(() => new SetElementMatcher(disk, priors).match(bad)).toThrow(/number/i);
    expect(() => pairwise(disk, bad, priors, new Set())).toThrow(/number/i);
  });

  test("random sets: the same matches as the pairwise search", () => {
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pick = (): CtyObjectValue =>
      d(`/${rand(4)}`, {
        size: [null, 1, 2, UNKNOWN][rand(4)] as never,
        mode: [null, "ro", "rw"][rand(3)] as never,
        serial: [null, "s"][rand(2)] as never,
        tags: [null, ["a"], ["b", "a"], ["a", "b"]][rand(4)] as never,
      });
    for (let round = 0; round < 200; round++) {
      const priors = Array.from({ length: rand(8) }, () => {
        const p = pick();
        return { ...p, size: isUnknown(p.size) ? 3 : p.size };
      });
      const configured = Array.from({ length: rand(8) }, pick);
      const r = bothWays(disk, configured, priors);
      expect(r.grouped).toEqual(r.reference);
    }
  });

  test("the work is linear: a 10 000-element set computes one key per element and finishes quickly", () => {
    const n = 10_000;
    const priors = Array.from({ length: n }, (_, i) => d(`/p${i}`, { size: i, serial: `S${i}` }));
    const configured = Array.from({ length: n }, (_, i) => d(`/p${n - 1 - i}`, { size: n - 1 - i }));
    const started = Date.now();
    const matcher = new SetElementMatcher(disk, priors);
    const matched = configured.map((c) => matcher.match(c));
    const ms = Date.now() - started;
    expect(matched.every((p, i) => p !== null && p.path === configured[i].path)).toBe(true);
    // n keys for the prior elements (one table) + n for the configured ones; pairwise it was ~n²/2 comparisons.
    expect(matcher.keysComputed).toBe(2 * n);
    // Generous for a loaded 2-core machine (about 0.1 s when idle); the pairwise search took minutes.
    expect(ms).toBeLessThan(10_000);
  });
});

describe("planChange with large sets", () => {
  test("a 10 000-element set block (and the modifiers' walk over it) plans in linear time", () => {
    const s: Schema = {
      attributes: {},
      blocks: { disk: setBlock({ path: str({ required: true }), serial: str({ computed: true }) }) },
    };
    const n = 10_000;
    const prior = { disk: Array.from({ length: n }, (_, i) => ({ path: `/p${i}`, serial: `S${i}` })) };
    const config = { disk: Array.from({ length: n }, (_, i) => ({ path: `/p${n - 1 - i}`, serial: null })) };
    const started = Date.now();
    const { planned } = planChange(s, config, prior);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(at(planned, "disk", 0)).toEqual({ path: `/p${n - 1}`, serial: `S${n - 1}` });
    expect(at(planned, "disk", n - 1)).toEqual({ path: "/p0", serial: "S0" });
  });

  test("nested set blocks inside a set block are matched within their matched parent", () => {
    const s: Schema = {
      attributes: {},
      blocks: {
        host: setBlock(
          { name: str({ required: true }), id: str({ computed: true }) },
          {
            blocks: {
              port: setBlock({ number: num({ required: true }), proto: str({ optional: true, computed: true }) }),
            },
          },
        ),
      },
    };
    const prior = {
      host: [
        {
          name: "a",
          id: "A",
          port: [
            { number: 80, proto: "tcp" },
            { number: 53, proto: "udp" },
          ],
        },
        { name: "b", id: "B", port: [{ number: 80, proto: "sctp" }] },
      ],
    };
    const config = {
      host: [
        { name: "b", id: null, port: [{ number: 80, proto: null }] },
        {
          name: "a",
          id: null,
          port: [
            { number: 53, proto: null },
            { number: 80, proto: null },
          ],
        },
      ],
    };
    const { planned } = planChange(s, config, prior);
    expect(planned!.host).toEqual([
      { name: "b", id: "B", port: [{ number: 80, proto: "sctp" }] },
      {
        name: "a",
        id: "A",
        port: [
          { number: 53, proto: "udp" },
          { number: 80, proto: "tcp" },
        ],
      },
    ]);
  });
});
