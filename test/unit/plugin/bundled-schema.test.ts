// The GetProviderSchema answer made at bundle time (scripts/bundle-providers.js, served as it is by
// lib/provider/plugin/bundled-schema.ts): byte for byte the answer each provider's handlers build, and what the
// bundled provider process answers.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundledProviderPath } from "../../../lib/packaging";
import { providerHandlers } from "../../../lib/provider/framework";
import type { Provider } from "../../../lib/provider/framework";
import { incusProvider } from "../../../lib/provider/incus/provider";
import { libvirtProvider } from "../../../lib/provider/libvirt/provider";
import { createLogger, tfplugin6Codec } from "../../../lib/provider/plugin";
import {
  cleanupPluginClients,
  connectPlugin,
  generateSelfSignedCert,
  grpcCall,
  startProvider,
  terraformStartEnv,
} from "../../support/plugin-client";
import { ensureBundledProviders } from "../../support/terraform";
import { testfsProvider } from "../../fixtures/test-provider/provider";

jest.setTimeout(60_000);

interface Entry {
  type: string;
  provider: [string, string];
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const bundler = require("../../../scripts/bundle-providers") as {
  ENTRIES: Entry[];
  schemaResponse(provider: Entry["provider"]): Promise<Buffer>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const PROVIDERS: Record<string, Provider<any, any>> = {
  incus: incusProvider,
  libvirt: libvirtProvider,
  testfs: testfsProvider,
};

async function builtByHandlers(type: string): Promise<Buffer> {
  const log = createLogger({ level: "off", module: "test" });
  const answer = await providerHandlers(PROVIDERS[type], { log }).GetProviderSchema!({});
  return Buffer.from(tfplugin6Codec("GetProviderSchema").encodeResponse(answer));
}

afterEach(cleanupPluginClients);

test.each(bundler.ENTRIES.map((e) => [e.type, e] as const))(
  "%s: the answer made at bundle time is the one the provider builds",
  async (type, entry) => {
    const bundled = await bundler.schemaResponse(entry.provider);
    expect(bundled.length).toBeGreaterThan(100);
    expect(bundled.equals(await builtByHandlers(type))).toBe(true);
  },
);

describe("the bundled provider", () => {
  let tmp: string;
  beforeAll(() => ensureBundledProviders(["testfs"]));
  beforeEach(() => (tmp = mkdtempSync(join(tmpdir(), "t-cold-start-"))));
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  /** A start with its own TMPDIR (so its own code cache directory) that makes `calls`, then Shutdown. */
  async function start(calls: string[]) {
    const client = generateSelfSignedCert();
    const p = await startProvider(terraformStartEnv(client.certPem, tmp));
    const session = connectPlugin(p, client);
    const answers = [];
    for (const method of calls) answers.push(await grpcCall(session, `/tfplugin6.Provider/${method}`));
    expect((await grpcCall(session, "/plugin.GRPCController/Shutdown")).status).toBe("0");
    expect(await p.exit).toBe(0);
    return answers;
  }
  /** The code cache files made by the starts (one per bundle section loaded), by section. */
  const cachedSections = () =>
    readdirSync(join(tmp, `cdktf-virt-code-cache-${process.getuid!()}`))
      .map((name) => name.split(".")[2])
      .sort();

  test("answers GetProviderSchema with the bytes its handlers build, from the bundle", async () => {
    const [answer] = await start(["GetProviderSchema"]);
    expect(answer.status).toBe("0");
    expect(answer.data.equals(await builtByHandlers("testfs"))).toBe(true);
    expect(readFileSync(bundledProviderPath("testfs"), "utf8")).toContain(answer.data.toString("base64"));
  });

  test("a start that only asks for the schema never loads the provider section; one that needs it does", async () => {
    await start(["GetProviderSchema"]);
    expect(cachedSections()).toEqual(["host"]);
    const [metadata] = await start(["GetMetadata"]);
    expect(metadata.status).toBe("0");
    expect(cachedSections()).toEqual(["host", "provider"]);
  });
});
