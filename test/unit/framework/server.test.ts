// The tfplugin6 handlers of ProviderServer, called in-process with msgpack-encoded values as Terraform sends
// them: schema on the wire, plan/apply rules, failures that keep objects tracked, read removals, import,
// state upgrades, StopProvider cancellation, and exceptions turned into diagnostics with attribute paths.
import { UNKNOWN, decodeMsgpack, encodeMsgpack, isUnknown, parseCtyType } from "../../../lib/provider/cty";
import type { CtyValue } from "../../../lib/provider/cty";
import {
  DiagnosticError,
  UNKNOWN as FW_UNKNOWN,
  knownOrNull,
  listBlock,
  num,
  providerHandlers,
  requiresReplace,
  str,
} from "../../../lib/provider/framework";
import type { DataSource, Provider, Resource, Schema, State } from "../../../lib/provider/framework";
import { objectType } from "../../../lib/provider/framework/schema-type";
import { createLogger } from "../../../lib/provider/plugin";
import type { DynamicValue, ProviderHandlers } from "../../../lib/provider/plugin";

type Behaviour = {
  createFails?: "after-state" | "before-state";
  updateFails?: boolean;
  readReturns?: State | null;
  waitForStop?: boolean;
};

const behaviour: Behaviour = {};
const calls: string[] = [];

// Typed by plain `Schema`, so its values are cty objects as the server sees them: it plays resource code that
// returns partial states and attributes outside its schema, which the server must normalize or refuse.
const thing: Resource<{ token: string }> = {
  typeName: "t_thing",
  schema: {
    version: 2,
    attributes: {
      name: str({ required: true, planModifiers: [requiresReplace()] }),
      size: num({ optional: true }),
      mode: str({ default: "rw", description: "Access mode." }),
      id: str({ computed: true }),
      secret: str({ optional: true, sensitive: true }),
    },
    blocks: { port: listBlock({ number: num({ required: true }) }, { maxItems: 3 }) },
  },
  async create({ planned }, ctx, resp) {
    calls.push(`create:${ctx.providerData.token}`);
    if (behaviour.createFails === "before-state") throw new Error("quota exceeded");
    resp.state = { ...planned, id: "id-" + planned.name };
    resp.private = Buffer.from("p1");
    if (behaviour.createFails === "after-state")
      throw new DiagnosticError("Start failed", "the thing did not start", ["size"]);
    if (behaviour.waitForStop) {
      await new Promise((_resolve, reject) => ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason)));
    }
  },
  async read({ state }) {
    return "readReturns" in behaviour ? (behaviour.readReturns ?? null) : state;
  },
  async update({ planned }, ctx, resp) {
    calls.push("update");
    if (behaviour.updateFails) {
      ctx.diagnostics.error("Update refused", "the daemon said no", ["size"]);
      return;
    }
    resp.state = { ...planned };
  },
  async delete() {
    calls.push("delete");
  },
  async importState(id) {
    return { name: id };
  },
  upgradeState(version, raw) {
    return { ...raw, size: version === 1 ? Number(raw.size_mb) : raw.size, size_mb: undefined };
  },
};

const lookupSchema = { attributes: { name: str({ required: true }), found: str({ computed: true }) } } satisfies Schema;

const lookup: DataSource<{ token: string }, typeof lookupSchema> = {
  typeName: "t_lookup",
  schema: lookupSchema,
  validateConfig(config, ctx) {
    if (config.name === "forbidden") ctx.diagnostics.error("Bad name", "that name is not allowed", ["name"]);
  },
  async read(config, ctx) {
    return { name: config.name, found: `${config.name}@${ctx.providerData.token}` };
  },
};

const providerSchema = { attributes: { token: str({ optional: true }) } } satisfies Schema;

const provider: Provider<{ token: string }, typeof providerSchema> = {
  typeName: "t",
  schema: providerSchema,
  async configure(config) {
    return { token: knownOrNull(config.token) ?? "none" };
  },
  resources: [thing],
  dataSources: [lookup],
};

const T = objectType(thing.schema);
const enc = (v: CtyValue): DynamicValue => ({ msgpack: encodeMsgpack(v, T) });
const dec = (dv: DynamicValue | undefined) =>
  (dv?.msgpack ? decodeMsgpack(dv.msgpack, T) : undefined) as State | null | undefined;
