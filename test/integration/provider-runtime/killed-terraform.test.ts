// A Terraform that is killed leaves no provider process behind.
// - The warm provider process (warm-server.ts) ends a session whose launcher is gone (the launcher watches its
//   Terraform) even when node's HTTP/2 session missed the end of the connection, which happens now and then when the
//   client is killed (the socket stays open with its peer gone). The first test builds that state on purpose: the
//   connection stays open while the launcher is killed.
// - A provider process started when its Terraform is already gone (a launcher that falls back to running node after
//   the kill) has nobody reading its handshake line, and exits.
// - The last test kills terraform at random moments of 50 applies (CDKTF_VIRT_DRILL_KILLS=500 for a longer run) of
//   the testfs provider, so an apply takes well under a second and the kills land in every phase: the plan's starts,
//   the hand-overs, the TLS handshakes, the calls. Every provider process it had must be gone within 5 s, as the
//   crash drill requires with Incus.
import { spawn } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundledProviderPath } from "../../../lib/packaging";
import {
  cleanupPluginClients,
  connectPlugin,
  generateSelfSignedCert,
  grpcCall,
  publishedWarmPids,
  startProvider,
  terraformStartEnv,
} from "../../support/plugin-client";
import { ensureBundledProviders, requiredProviders, TerraformWorkspace } from "../../support/terraform";
import { commandLine, descendants, killAll, waitForExit, warmProviders } from "../../support/processes";

/** Applies to kill (each takes about a second); the old code left a provider behind in 1 to 4 kills in 100. */
const KILLS = Number(process.env.CDKTF_VIRT_DRILL_KILLS ?? 50);
jest.setTimeout(120_000 + KILLS * 10_000);

let tmp: string;

beforeAll(() => {
  ensureBundledProviders(["testfs"]);
  // realpath: the launcher keys warm processes by `pwd`, and /tmp may be a symlink.
  tmp = realpathSync(mkdtempSync(join(tmpdir(), "t-warm-lost-")));
});
afterAll(() => {
  cleanupPluginClients();
  killAll(publishedWarmPids(tmp));
  rmSync(tmp, { recursive: true, force: true });
});

test("a session whose launcher is gone ends, and the warm process exits, though its connection stays open", async () => {
  const client = generateSelfSignedCert();
  const work = mkdtempSync(join(tmp, "direct-"));
  const started = await startProvider(terraformStartEnv(client.certPem, tmp), { asExecutable: true, cwd: work });
  const session = connectPlugin(started, client);
  expect((await grpcCall(session, "/tfplugin6.Provider/GetMetadata")).status).toBe("0");
  const [warm] = publishedWarmPids(tmp);
  expect(warm).toBeGreaterThan(0);
  const closed = new Promise<void>((resolve) => session.once("close", () => resolve()));

  // Terraform's side of the connection stays open; only the launcher (the plugin process Terraform waits on) goes.
  started.child.kill("SIGKILL");
  await started.exit;

  const outcome = await Promise.race([
    closed.then(() => "closed"),
    new Promise((resolve) => setTimeout(() => resolve("still open after 5 s"), 5000)),
  ]);
  const { survivors } = await waitForExit([warm], 2000);
  expect({ connection: outcome, warmProcess: survivors.length ? "still running" : "gone" }).toEqual({
    connection: "closed",
    warmProcess: "gone",
  });
});

test("a provider process whose handshake line nobody reads (its Terraform is gone) exits", async () => {
  const env = { ...terraformStartEnv(generateSelfSignedCert().certPem, tmp), CDKTF_VIRT_PROVIDER_REUSE: "0" };
  const child = spawn(process.execPath, [bundledProviderPath("testfs")], { env, stdio: ["ignore", "pipe", "ignore"] });
  child.stdout!.destroy(); // what a killed Terraform leaves: the reading end of the plugin's stdout is closed
  const { survivors } = await waitForExit([child.pid!], 5000);
  killAll(survivors.map((s) => s.pid));
  expect(survivors.length ? "still running after 5 s" : "exited").toBe("exited");
});

test(`terraform SIGKILLed at random moments of ${KILLS} applies: no provider process outlives it by 5 s`, async () => {
  const ws = TerraformWorkspace.create({ providers: ["testfs"], prefix: "t-runtime-lost", env: { TMPDIR: tmp } });
  try {
    const config = (rev: number) =>
      `${requiredProviders(["testfs"])}\nprovider "testfs" {\n  root = ${JSON.stringify(ws.dir)}\n}\n` +
      Array.from(
        { length: 20 },
        (_, i) => `resource "testfs_file" "f${i}" {\n  path    = "f${i}.txt"\n  content = "rev ${rev}"\n}\n`,
      ).join("");
    ws.write("main.tf", config(0));
    await ws.init();
    // How long an apply takes here: the kills are spread over it.
    const t0 = Date.now();
    expect((await ws.apply()).code).toBe(0);
    const applyMs = Date.now() - t0;
    const dir = realpathSync(ws.dir);

    const kills: string[] = [];
    const survivors: string[] = [];
    for (let rev = 1; kills.length < KILLS && rev <= 3 * KILLS; rev++) {
      ws.write("main.tf", config(rev));
      const child = ws.spawn(["apply", "-auto-approve", "-input=false"]);
      const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
      const delay = Math.floor(Math.random() * applyMs);
      let providers: number[] = [];
      const timer = setTimeout(() => {
        const launchers = descendants(child.pid!).filter((pid) => /terraform-provider-/.test(commandLine(pid)));
        providers = [...new Set([...launchers, ...warmProviders(dir)])];
        child.kill("SIGKILL");
      }, delay);
      await exited;
      clearTimeout(timer);
      if (child.signalCode !== "SIGKILL") continue; // the apply ended first
      kills.push(`${delay} ms`);
      const left = await waitForExit(providers, 5000);
      for (const s of left.survivors)
        survivors.push(`kill ${kills.length} (${delay} ms into the apply): ${s.pid} ${s.command}`);
      killAll(left.survivors.map((s) => s.pid));
    }
    console.log(
      `${kills.length} applies killed (an apply takes ${applyMs} ms here); providers left: ${survivors.length}`,
    );
    expect(kills.length).toBe(KILLS);
    expect(survivors).toEqual([]);
  } finally {
    killAll(warmProviders(realpathSync(ws.dir)));
    ws.cleanup();
  }
});
