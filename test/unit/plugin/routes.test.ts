// The gRPC routes of a provider process (lib/provider/plugin/routes.ts): a warm process serving plan after plan
// encodes the provider schema once, and never keeps an answer that carries diagnostics; a schema answer made at
// bundle time is served without loading the provider.
import { buildRoutes } from "../../../lib/provider/plugin/routes";
import type { CallInfo } from "../../../lib/provider/plugin/grpc-server";
import { createLogger } from "../../../lib/provider/plugin/logger";
import { messageType } from "../../../lib/provider/plugin";
import type { ProviderHandlers } from "../../../lib/provider/plugin/wire-types";

const schemaType = messageType("tfplugin6.GetProviderSchema.Response");
const call = { session: {} } as CallInfo;

function routesServing(answers: Record<string, unknown>[]) {
  let calls = 0;
  const handlers = {
    GetProviderSchema: async () => answers[Math.min(calls++, answers.length - 1)],
  } as unknown as ProviderHandlers;
  const routes = buildRoutes(
    () => ({ handlers, log: createLogger({ level: "off", module: "test" }) }),
    () => undefined,
  );
  const getSchema = async () =>
    schemaType.decode(await routes.get("/tfplugin6.Provider/GetProviderSchema")!.handler!(new Uint8Array(0), call));
  return { getSchema, calls: () => calls };
}

const schema = (attribute: string) => ({
  provider: { version: 0, block: { attributes: [{ name: attribute, type: Buffer.from('"string"'), optional: true }] } },
});

describe("GetProviderSchema route", () => {
  test("the schema is built and encoded once per process: later sessions get the same answer", async () => {
    const r = routesServing([schema("first"), schema("second")]);
    const one = await r.getSchema();
    const two = await r.getSchema();
    expect(two).toEqual(one);
    expect(JSON.stringify(two)).toContain("first");
    expect(r.calls()).toBe(1);
  });

  test("an answer with diagnostics is not kept: the next call asks the provider again", async () => {
    const failed = { diagnostics: [{ severity: 1, summary: "schema failed" }] };
    const r = routesServing([failed, schema("fixed")]);
    expect(JSON.stringify(await r.getSchema())).toContain("schema failed");
    expect(JSON.stringify(await r.getSchema())).toContain("fixed");
    expect(JSON.stringify(await r.getSchema())).toContain("fixed");
    expect(r.calls()).toBe(2);
  });

  test("a prebuilt answer is served as it is, without asking for the provider", async () => {
    const prebuilt = schemaType.encode(schema("prebuilt"));
    let asked = 0;
    const routes = buildRoutes(
      () => {
        asked++;
        throw new Error("the provider was loaded");
      },
      () => undefined,
      prebuilt,
    );
    const answer = await routes.get("/tfplugin6.Provider/GetProviderSchema")!.handler!(new Uint8Array(0), call);
    expect(Buffer.from(answer).equals(Buffer.from(prebuilt))).toBe(true);
    expect(asked).toBe(0);
    await expect(routes.get("/tfplugin6.Provider/GetMetadata")!.handler!(new Uint8Array(0), call)).rejects.toThrow(
      "the provider was loaded",
    );
    expect(asked).toBe(1);
  });
});
