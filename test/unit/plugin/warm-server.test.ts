// The launcher lines of a bundled provider and the warm provider process behind them, met the way Terraform
// meets them: the executable started again and again with the same working directory and environment (and a new
// client certificate each time). Each test has its own TMPDIR, so its warm processes are its own.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from "../../../lib/provider/plugin";
import { IDLE_MS, IDLE_SECONDS_ENV, idleFromEnv } from "../../../lib/provider/plugin/warm-server";
import { bundledProviderPath } from "../../../lib/packaging";
import {
  answers,
  cleanupPluginClients,
  connectPlugin,
  generateSelfSignedCert,
  grpcCall,
  publishedWarmPids,
  startProvider,
} from "../../support/plugin-client";
import type { StartedPlugin } from "../../support/plugin-client";
import { waitForExit } from "../../support/processes";
import { ensureBundledProviders } from "../../support/terraform";

jest.setTimeout(30_000);

let work: string;
beforeAll(() => ensureBundledProviders(["testfs"]));
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "t-warm-"));
});
afterEach(async () => {
  cleanupPluginClients();
  const pids = serverPids();
  for (const pid of pids) process.kill(pid, "SIGTERM");
  // A warm process writes its code cache under its TMPDIR as it exits: removed before that, `work` would come back.
  await waitForExit(pids, 5000);
  rmSync(work, { recursive: true, force: true });
});

const uid = process.getuid!();
const baseDir = () => join(work, `cdktf-virt-providers-${uid}`);

/** A start as Terraform makes it: magic cookie, protocol versions in either order, a new client certificate. */
function terraformStart(extra: NodeJS.ProcessEnv = {}) {
  const cert = generateSelfSignedCert();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    TMPDIR: work,
    [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
    PLUGIN_PROTOCOL_VERSIONS: Math.random() < 0.5 ? "5,6" : "6,5",
    PLUGIN_CLIENT_CERT: cert.certPem,
    ...extra,
  };
  return { cert, env };
}

/** pids of the warm processes of this test (from their published lines). */
function serverPids(): number[] {
  return publishedWarmPids(work);
}

/** The pid of the launcher registered with this test's warm process (its sessions/<pid> file; not <pid>.ok). */
function registeredLauncher(): number {
  const sessionsDir = join(baseDir(), readdirSync(baseDir())[0], "sessions");
  return Number(readdirSync(sessionsDir).find((e) => /^\d+$/.test(e)));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor(what: string, check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function shutdown(p: StartedPlugin, session: ReturnType<typeof connectPlugin>): Promise<number | null> {
  expect((await grpcCall(session, "/plugin.GRPCController/Shutdown")).status).toBe("0");
  return Promise.race([
    p.exit,
    new Promise<string>((r) => setTimeout(() => r("launcher still running"), 3000)),
  ]) as Promise<number | null>;
}

test("three starts in a row: one warm process serves them, each start ends with exit 0 on Shutdown", async () => {
  const sockets: string[] = [];
  const servers: number[][] = [];
  for (let i = 0; i < 3; i++) {
    const { cert, env } = terraformStart();
    const p = await startProvider(env, { asExecutable: true, cwd: work });
    sockets.push(p.socket);
    servers.push(serverPids());
    const session = connectPlugin(p, cert);
    expect((await grpcCall(session, "/tfplugin6.Provider/GetProviderSchema")).status).toBe("0");
    expect(await shutdown(p, session)).toBe(0);
  }
  expect(new Set(sockets).size).toBe(1);
  expect(servers.every((s) => s.length === 1 && s[0] === servers[0][0])).toBe(true);
  // No work for IDLE_MS: the warm process exits and removes its directory.
  const [pid] = servers[0];
  await waitFor("the idle warm process to exit", () => !alive(pid), IDLE_MS + 3000);
  expect(readdirSync(baseDir())).toEqual([]);
});

test("a session's logs go to its own launcher's stderr (a pipe, as Terraform's os/exec makes)", async () => {
  const runThroughPipe = (bundle: string): [string, string[]] => [
    "/bin/sh",
    ["-c", `{ "${bundle}" 2>&1 1>&3 3>&- | cat 1>&2 3>&-; } 3>&1`],
  ];
  const logs: string[] = [];
  for (let i = 0; i < 2; i++) {
    const { cert, env } = terraformStart({ TF_LOG: "debug" });
    const p = await startProvider(env, { cwd: work, command: runThroughPipe(bundledProviderPath("testfs")) });
    const session = connectPlugin(p, cert);
    expect((await grpcCall(session, "/tfplugin6.Provider/GetProviderSchema")).status).toBe("0");
    expect(await shutdown(p, session)).toBe(0);
    logs.push(p.stderr());
  }
  for (const text of logs) {
    const lines = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l["@message"])).toEqual(
      expect.arrayContaining([
        "session opened in a warm provider process",
        "session ended: shutdown requested by Terraform",
      ]),
    );
  }
});

test("a different working directory or environment gets its own warm process", async () => {
  const other = mkdtempSync(join(work, "other-"));
  const a = terraformStart();
  const pa = await startProvider(a.env, { asExecutable: true, cwd: work });
  const b = terraformStart({ SOME_SETTING: "x" });
  const pb = await startProvider(b.env, { asExecutable: true, cwd: work });
  const c = terraformStart();
  const pc = await startProvider(c.env, { asExecutable: true, cwd: other });
  expect(new Set([pa.socket, pb.socket, pc.socket]).size).toBe(3);
  expect(serverPids()).toHaveLength(3);
});