const value = (over: Record<string, unknown>) => ({
  name: "a",
  size: null,
  mode: null,
  id: null,
  secret: null,
  port: [],
  ...over,
});

let h: Required<ProviderHandlers>;
const logs: string[] = [];

beforeEach(async () => {
  for (const k of Object.keys(behaviour)) delete (behaviour as Record<string, unknown>)[k];
  calls.length = 0;
  logs.length = 0;
  const log = createLogger({ level: "debug", module: "test", write: (l) => void logs.push(l) });
  h = providerHandlers(provider, { log }) as Required<ProviderHandlers>;
  const providerType = objectType(provider.schema);
  await h.ConfigureProvider({
    terraform_version: "1.11.4",
    config: { msgpack: encodeMsgpack({ token: "tok" }, providerType) },
  });
});

describe("GetProviderSchema", () => {
  test("sends types as JSON, defaults as optional+computed, blocks with nesting and limits", async () => {
    const res = await h.GetProviderSchema({});
    expect(res.server_capabilities).toEqual({ plan_destroy: true, get_provider_schema_optional: true });
    const s = res.resource_schemas!.t_thing;
    expect(s.version).toBe(2);
    const attrs = Object.fromEntries(s.block.attributes.map((a) => [a.name, a]));
    expect(parseCtyType(attrs.size.type!)).toBe("number");
    expect(attrs.mode).toMatchObject({ optional: true, computed: true, required: false, description: "Access mode." });
    expect(attrs.name).toMatchObject({ required: true, optional: false, computed: false });
    expect(attrs.secret.sensitive).toBe(true);
    expect(s.block.block_types).toEqual([
      expect.objectContaining({ type_name: "port", nesting: 2, max_items: 3, min_items: 0 }),
    ]);
  });
});

describe("PlanResourceChange", () => {
  test("create: default applied, computed unknown, no replacement paths", async () => {
    const res = await h.PlanResourceChange({
      type_name: "t_thing",
      config: enc(value({})),
      proposed_new_state: enc(value({})),
    });
    const planned = dec(res.planned_state)!;
    expect(planned.mode).toBe("rw");
    expect(isUnknown(planned.id)).toBe(true);
    expect(res.requires_replace).toEqual([]);
    expect(res.diagnostics).toEqual([]);
  });

  test("update: prior computed values kept; a RequiresReplace change answers its path", async () => {
    const prior = value({ mode: "rw", id: "id-a" });
    const res = await h.PlanResourceChange({
      type_name: "t_thing",
      prior_state: enc(prior),
      config: enc(value({ name: "b" })),
      prior_private: Buffer.from("pp"),
    });
    expect(dec(res.planned_state)).toMatchObject({ name: "b", id: "id-a" });
    expect(res.requires_replace).toEqual([{ steps: [{ attribute_name: "name" }] }]);
    expect(Buffer.from(res.planned_private!).toString()).toBe("pp");
  });

  test("destroy (plan_destroy): a null planned state", async () => {
    const res = await h.PlanResourceChange({
      type_name: "t_thing",
      prior_state: enc(value({ id: "x", mode: "rw" })),
      config: {},
    });
    expect(dec(res.planned_state)).toBeNull();
  });

  test("an unknown resource type is a diagnostic, not a crash", async () => {
    const res = await h.PlanResourceChange({ type_name: "t_nope", config: enc(value({})) });
    expect(res.diagnostics![0]).toMatchObject({ severity: 1, summary: "Unknown resource type" });
  });
});

