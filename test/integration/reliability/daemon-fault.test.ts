// Daemon fault drill: incusd dies in the middle of an apply. The apply must end promptly with a clear diagnostic
// (no hang, no provider crash); once the daemon is started again with scripts/setup-incus.sh the next apply must
// converge with an empty plan after it and exactly the stack's objects in Incus.
//
// This stops the machine's shared incusd: other test runs on the machine fail while it is down. In CI the tests
// run one file at a time (--runInBand); the daemon is always started again in afterAll, whatever happened.
import { execFileSync, spawnSync } from "node:child_process";
import { join } from "node:path";
import { IncusClient } from "../../../lib/incus";
import { requireIncus, TEST_IMAGE, uniqueName } from "../../support/incus";
import { buildDrillStack, deleteByPrefix, expectedNames, inventory } from "./support/drill-model";
import type { DrillModel } from "./support/drill-model";
import { DrillStack } from "./support/drill-stack";
import { waitForExit } from "./support/processes";

const ROOT = join(__dirname, "..", "..", "..");
const prefix = uniqueName("rel");
const model: DrillModel = { prefix, count: 4, image: TEST_IMAGE };
let stack: DrillStack | undefined;

const newClient = () => new IncusClient({ requestTimeoutMs: 10_000 });

function daemonAnswers(): boolean {
  return spawnSync("incus", ["query", "/1.0"], { stdio: "ignore", timeout: 10_000 }).status === 0;
}

/** Starts incusd again the documented way; throws with the script's output when it cannot. */
function startDaemon(): void {
  if (daemonAnswers()) return;
  const r = spawnSync("bash", [join(ROOT, "scripts", "setup-incus.sh")], { encoding: "utf8", timeout: 180_000 });
  if (r.status !== 0 || !daemonAnswers()) throw new Error(`scripts/setup-incus.sh could not start incusd again:\n${r.stdout}\n${r.stderr}`);
}

beforeAll(async () => {
  const client = newClient();
  try {
    await requireIncus(client);
  } finally {
    await client.close();
  }
});

afterAll(async () => {
  stack?.cleanup();
  startDaemon();
  const client = newClient();
  try {
    const problems = await deleteByPrefix(client, `${prefix}-`);
    if (problems.length) throw new Error(`cleanup left objects behind:\n${problems.join("\n")}`);
  } finally {
    await client.close();
  }
});

test("incusd stopped mid-apply: a clear diagnostic; started again: the next apply converges", async () => {
  stack = new DrillStack(prefix);
  stack.synth((s) => buildDrillStack(s, model));
  await stack.init();
  const serverPid = Number(JSON.parse(execFileSync("incus", ["query", "/1.0"], { encoding: "utf8" })).environment.server_pid);
  expect(serverPid).toBeGreaterThan(1);

  const child = stack.spawn(["apply", "-auto-approve", "-input=false"]);
  let output = "";
  let stopped = false;
  const finished = new Promise<number | null>((resolve) => child.on("close", resolve));
  child.stderr!.on("data", (d: Buffer) => (output += d));
  child.stdout!.on("data", (d: Buffer) => {
    output += d;
    if (!stopped && (output.match(/: Creating\.\.\./g) ?? []).length >= 3) {
      stopped = true;
      process.kill(serverPid, "SIGTERM");
    }
  });
  const started = Date.now();
  const code = await finished;
  const elapsedMs = Date.now() - started;
  expect(stopped).toBe(true);
  // A daemon that takes too long to stop is killed, so it can be started again; its containers keep running.
  if ((await waitForExit([serverPid], 30_000)).survivors.length) {
    process.kill(serverPid, "SIGKILL");
    await waitForExit([serverPid], 10_000);
  }

  const diagnostic = output.slice(output.indexOf("Error: "));
  console.log(`apply after incusd stopped: exit ${code} after ${elapsedMs} ms\n${diagnostic.split("\n").slice(0, 12).join("\n")}`);
  // The apply failed on its own (no hang), with an error that says Incus could not be reached (or was shutting
  // down: requests that arrive while incusd stops get HTTP 503 "Shutting down") and where.
  expect(code).toBe(1);
  expect(elapsedMs).toBeLessThan(150_000);
  expect(output).toMatch(/Error: /);
  expect(output).toMatch(/unix\.socket|\/var\/lib\/incus|Incus/);
  expect(output).toMatch(/connect|refused|ENOENT|ECONNREFUSED|ECONNRESET|closed|reach|socket hang up|HTTP 503: Shutting down/i);
  expect(output).not.toMatch(/plugin (crashed|exited)|panic:|Plugin did not respond|unexpected EOF/i);

  startDaemon();
  const resumed = await stack.run(["apply", "-auto-approve", "-input=false"]);
  expect({ code: resumed.code, output: resumed.code === 0 ? "" : resumed.output }).toEqual({ code: 0, output: "" });
  const plan = await stack.plan();
  expect({ code: plan.code, output: plan.code === 0 ? "" : plan.output }).toEqual({ code: 0, output: "" });
  const client = newClient();
  try {
    const inv = await inventory(client, `${prefix}-`);
    expect({ instances: [...inv.instances.keys()].sort(), volumes: [...inv.volumes.keys()].sort() }).toEqual(expectedNames(model));
  } finally {
    await client.close();
  }
}, 600_000);
