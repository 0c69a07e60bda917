// Sensitive values never printed by the provider: the framework's own messages (plan/apply consistency,
// validators) redact by the schema, and the server scrubs every diagnostic and log line of a request of the
// sensitive strings that request carried, whatever code produced the text.
import { encodeMsgpack } from "../../../lib/provider/cty";
import type { CtyValue } from "../../../lib/provider/cty";
import {
  Diagnostics,
  listOf,
  mapOf,
  nested,
  oneOf,
  providerHandlers,
  regex,
  setBlock,
  str,
} from "../../../lib/provider/framework";
import type { Provider, Resource, Schema } from "../../../lib/provider/framework";
import { checkApplyAgainstPlan, checkPlanAgainstConfig } from "../../../lib/provider/framework/consistency";
import { redactAt } from "../../../lib/provider/framework/redact";
import { objectType } from "../../../lib/provider/framework/schema-type";
import { validateConfigValue } from "../../../lib/provider/framework/validate";
import { createLogger } from "../../../lib/provider/plugin";
import type { ProviderHandlers } from "../../../lib/provider/plugin";

const SECRET = "hunter2-very-secret";

const schema: Schema = {
  attributes: {
    name: str({ required: true }),
    password: str({
      optional: true,
      sensitive: true,
      validators: [regex(/^[a-z]+$/, "lower-case letters"), oneOf(["a", "b"])],
    }),
    config: mapOf("string", { optional: true, secretKeys: ["cloud-init.", "user.user-data"] }),
    exec: nested(
      "map",
      { command: listOf("string", { required: true, sensitive: true }), note: str({ optional: true }) },
      { optional: true },
    ),
  },
  blocks: {
    file: setBlock({ content: str({ optional: true, sensitive: true }), target_path: str({ required: true }) }),
  },
};

const value = (over: Record<string, CtyValue>) => ({
  name: "n",
  password: null,
  config: null,
  exec: null,
  file: [],
  ...over,
});

describe("redaction by schema path", () => {
  test("plan/config mismatch messages never print a sensitive attribute or a secret map key", () => {
    const config = value({ password: SECRET, config: { "cloud-init.user-data": SECRET, "limits.cpu": "2" } });
    const planned = value({
      password: `${SECRET}-x`,
      config: { "cloud-init.user-data": `${SECRET}-x`, "limits.cpu": "4" },
    });
    const problems = checkPlanAgainstConfig(schema, config, planned);
    const text = JSON.stringify(problems);
    expect(problems.map((p) => p.path)).toEqual([["password"], ["config"]]);
    expect(text).not.toContain(SECRET);
    expect(text).toContain("(sensitive value)");
    expect(text).toContain('\\"limits.cpu\\":\\"4\\"'); // what is not secret stays readable
  });

  test("apply/plan mismatch messages redact nested sensitive attributes and set blocks", () => {
    const planned = value({
      exec: { a: { command: [SECRET], note: "x" } },
      file: [{ content: SECRET, target_path: "/a" }],
    });
    const applied = value({
      exec: { a: { command: ["other-value"], note: "y" } },
      file: [{ content: "changed!", target_path: "/a" }],
    });
    const problems = checkApplyAgainstPlan(schema, planned, applied);
    const text = JSON.stringify(problems);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("other-value");
    expect(text).toContain('\\"x\\"'); // the note is not sensitive
  });

  test("redactAt follows map keys, nested attributes and blocks", () => {
    expect(redactAt(schema, ["config", { key: "cloud-init.vendor-data" }], "s")).toBe("(sensitive value)");
    expect(redactAt(schema, ["config", { key: "user.user-data" }], "s")).toBe("(sensitive value)");
    expect(redactAt(schema, ["config", { key: "user.other" }], "s")).toBe("s");
    expect(redactAt(schema, ["exec", { key: "a" }, "command"], ["s"])).toBe("(sensitive value)");
    expect(redactAt(schema, ["exec", { key: "a" }], { command: ["s"], note: "n" })).toEqual({
      command: "(sensitive value)",
      note: "n",
    });
    expect(redactAt(schema, ["file"], [{ content: "c", target_path: "/a" }])).toEqual([
      { content: "(sensitive value)", target_path: "/a" },
    ]);
    expect(redactAt(schema, ["password"], null)).toBeNull();
  });

  test("validators on a sensitive attribute say what is wrong without quoting the value", () => {
    const diags = new Diagnostics();
    validateConfigValue(schema, value({ password: "NOT-lower-" + SECRET }), diags);
    expect(diags.errors.length).toBe(2);
    expect(JSON.stringify(diags.all)).not.toContain(SECRET);
    expect(diags.errors.every((d) => d.path?.[0] === "password")).toBe(true);
  });
});

describe("the server scrubs diagnostics and logs of the request's secrets", () => {
  const thing: Resource = {
    typeName: "t_thing",
    schema,
    async create(req, ctx) {
      // Resource code that carelessly echoes what it was given, as remote errors and command output do.
      ctx.log.warn(`about to fail with ${req.planned.password}`, {
        env: { pw: req.planned.password },
        data: req.planned.config,
      });
      throw new Error(`the daemon said: bad value ${req.planned.password} in ${JSON.stringify(req.planned.config)}`);
    },
    async read() {
      return null;
    },
    async update() {},
    async delete() {},
  };
  const provider: Provider = {
    typeName: "t",
    schema: { attributes: {} },
    async configure() {
      return {};
    },
    resources: [thing],
  };

  test("create failure", async () => {
    const logs: string[] = [];
    const log = createLogger({ level: "trace", module: "test", write: (l) => void logs.push(l) });
    const h = providerHandlers(provider, { log }) as Required<ProviderHandlers>;
    const T = objectType(schema);
    const multiLine = `#cloud-config\npassword: ${SECRET}-line\n`;
    const planned = value({ password: SECRET, config: { "cloud-init.user-data": multiLine, "user.note": "visible" } });
    const res = await h.ApplyResourceChange({
      type_name: "t_thing",
      planned_state: { msgpack: encodeMsgpack(planned, T) },
      config: { msgpack: encodeMsgpack(planned, T) },
    });
    const text = JSON.stringify(res.diagnostics) + logs.join("\n");
    expect(res.diagnostics!.length).toBe(1);
    expect(text).not.toContain(SECRET);
    expect(text).toContain("the daemon said: bad value (sensitive value)");
    expect(text).toContain("visible");
    expect(logs.join("\n")).toContain("about to fail with (sensitive value)");
  });
});