describe("ApplyResourceChange", () => {
  const planned = value({ mode: "rw", id: FW_UNKNOWN });

  test("create returns the new state and private bytes; providerData reaches the resource", async () => {
    const res = await h.ApplyResourceChange({
      type_name: "t_thing",
      planned_state: enc(planned),
      config: enc(value({})),
    });
    expect(dec(res.new_state)).toMatchObject({ name: "a", id: "id-a" });
    expect(Buffer.from(res.private!).toString()).toBe("p1");
    expect(calls).toEqual(["create:tok"]);
  });

  test("create failing after the object exists still returns its state, with the error on the attribute", async () => {
    behaviour.createFails = "after-state";
    const res = await h.ApplyResourceChange({
      type_name: "t_thing",
      planned_state: enc(planned),
      config: enc(value({})),
    });
    expect(dec(res.new_state)).toMatchObject({ id: "id-a" });
    expect(res.diagnostics).toEqual([
      {
        severity: 1,
        summary: "Start failed",
        detail: "the thing did not start",
        attribute: { steps: [{ attribute_name: "size" }] },
      },
    ]);
  });

  test("create failing before anything exists returns a null state and the message, never a stack trace", async () => {
    behaviour.createFails = "before-state";
    const res = await h.ApplyResourceChange({
      type_name: "t_thing",
      planned_state: enc(planned),
      config: enc(value({})),
    });
    expect(dec(res.new_state)).toBeNull();
    expect(res.diagnostics).toEqual([{ severity: 1, summary: "Creating t_thing failed", detail: "quota exceeded" }]);
    expect(logs.join("")).toMatch(/quota exceeded\\n\s+at /); // the stack goes to the debug log only
  });

  test("a failed update keeps the prior state bytes", async () => {
    behaviour.updateFails = true;
    const prior = enc(value({ mode: "rw", id: "id-a", size: 1 }));
    const res = await h.ApplyResourceChange({
      type_name: "t_thing",
      prior_state: prior,
      planned_state: enc(value({ mode: "rw", id: "id-a", size: 2 })),
      config: enc(value({ size: 2 })),
    });
    expect(res.new_state).toBe(prior);
    expect(res.diagnostics![0]).toMatchObject({
      summary: "Update refused",
      attribute: { steps: [{ attribute_name: "size" }] },
    });
  });

  test("delete answers a null state; the prior state is kept if delete fails", async () => {
    const prior = enc(value({ mode: "rw", id: "id-a" }));
    const res = await h.ApplyResourceChange({ type_name: "t_thing", prior_state: prior, planned_state: {} });
    expect(dec(res.new_state)).toBeNull();
    expect(calls).toEqual(["delete"]);
  });

  test("StopProvider aborts the signal of in-flight calls; the created object is still returned", async () => {
    behaviour.waitForStop = true;
    const pending = h.ApplyResourceChange({
      type_name: "t_thing",
      planned_state: enc(planned),
      config: enc(value({})),
    });
    await new Promise((r) => setTimeout(r, 20));
    await h.StopProvider({});
    const res = await pending;
    expect(dec(res.new_state)).toMatchObject({ id: "id-a" });
    expect(res.diagnostics![0]).toMatchObject({ summary: "Creating t_thing: interrupted" });
  });

  test("a result contradicting the plan is logged as an error naming the attribute", async () => {
    const res = await h.ApplyResourceChange({
      type_name: "t_thing",
      planned_state: enc(value({ mode: "rw", id: "id-other" })),
      config: enc(value({})),
    });
    expect(dec(res.new_state)).toMatchObject({ id: "id-a" });
    expect(
      logs.some(
        (l) =>
          l.includes('"@level":"error"') && l.includes('.id: planned \\"id-other\\", but apply produced \\"id-a\\"'),
      ),
    ).toBe(true);
  });
});

