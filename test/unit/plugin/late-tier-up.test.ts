// The bundle's loader raises V8's tier-up thresholds before anything else runs (scripts/bundle-providers-loader.js,
// lateTierUp): inside a bundled provider process, a small function called 6000 times is still unoptimized, where
// V8's defaults (CDKTF_VIRT_PROVIDER_LATE_TIER_UP=0) have optimized it. Checked with V8's own optimization status, in
// the node running the tests (Node 20, 22 and 24 in CI: each V8 generation has its own flags).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundledProviderPath } from "../../../lib/packaging";
import {
  cleanupPluginClients,
  generateSelfSignedCert,
  startProvider,
  terraformStartEnv,
} from "../../support/plugin-client";
import { ensureBundledProviders } from "../../support/terraform";

jest.setTimeout(60_000);

// Preloaded with --allow-natives-syntax: once the provider's code has run (the loader first), calls a small function
// 6000 times, then writes whether V8 optimized it (status bit 4, kOptimized: TurboFan or Maglev), looking again every
// 100 ms for 3 s so that a compile on V8's background thread can finish on a busy machine (the 30 calls meanwhile
// are far from the later thresholds).
const PROBE = `
const { writeFileSync } = require("node:fs");
const status = new Function("f", "return %GetOptimizationStatus(f)");
function hot(x) { return (x * 3 + 1) % 7; }
setImmediate(() => {
  let sum = 0;
  for (let i = 0; i < 6000; i++) sum += hot(i);
  let looks = 0;
  const look = () => {
    sum += hot(1);
    const optimized = (status(hot) & 16) !== 0;
    if (optimized || ++looks >= 30) writeFileSync(process.env.PROBE_OUT, optimized ? "optimized" : "not optimized");
    else setTimeout(look, 100);
  };
  setTimeout(look, 100);
});
`;

let tmp: string;
beforeAll(() => ensureBundledProviders(["testfs"]));
beforeEach(() => (tmp = mkdtempSync(join(tmpdir(), "t-tier-up-"))));
afterEach(() => {
  cleanupPluginClients();
  rmSync(tmp, { recursive: true, force: true });
});

async function probed(env: NodeJS.ProcessEnv): Promise<string> {
  const probe = join(tmp, "probe.js");
  const out = join(tmp, "status");
  writeFileSync(probe, PROBE);
  await startProvider(terraformStartEnv(generateSelfSignedCert().certPem, tmp, { PROBE_OUT: out, ...env }), {
    command: [process.execPath, ["--allow-natives-syntax", "--require", probe, bundledProviderPath("testfs")]],
  });
  for (let waited = 0; !existsSync(out); waited += 50) {
    if (waited > 10_000) throw new Error("the probe in the provider process wrote nothing within 10 s");
    await new Promise((r) => setTimeout(r, 50));
  }
  return readFileSync(out, "utf8");
}

test("in a provider process, a function called 6000 times is not optimized yet", async () => {
  expect(await probed({})).toBe("not optimized");
});

test("with CDKTF_VIRT_PROVIDER_LATE_TIER_UP=0 V8's defaults have optimized it", async () => {
  expect(await probed({ CDKTF_VIRT_PROVIDER_LATE_TIER_UP: "0" })).toBe("optimized");
});
