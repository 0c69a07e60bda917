// The bundle's loader raises V8's tier-up thresholds before anything else runs (scripts/bundle-providers-loader.js,
// lateTierUp): inside a bundled provider process, a small function called PROBE_CALLS times is still unoptimized, where
// V8's defaults (CDKTF_VIRT_PROVIDER_LATE_TIER_UP=0) have optimized it; and once the process has served
// CALLS_BEFORE_DEFAULTS gRPC calls (lib/provider/plugin/tier-up.ts) the defaults are back. Checked with V8's own
// optimization status, in the node running the tests (Node 20, 22 and 24 in CI: each V8 generation has its own flags).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundledProviderPath } from "../../../lib/packaging";
import { CALLS_BEFORE_DEFAULTS } from "../../../lib/provider/plugin/tier-up";
import {
  cleanupPluginClients,
  connectPlugin,
  generateSelfSignedCert,
  grpcCall,
  startProvider,
  terraformStartEnv,
} from "../../support/plugin-client";
import { ensureBundledProviders } from "../../support/terraform";

jest.setTimeout(60_000);

// Between V8's default threshold and the raised one (eight times) for the probed function. Node 24 (V8 13) tiers up
// with Maglev first: 400 calls, raised 3200. Node 22 (V8 12, Maglev off by default): TurboFan at 3000 calls, raised
// 24000. Node 20 (V8 11) counts bytecode run: 67584, raised 540672, at ~15 per call.
const PROBE_CALLS = Number(process.versions.v8.split(".")[0]) >= 13 ? 2000 : 6000;

// Preloaded with --allow-natives-syntax: once the provider's code has run (the loader first), or on SIGUSR2 when
// PROBE_ON_SIGNAL is set, calls a small function PROBE_CALLS times, then writes whether V8 optimized it (status bit 4,
// kOptimized: TurboFan or Maglev), looking again every 100 ms for 3 s so that a compile on V8's background thread can
// finish on a busy machine (the 30 calls meanwhile are far from the later thresholds).
const PROBE = `
const { writeFileSync } = require("node:fs");
const status = new Function("f", "return %GetOptimizationStatus(f)");
const neverOptimize = new Function("f", "%NeverOptimizeFunction(f)");
function hot(x) { return (x * 3 + 1) % 7; }
// The loop itself is never optimized: optimized on stack (OSR) with hot inlined into it, it would stop counting
// hot's calls before hot's own threshold, depending on when the background compile ends.
const run = () => {
  let sum = 0;
  for (let i = 0; i < Number(process.env.PROBE_CALLS); i++) sum += hot(i);
  let looks = 0;
  const look = () => {
    sum += hot(1);
    const optimized = (status(hot) & 16) !== 0;
    if (optimized || ++looks >= 30) writeFileSync(process.env.PROBE_OUT, optimized ? "optimized" : "not optimized");
    else setTimeout(look, 100);
  };
  setTimeout(look, 100);
};
neverOptimize(run);
if (process.env.PROBE_ON_SIGNAL) process.once("SIGUSR2", run);
else setImmediate(run);
`;

let tmp: string;
beforeAll(() => ensureBundledProviders(["testfs"]));
beforeEach(() => (tmp = mkdtempSync(join(tmpdir(), "t-tier-up-"))));
afterEach(() => {
  cleanupPluginClients();
  rmSync(tmp, { recursive: true, force: true });
});

/** The probe's verdict in a provider started with `env`; with `calls`, after that many gRPC calls were served. */
async function probed(env: NodeJS.ProcessEnv, calls = 0): Promise<string> {
  const probe = join(tmp, "probe.js");
  const out = join(tmp, "status");
  writeFileSync(probe, PROBE);
  const cert = generateSelfSignedCert();
  const onSignal = calls > 0 ? { PROBE_ON_SIGNAL: "1" } : {};
  const provider = await startProvider(
    terraformStartEnv(cert.certPem, tmp, { PROBE_OUT: out, PROBE_CALLS: String(PROBE_CALLS), ...onSignal, ...env }),
    {
      command: [process.execPath, ["--allow-natives-syntax", "--require", probe, bundledProviderPath("testfs")]],
    },
  );
  if (calls > 0) {
    const session = connectPlugin(provider, cert);
    for (let i = 0; i < calls; i++) {
      expect((await grpcCall(session, "/tfplugin6.Provider/GetMetadata")).status).toBe("0");
    }
    provider.child.kill("SIGUSR2");
  }
  for (let waited = 0; !existsSync(out); waited += 50) {
    if (waited > 10_000) throw new Error("the probe in the provider process wrote nothing within 10 s");
    await new Promise((r) => setTimeout(r, 50));
  }
  return readFileSync(out, "utf8");
}

test("in a provider process, a function called PROBE_CALLS times is not optimized yet", async () => {
  expect(await probed({})).toBe("not optimized");
});

test("with CDKTF_VIRT_PROVIDER_LATE_TIER_UP=0 V8's defaults have optimized it", async () => {
  expect(await probed({ CDKTF_VIRT_PROVIDER_LATE_TIER_UP: "0" })).toBe("optimized");
});

test("once the process has served CALLS_BEFORE_DEFAULTS calls, V8's defaults are back", async () => {
  expect(await probed({}, CALLS_BEFORE_DEFAULTS)).toBe("optimized");
});

test("a call fewer, they are not", async () => {
  expect(await probed({}, CALLS_BEFORE_DEFAULTS - 1)).toBe("not optimized");
});