test("only the certificate a launcher registered is accepted", async () => {
  const { cert, env } = terraformStart();
  const p = await startProvider(env, { asExecutable: true, cwd: work });
  expect(await answers(connectPlugin(p, generateSelfSignedCert()))).toBe(false);
  expect(await answers(connectPlugin(p, null))).toBe(false);
  expect(await answers(connectPlugin(p, cert))).toBe(true);
});

test("a killed Terraform: its launcher exits within a couple of seconds, and the warm process after its idle time", async () => {
  const { cert, env } = terraformStart();
  // The parent shell plays Terraform; the provider's stdout is the test's pipe, as Terraform's would be.
  const p = await startProvider(env, {
    cwd: work,
    command: ["/bin/sh", ["-c", `"${bundledProviderPath("testfs")}" & wait`]],
  });
  const session = connectPlugin(p, cert);
  expect((await grpcCall(session, "/tfplugin6.Provider/GetMetadata")).status).toBe("0");
  const [server] = serverPids();
  const launcher = registeredLauncher();
  expect(alive(launcher)).toBe(true);
  p.child.kill("SIGKILL");
  session.destroy(); // the kernel closes a killed Terraform's connections
  await waitFor("the orphaned launcher to exit", () => !alive(launcher), 4000); // it looks every second
  await waitFor("the warm process to exit", () => !alive(server), IDLE_MS + 3000);
});

// Killed between the handshake line and its connection (a drill caught this): the session was taken, so the warm
// process used to wait for it, then for its idle time, while a killed Terraform's providers should be gone at once.
test("Terraform killed after the handshake but before it connected: the warm process exits with the launcher", async () => {
  const { env } = terraformStart();
  const p = await startProvider(env, {
    cwd: work,
    command: ["/bin/sh", ["-c", `"${bundledProviderPath("testfs")}" & wait`]],
  });
  const [server] = serverPids();
  const launcher = registeredLauncher();
  p.child.kill("SIGKILL");
  await waitFor("the orphaned launcher to exit", () => !alive(launcher), 4000); // it looks every second
  // The janitor's next look (every 500 ms) and the retire grace (100 ms): well inside the idle time.
  await waitFor("the warm process to exit", () => !alive(server), IDLE_MS - 500);
});

test("CDKTF_VIRT_PROVIDER_IDLE_SECONDS keeps the warm process for that long after its last session", async () => {
  const { cert, env } = terraformStart({ [IDLE_SECONDS_ENV]: "6" });
  const p = await startProvider(env, { asExecutable: true, cwd: work });
  const [server] = serverPids();
  expect(await shutdown(p, connectPlugin(p, cert))).toBe(0);
  const ended = Date.now();
  // Past the default idle time (and the janitor's look) it is still there, and takes the next start.
  await new Promise((r) => setTimeout(r, IDLE_MS + 1500));
  expect(alive(server)).toBe(true);
  const next = terraformStart({ [IDLE_SECONDS_ENV]: "6" });
  const again = await startProvider(next.env, { asExecutable: true, cwd: work });
  expect(serverPids()).toEqual([server]);
  expect(await shutdown(again, connectPlugin(again, next.cert))).toBe(0);
  const secondEnded = Date.now();
  await waitFor("the idle warm process to exit", () => !alive(server), 6000 + 3000);
  expect(Date.now() - secondEnded).toBeGreaterThanOrEqual(6000 - 600); // measured from its last session
  expect(secondEnded - ended).toBeLessThan(6000);
});

test("the idle time variable: seconds from 0.5 to an hour; anything else is the default, with a warning", () => {
  expect(idleFromEnv({})).toEqual({ ms: IDLE_MS });
  expect(idleFromEnv({ [IDLE_SECONDS_ENV]: "" })).toEqual({ ms: IDLE_MS });
  expect(idleFromEnv({ [IDLE_SECONDS_ENV]: "30" })).toEqual({ ms: 30_000 });
  expect(idleFromEnv({ [IDLE_SECONDS_ENV]: " 0.5 " })).toEqual({ ms: 500 });
  expect(idleFromEnv({ [IDLE_SECONDS_ENV]: "3600" })).toEqual({ ms: 3_600_000 });
  for (const bad of ["0", "0.2", "3601", "-5", "1e3", "30s", "abc"]) {
    const got = idleFromEnv({ [IDLE_SECONDS_ENV]: bad });
    expect(got.ms).toBe(IDLE_MS);
    expect(got.problem).toContain(`${IDLE_SECONDS_ENV}=${JSON.stringify(bad)} is not a number of seconds`);
  }
});

test("CDKTF_VIRT_PROVIDER_REUSE=0: every start is its own node process", async () => {
  const sockets = [];
  for (let i = 0; i < 2; i++) {
    const { cert, env } = terraformStart({ CDKTF_VIRT_PROVIDER_REUSE: "0" });
    const p = await startProvider(env, { asExecutable: true, cwd: work });
    sockets.push(p.socket);
    expect(await shutdown(p, connectPlugin(p, cert))).toBe(0);
  }
  expect(sockets[0]).not.toBe(sockets[1]);
  expect(existsSync(baseDir())).toBe(false);
});

test("the launcher is plain POSIX sh", () => {
  // dash is Debian's /bin/sh; -n parses without running.
  const r = spawnSync("dash", ["-n", join(__dirname, "../../../lib/provider/plugin/launcher.sh")], {
    encoding: "utf8",
  });
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
});
