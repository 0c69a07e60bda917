// The framework's planning rules (PlanResourceChange before modifyPlan): configured values, defaults, computed
// values (unknown on create, prior kept on update), plan modifiers, replacement paths, nested blocks and
// nested attributes (lists by index, sets by matching, maps by key).
import { UNKNOWN, isUnknown } from "../../../lib/provider/cty";
import {
  listBlock,
  mapOf,
  nested,
  num,
  requiresReplace,
  requiresReplaceIf,
  setBlock,
  singleBlock,
  str,
  useStateForUnknown,
} from "../../../lib/provider/framework";
import { objectValue } from "../../../lib/provider/framework";
import type { CtyValue, PlanModifier, Schema } from "../../../lib/provider/framework";
import { planChange } from "../../../lib/provider/framework/planner";

/** The value at `path` inside a planned value (undefined where there is none), for assertions that walk into it. */
function at(value: CtyValue | undefined, ...path: (string | number)[]): CtyValue | undefined {
  for (const step of path) {
    if (Array.isArray(value)) value = typeof step === "number" ? value[step] : undefined;
    else value = typeof step === "string" ? objectValue(value)?.[step] : undefined;
  }
  return value;
}

const schema: Schema = {
  attributes: {
    name: str({ required: true, planModifiers: [requiresReplace()] }),
    size: num({
      optional: true,
      planModifiers: [requiresReplaceIf((r) => Number(r.planValue) < Number(r.stateValue), "shrinking replaces")],
    }),
    mode: str({ default: "0644" }),
    note: str({ optional: true }),
    id: str({ computed: true }),
    status: str({ optional: true, computed: true }),
    tags: mapOf("string", { optional: true }),
  },
  blocks: {
    disk: setBlock({ path: str({ required: true }), serial: str({ computed: true }) }),
    step: listBlock({ cmd: str({ required: true }), exit: num({ computed: true }) }),
    limits: singleBlock({ cpu: num({ optional: true }), ram: num({ computed: true }) }),
  },
};

const config = (over: Record<string, unknown> = {}) => ({
  name: "a",
  size: 10,
  mode: null,
  note: null,
  id: null,
  status: null,
  tags: null,
  disk: [],
  step: [],
  limits: null,
  ...over,
});

describe("planChange: create", () => {
  test("configured values are kept, defaults applied, computed values unknown", () => {
    const { planned, requiresReplace: rr } = planChange(schema, config({ note: "n" }), null);
    expect(planned).toMatchObject({ name: "a", size: 10, mode: "0644", note: "n", tags: null });
    expect(isUnknown(planned!.id)).toBe(true);
    expect(isUnknown(planned!.status)).toBe(true);
    expect(rr).toEqual([]);
  });

  test("an unknown configured value stays unknown", () => {
    const { planned } = planChange(schema, config({ note: UNKNOWN }), null);
    expect(isUnknown(planned!.note)).toBe(true);
  });

  test("new nested block elements get unknown computed values", () => {
    const { planned } = planChange(
      schema,
      config({ disk: [{ path: "/a", serial: null }], step: [{ cmd: "x", exit: null }], limits: { cpu: 2, ram: null } }),
      null,
    );
    expect(at(planned, "disk", 0, "path")).toBe("/a");
    expect(isUnknown(at(planned, "disk", 0, "serial"))).toBe(true);
    expect(isUnknown(at(planned, "step", 0, "exit"))).toBe(true);
    expect(at(planned, "limits", "cpu")).toBe(2);
    expect(isUnknown(at(planned, "limits", "ram"))).toBe(true);
  });

  test("a null config is a destroy: no plan, no replacement", () => {
    expect(planChange(schema, null, config())).toEqual({ planned: null, requiresReplace: [] });
  });
});

