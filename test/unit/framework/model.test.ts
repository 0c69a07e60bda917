// Typed models from declarative schemas: what resource code may assume about each value, checked by tsc
// (`npx tsc -p tsconfig.test.json`; the @ts-expect-error lines fail the check when a type is too loose).
import { UNKNOWN } from "../../../lib/provider/cty";
import type { ApplyModel, CtyObjectValue, PlanModel, Schema, StateModel } from "../../../lib/provider/framework";
import { bool, knownOrNull, listBlock, mapOf, nested, num, singleBlock, str } from "../../../lib/provider/framework";

const schema = {
  attributes: {
    name: str({ required: true }),
    description: str({ optional: true, computed: true, default: "" }),
    size: num({ optional: true }),
    fingerprint: str({ computed: true }),
    config: mapOf("string", { optional: true }),
    source: nested(
      "single",
      { path: str({ required: true }), mode: str({ optional: true, computed: true }) },
      { optional: true },
    ),
  },
  blocks: {
    device: listBlock({ name: str({ required: true }), enabled: bool({ optional: true }) }),
    limits: singleBlock({ cpu: num({ optional: true }) }),
  },
} satisfies Schema;

type S = StateModel<typeof schema>;
type A = ApplyModel<typeof schema>;
type P = PlanModel<typeof schema>;

test("state: required and defaulted values are never null, the rest may be; nothing is unknown", () => {
  const state: S = {
    name: "n",
    description: "",
    size: null,
    fingerprint: null,
    config: { a: "b" },
    source: { path: "/p", mode: null },
    device: [{ name: "eth0", enabled: null }],
    limits: null,
  };
  const name: string = state.name;
  const description: string = state.description;
  // @ts-expect-error an optional value may be null
  const size: number = state.size;
  // @ts-expect-error state holds no unknown values
  const unknownName: S = { ...state, fingerprint: UNKNOWN };
  // @ts-expect-error list blocks are never null
  const noDevices: S = { ...state, device: null };
  // @ts-expect-error typos are compile errors
  void state.nmae;
  expect([name, description, size, unknownName, noDevices]).toHaveLength(5);
});

test("apply: only computed values without a default may be unknown; plan: any value may be", () => {
  const planned: A = {
    name: "n",
    description: "",
    size: null,
    fingerprint: UNKNOWN,
    config: null,
    source: { path: "/p", mode: UNKNOWN },
    device: [],
    limits: null,
  };
  // @ts-expect-error a configured value is known at apply
  const unknownName: A = { ...planned, name: UNKNOWN };
  const atPlan: P = { ...planned, name: UNKNOWN, device: UNKNOWN };
  const fingerprint: string | null = knownOrNull(planned.fingerprint);
  expect([unknownName, atPlan, fingerprint]).toEqual([expect.anything(), expect.anything(), null]);
});

test("a schema typed only as Schema gives plain cty objects, as the server sees every resource's values", () => {
  const loose: Schema = schema;
  const values: StateModel<typeof loose> = { anything: 1 };
  const check: CtyObjectValue = values;
  // @ts-expect-error a value outside cty's is not a model value
  const notCty: StateModel<typeof loose> = { anything: new Date() };
  expect([Object.keys(loose.attributes).length, check, notCty]).toEqual([6, { anything: 1 }, expect.anything()]);
});