describe("ReadResource, ImportResourceState, UpgradeResourceState", () => {
  test("read returning null removes the object; private bytes pass through", async () => {
    behaviour.readReturns = null;
    const res = await h.ReadResource({
      type_name: "t_thing",
      current_state: enc(value({ id: "x", mode: "rw" })),
      private: Buffer.from("keep"),
    });
    expect(dec(res.new_state)).toBeNull();
  });

  test("read results are normalised: missing attributes become null, list blocks empty lists", async () => {
    behaviour.readReturns = { name: "a", id: "x" };
    const res = await h.ReadResource({
      type_name: "t_thing",
      current_state: enc(value({ id: "x", mode: "rw" })),
      private: Buffer.from("keep"),
    });
    expect(dec(res.new_state)).toEqual({ name: "a", id: "x", size: null, mode: null, secret: null, port: [] });
    expect(Buffer.from(res.private!).toString()).toBe("keep");
  });

  test("read returning an attribute outside the schema keeps the state and says what is wrong", async () => {
    behaviour.readReturns = { name: "a", colour: "red" };
    const current = enc(value({ id: "x", mode: "rw" }));
    const res = await h.ReadResource({ type_name: "t_thing", current_state: current });
    expect(res.new_state).toBe(current);
    expect(res.diagnostics![0].detail).toMatch(/\.colour: no such attribute in the schema/);
  });

  test("import: partial states are filled with nulls", async () => {
    const res = await h.ImportResourceState({ type_name: "t_thing", id: "web" });
    expect(res.imported_resources).toHaveLength(1);
    expect(dec(res.imported_resources![0].state)).toEqual(value({ name: "web" }));
  });

  test("upgrade from an older version goes through upgradeState; same version drops unknown attributes", async () => {
    const json = (o: object) => ({ json: Buffer.from(JSON.stringify(o)) });
    const old = await h.UpgradeResourceState({
      type_name: "t_thing",
      version: 1,
      raw_state: json({ name: "a", size_mb: 5, mode: "ro", port: [] }),
    });
    expect(dec(old.upgraded_state)).toMatchObject({ name: "a", size: 5, mode: "ro" });
    const same = await h.UpgradeResourceState({
      type_name: "t_thing",
      version: 2,
      raw_state: json({ name: "a", removed_attr: 1, port: null }),
    });
    expect(dec(same.upgraded_state)).toEqual(value({}));
    const newer = await h.UpgradeResourceState({ type_name: "t_thing", version: 3, raw_state: json({ name: "a" }) });
    expect(newer.diagnostics![0].summary).toBe("State of t_thing is from a newer provider");
  });
});

describe("ValidateResourceConfig", () => {
  test("schema checks report attribute paths on the wire (list index as element_key_int)", async () => {
    const thingWithBadPort = value({ port: [{ number: 1 }, { number: null }] });
    const res = await h.ValidateResourceConfig({ type_name: "t_thing", config: enc(thingWithBadPort) });
    expect(res.diagnostics).toEqual([
      expect.objectContaining({
        summary: "Missing required argument",
        attribute: { steps: [{ attribute_name: "port" }, { element_key_int: 1 }, { attribute_name: "number" }] },
      }),
    ]);
  });

  test("configs with unknown values validate without errors", async () => {
    const res = await h.ValidateResourceConfig({ type_name: "t_thing", config: enc(value({ name: UNKNOWN })) });
    expect(res.diagnostics).toEqual([]);
  });
});

describe("data sources", () => {
  const L = objectType(lookup.schema);
  const encL = (v: CtyValue): DynamicValue => ({ msgpack: encodeMsgpack(v, L) });

  test("ValidateDataResourceConfig runs the schema checks, then the data source's validateConfig", async () => {
    const missing = await h.ValidateDataResourceConfig({
      type_name: "t_lookup",
      config: encL({ name: null, found: null }),
    });
    expect(missing.diagnostics).toEqual([
      expect.objectContaining({
        summary: "Missing required argument",
        attribute: { steps: [{ attribute_name: "name" }] },
      }),
    ]);
    const refused = await h.ValidateDataResourceConfig({
      type_name: "t_lookup",
      config: encL({ name: "forbidden", found: null }),
    });
    expect(refused.diagnostics).toEqual([
      {
        severity: 1,
        summary: "Bad name",
        detail: "that name is not allowed",
        attribute: { steps: [{ attribute_name: "name" }] },
      },
    ]);
    const fine = await h.ValidateDataResourceConfig({
      type_name: "t_lookup",
      config: encL({ name: "web", found: null }),
    });
    expect(fine.diagnostics).toEqual([]);
  });

  test("ReadDataSource returns the value read; unknown data source types are diagnostics", async () => {
    const res = await h.ReadDataSource({ type_name: "t_lookup", config: encL({ name: "web", found: null }) });
    expect(decodeMsgpack(res.state!.msgpack!, L)).toEqual({ name: "web", found: "web@tok" });
    const unknown = await h.ValidateDataResourceConfig({
      type_name: "t_nope",
      config: encL({ name: "web", found: null }),
    });
    expect(unknown.diagnostics).toEqual([
      { severity: 1, summary: "Unknown data source type", detail: 'This provider has no data source type "t_nope".' },
    ]);
    const thingAsData = await h.ReadDataSource({ type_name: "t_thing", config: enc(value({})) });
    expect(thingAsData.diagnostics![0]).toMatchObject({ summary: "Unknown data source type" });
  });
});