describe("planChange: update", () => {
  const prior = {
    ...config(),
    mode: "0644",
    id: "id-1",
    status: "running",
    disk: [
      { path: "/a", serial: "S-A" },
      { path: "/b", serial: "S-B" },
    ],
    step: [{ cmd: "x", exit: 0 }],
    limits: { cpu: 2, ram: 512 },
  };

  test("computed values the config leaves null keep their prior values (no known-after-apply noise)", () => {
    const { planned, requiresReplace: rr } = planChange(
      schema,
      config({
        note: "changed",
        disk: [
          { path: "/a", serial: null },
          { path: "/b", serial: null },
        ],
        step: [{ cmd: "x", exit: null }],
        limits: { cpu: 2, ram: null },
      }),
      prior,
    );
    expect(planned).toMatchObject({ id: "id-1", status: "running", note: "changed" });
    expect(planned!.limits).toEqual({ cpu: 2, ram: 512 });
    expect(planned!.step).toEqual([{ cmd: "x", exit: 0 }]);
    expect(rr).toEqual([]);
  });

  test("set block elements are matched with prior elements by their configured values, in any order", () => {
    const { planned } = planChange(
      schema,
      config({
        disk: [
          { path: "/b", serial: null },
          { path: "/c", serial: null },
          { path: "/a", serial: null },
        ],
      }),
      prior,
    );
    expect(at(planned, "disk", 0)).toEqual({ path: "/b", serial: "S-B" });
    expect(at(planned, "disk", 1, "path")).toBe("/c");
    expect(isUnknown(at(planned, "disk", 1, "serial"))).toBe(true);
    expect(at(planned, "disk", 2)).toEqual({ path: "/a", serial: "S-A" });
  });

  test("list block elements continue the prior element at the same index", () => {
    const { planned } = planChange(
      schema,
      config({
        step: [
          { cmd: "y", exit: null },
          { cmd: "z", exit: null },
        ],
      }),
      prior,
    );
    expect(at(planned, "step", 0)).toEqual({ cmd: "y", exit: 0 });
    expect(isUnknown(at(planned, "step", 1, "exit"))).toBe(true);
  });

  test("an optional+computed value set in config wins over the prior value", () => {
    const { planned } = planChange(schema, config({ status: "stopped" }), prior);
    expect(planned!.status).toBe("stopped");
  });

  test("a default replaces a removed value instead of keeping the prior one", () => {
    const { planned } = planChange(schema, config(), { ...prior, mode: "0600" });
    expect(planned!.mode).toBe("0644");
  });

  test("requiresReplace and requiresReplaceIf yield sorted, de-duplicated paths", () => {
    const { requiresReplace: rr } = planChange(schema, config({ name: "b", size: 5 }), prior);
    expect(rr).toEqual([["name"], ["size"]]);
    // Growing does not replace (condition false), renaming does.
    expect(planChange(schema, config({ size: 20 }), prior).requiresReplace).toEqual([]);
  });

  test("requiresReplace on a nested list attribute names the element index; inside a set, the set itself", () => {
    const s: Schema = {
      attributes: {
        ports: nested(
          "list",
          { number: num({ required: true, planModifiers: [requiresReplace()] }) },
          { optional: true },
        ),
      },
      blocks: {
        vol: setBlock({
          pool: str({ required: true }),
          size: num({ optional: true, planModifiers: [requiresReplace()] }),
        }),
      },
    };
    const prior = { ports: [{ number: 1 }, { number: 2 }], vol: [{ pool: "p", size: 1 }] };
    const r = planChange(s, { ports: [{ number: 1 }, { number: 3 }], vol: [{ pool: "p", size: 2 }] }, prior);
    expect(r.requiresReplace).toEqual([["ports", 1, "number"], ["vol"]]);
  });

  test("plan modifiers see request values and can rewrite the plan; they do not run on destroy", () => {
    const seen: unknown[] = [];
    const spy: PlanModifier = {
      description: "spy",
      modify(req, resp) {
        seen.push({
          path: req.path,
          config: req.configValue,
          plan: req.planValue,
          state: req.stateValue,
          type: req.type,
        });
        resp.planValue = `${String(req.planValue)}!`;
      },
    };
    const s: Schema = { attributes: { v: str({ optional: true, planModifiers: [spy] }) } };
    expect(planChange(s, { v: "x" }, { v: "w" }).planned).toEqual({ v: "x!" });
    expect(seen).toEqual([{ path: ["v"], config: "x", plan: "x", state: "w", type: "string" }]);
    planChange(s, null, { v: "w" });
    expect(seen).toHaveLength(1);
  });

  test("useStateForUnknown keeps the prior value of a value marked unknown", () => {
    const markUnknown: PlanModifier = {
      description: "unknown",
      modify: (_req, resp) => void (resp.planValue = UNKNOWN),
    };
    const s: Schema = {
      attributes: { id: str({ computed: true, planModifiers: [markUnknown, useStateForUnknown()] }) },
    };
    expect(planChange(s, { id: null }, { id: "kept" }).planned).toEqual({ id: "kept" });
    expect(isUnknown(planChange(s, { id: null }, null).planned!.id)).toBe(true);
  });

  test("nested attributes in a map are planned per key, keeping computed values of existing keys", () => {
    const s: Schema = {
      attributes: {
        nics: nested("map", { net: str({ required: true }), mac: str({ computed: true }) }, { optional: true }),
      },
    };
    const r = planChange(
      s,
      { nics: { eth0: { net: "a", mac: null }, eth1: { net: "b", mac: null } } },
      { nics: { eth0: { net: "a", mac: "00:11" } } },
    );
    expect(at(r.planned, "nics", "eth0")).toEqual({ net: "a", mac: "00:11" });
    expect(isUnknown(at(r.planned, "nics", "eth1", "mac"))).toBe(true);
  });
});
