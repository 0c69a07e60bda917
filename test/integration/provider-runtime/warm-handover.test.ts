// The hand-over of a Terraform start to a warm provider process (lib/provider/plugin/launcher.sh and
// warm-server.ts) when that process is not healthy, through the real terraform: a start is either served by a
// warm process that has taken it, or by a fresh provider process; it never fails or hangs on a dead or silent one.
//
// The warm processes of this suite live under its own TMPDIR. A warm process that died without cleaning up (killed,
// e.g. by a crash drill or the OOM killer) keeps its published line, socket and session files, and until its
// parent (init, for a warm process) reaps it, it is a zombie that `kill -0` still reports as alive: that is what
// a Terraform start right after a killed run could meet. The suite builds that state on purpose: the warm process
// is started under a parent that never reaps (`sh -c '… & exec sleep'`), then SIGKILLed.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { bundledProviderPath, mirrorExecutablePath, packageHashV1 } from "../../../lib/packaging";
import { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from "../../../lib/provider/plugin";
import { publishedWarmPids, warmProcessDirs } from "../../support/plugin-client";
import { requiredProviders, TerraformWorkspace } from "../../support/terraform";

jest.setTimeout(120_000);

/** State of a process from /proc ("" when it is gone): "Z" is a zombie. */
function processState(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0];
  } catch {
    return "";
  }
}

async function waitFor(what: string, check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("provider runtime: a start handed to an unhealthy warm process", () => {
  let ws: TerraformWorkspace;
  let tmp: string;
  const keyDirs = () => warmProcessDirs(tmp);
  /** pids of the warm processes that have a published line. */
  const publishedPids = () => publishedWarmPids(tmp);
  const started: ChildProcess[] = [];
  const stopped: number[] = [];

  beforeAll(async () => {
    // realpath: the launcher keys warm processes by `pwd`, and /tmp may be a symlink.
    tmp = realpathSync(mkdtempSync(join(tmpdir(), "t-handover-tmp-")));
    ws = TerraformWorkspace.create({ providers: ["testfs"], prefix: "t-runtime-handover", env: { TMPDIR: tmp } });
    ws.write(
      "main.tf",
      `${requiredProviders(["testfs"])}\nprovider "testfs" {\n  root = ${JSON.stringify(
        ws.dir,
      )}\n}\n\ndata "testfs_file_info" "x" {\n  path = "x.txt"\n}\n`,
    );
    ws.write("x.txt", "x");
    await ws.init();
  });

  afterEach(async () => {
    for (const pid of stopped.splice(0)) {
      try {
        process.kill(pid, "SIGCONT");
        process.kill(pid, "SIGKILL");
      } catch {
        // gone
      }
    }
    for (const child of started.splice(0)) child.kill("SIGKILL");
    // Whatever warm process a test left: SIGTERM makes it retire at once.
    for (const pid of publishedPids()) {
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // gone
      }
    }
    await waitFor("the warm processes to retire", () => publishedPids().length === 0, 5000).catch(() => undefined);
  });

  afterAll(() => {
    ws?.cleanup();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  /** The key directory terraform's starts in this workspace use (learnt from a plan, whose warm process then retires). */
  async function learnKeyDir(): Promise<string> {
    expect((await ws.plan()).code).toBe(0);
    const dirs = keyDirs();
    expect(dirs).toHaveLength(1);
    const [pid] = publishedPids();
    process.kill(pid, "SIGTERM");
    await waitFor("the warm process to retire", () => processState(pid) === "" || processState(pid) === "Z", 5000);
    return dirs[0];
  }

  test("a killed warm process that is not reaped yet (zombie, line and socket left behind): terraform gets a fresh provider", async () => {
    const dir = await learnKeyDir();
    mkdirSync(join(dir, "sessions"), { recursive: true, mode: 0o700 });
    // sh starts the warm process, then becomes `sleep`, which never reaps it.
    const executable = bundledProviderPath("testfs");
    const holder = spawn(
      "sh",
      ["-c", `"${executable}" --serve "${dir}" </dev/null >/dev/null 2>&1 & echo $!; exec sleep 120`],
      {
        cwd: ws.dir,
        env: { PATH: process.env.PATH, TMPDIR: tmp, [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE },
        stdio: ["ignore", "pipe", "ignore"],
      },
    );
    started.push(holder);
    const warmPid = await new Promise<number>((resolve) =>
      holder.stdout!.once("data", (d: Buffer) => resolve(Number(String(d).trim()))),
    );
    await waitFor("the warm process to publish its line", () => publishedPids().includes(warmPid), 10_000);
    process.kill(warmPid, "SIGKILL");
    await waitFor("the warm process to be a zombie", () => processState(warmPid) === "Z", 5000);
    expect(publishedPids()).toEqual([warmPid]); // its line is still there

    const t0 = Date.now();
    const r = await ws.plan();
    const ms = Date.now() - t0;
    expect({ code: r.code, output: r.code === 0 ? "" : r.output }).toEqual({ code: 0, output: "" });
    expect(r.output).not.toMatch(/Plugin did not respond/);
    // The dead process was not waited for: a plan of one data source takes a few seconds at most, even under load.
    expect(ms).toBeLessThan(30_000);
  });

  test("a bundle rebuilt in place: the warm process of the old code takes no more starts, a new one serves them", async () => {
    expect((await ws.plan()).code).toBe(0);
    const [oldPid] = publishedPids();
    expect(oldPid).toBeGreaterThan(0);
    // A rebuild of the same version, installed again at the same path (the lock file records its new checksum),
    // right away: the warm process of the old code is still there.
    const executable = realpathSync(mirrorExecutablePath(join(ws.dir, ".terraform", "providers"), "testfs"));
    expect(executable.startsWith(realpathSync(ws.root))).toBe(true);
    const lockFile = join(ws.dir, ".terraform.lock.hcl");
    const oldHash = packageHashV1(dirname(executable));
    appendFileSync(executable, "// rebuilt\n");
    writeFileSync(lockFile, readFileSync(lockFile, "utf8").replace(oldHash, packageHashV1(dirname(executable))));
    expect(publishedPids()).toEqual([oldPid]);

    const r = await ws.plan();
    expect({ code: r.code, output: r.code === 0 ? "" : r.output }).toEqual({ code: 0, output: "" });
    const now = publishedPids();
    expect(now).not.toContain(oldPid);
    expect(now).toHaveLength(1);
  });

  test("a warm process that does not answer (stopped): terraform's starts fall back to fresh providers within seconds", async () => {
    expect((await ws.plan()).code).toBe(0);
    const [warmPid] = publishedPids();
    expect(warmPid).toBeGreaterThan(0);
    process.kill(warmPid, "SIGSTOP");
    stopped.push(warmPid);

    const t0 = Date.now();
    const r = await ws.run(["plan", "-input=false", "-detailed-exitcode"], { timeoutMs: 60_000 });
    const ms = Date.now() - t0;
    expect({ code: r.code, output: r.code === 0 ? "" : r.output }).toEqual({ code: 0, output: "" });
    // Each start waits at most about a second for an answer before it runs node itself.
    expect(ms).toBeLessThan(30_000);
  });
});
