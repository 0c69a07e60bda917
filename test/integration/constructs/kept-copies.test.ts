// Kept copies versus their own pool and project, through the constructs and the real terraform on incusd: a stack
// with its own StoragePool and Project holds a RETAIN volume, a SNAPSHOT volume and a RETAIN volume with
// snapshotBeforeRebuild. `cdktf destroy` deletes the instance and carries out each policy, then leaves the project
// and the pool in place (they hold the kept copies), drops them from the state and says so: no error, and every
// kept copy is still on the host with its bytes. A Project with forceDestroy is refused by `explain --guard`, and
// even a forced destroy never takes the kept copies.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import * as path from "node:path";
import type { TerraformStack } from "cdktf";
import { IncusHost, Instance, Project, RemovalPolicy, StoragePool, Volume } from "../../../lib";
import { explainMain, terraformRunner } from "../../../lib/tooling";
import { TEST_IMAGE } from "../../support/incus";
import { memoryIO } from "../../unit/tooling/support/io";
import { getVolume, incusConstructsSuite, incusQuery, shIn, StackRun } from "./support";

// afterAll removes what is left by the unique prefix (kept copies, the kept project and pool included).
const { prefix, runs } = incusConstructsSuite("kept");

const POOLS_ROOT = "/var/lib/incus/storage-pools";

/** The stack: its own dir pool and project, one container with three volumes whose policies keep data. */
function build(forceDestroy: boolean) {
  return (stack: TerraformStack) => {
    const host = new IncusHost(stack, "local");
    const pool = new StoragePool(stack, "pool", { host, driver: "dir" });
    const project = new Project(stack, "proj", { host, forceDestroy });
    const app = new Instance(stack, "app", { host, incus: { image: TEST_IMAGE, rootDisk: { pool }, project } });
    const volume = (id: string, removalPolicy: RemovalPolicy) =>
      new Volume(stack, id, { pool, size: "64MiB", removalPolicy, incus: { project } });
    app.attach(volume("ret", RemovalPolicy.RETAIN), { path: "/ret" });
    app.attach(volume("snp", RemovalPolicy.SNAPSHOT), { path: "/snp" });
    app.attach(volume("sbr", RemovalPolicy.RETAIN), { path: "/sbr", snapshotBeforeRebuild: 1 });
  };
}

/** terraform as StackRun runs it, for explain. */
function runner(run: StackRun) {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: path.join(run.root, "home") };
  delete env.TF_CLI_CONFIG_FILE;
  delete env.TF_PLUGIN_CACHE_DIR;
  return terraformRunner({ env });
}

/** Custom volume names of a pool in a project. */
function customVolumes(pool: string, project: string): string[] {
  const urls: string[] = incusQuery(`/1.0/storage-pools/${pool}/volumes?project=${project}`) ?? [];
  return urls
    .map((u) => /\/volumes\/custom\/([^/?]+)(?:\?|$)/.exec(u)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(decodeURIComponent)
    .sort();
}

/** Deploys the stack and writes one file into each volume. Returns the names of pool and project. */
async function deployWithData(
  run: StackRun,
  forceDestroy: boolean,
): Promise<{ pool: string; project: string; name: (id: string) => string }> {
  const name = (id: string) => `${run.stackName}-${id}`;
  run.synth(build(forceDestroy));
  await run.deploy();
  const pool = name("pool");
  const project = name("proj");
  expect(getVolume(pool, name("ret"), project)).toBeDefined();
  shIn(
    name("app"),
    "echo kept-ret > /ret/f.txt && echo kept-snp > /snp/f.txt && echo kept-sbr > /sbr/f.txt && sync",
    project,
  );
  return { pool, project, name };
}

/** Every kept copy is on the host with its bytes, read from the dir pool's directory on disk. */
function expectKeptCopies(pool: string, project: string, name: (id: string) => string): void {
  const volumes = customVolumes(pool, project);
  const finals = volumes.filter((v) => v.startsWith(`${name("snp")}-final-`));
  expect(volumes).toEqual([name("ret"), name("sbr"), ...finals].sort());
  expect(finals).toHaveLength(1);
  const onDisk = (vol: string) => readFileSync(`${POOLS_ROOT}/${pool}/custom/${project}_${vol}/f.txt`, "utf8");
  expect(onDisk(name("ret"))).toBe("kept-ret\n");
  expect(onDisk(name("sbr"))).toBe("kept-sbr\n");
  expect(onDisk(finals[0])).toBe("kept-snp\n");
  // The snapshot taken before the instance was deleted stays with the retained volume.
  const snapshots = readdirSync(`${POOLS_ROOT}/${pool}/custom-snapshots/${project}_${name("sbr")}`);
  expect(snapshots).toHaveLength(1);
  expect(snapshots[0]).toMatch(new RegExp(`^rebuild-${name("app")}-\\d{8}T\\d{6}Z$`));
  expect(
    readFileSync(`${POOLS_ROOT}/${pool}/custom-snapshots/${project}_${name("sbr")}/${snapshots[0]}/f.txt`, "utf8"),
  ).toBe("kept-sbr\n");
}

/** What the test itself removes afterwards: the kept copies, then the project and the pool. */
function removeKept(pool: string, project: string): void {
  for (const vol of customVolumes(pool, project))
    execFileSync("incus", ["storage", "volume", "delete", pool, vol, "--project", project]);
  execFileSync("incus", ["project", "delete", project]);
  execFileSync("incus", ["storage", "delete", pool]);
}

describe("kept copies in the stack's own pool and project", () => {
  test("destroy keeps the project and the pool that hold the kept copies, says so, and ends without an error", async () => {
    const run = new StackRun(`${prefix}-d`);
    runs.push(run);
    const { pool, project, name } = await deployWithData(run, false);

    const destroyed = await run.destroy();
    const output = destroyed.output.replace(/\s+/g, " ");
    expect({ code: destroyed.code, errors: output.match(/Error: [^│]*/g) ?? [] }).toEqual({ code: 0, errors: [] });
    expect(output).toContain(`Project ${project} was kept`);
    expect(output).toContain(`Storage pool ${pool} was kept`);
    // Printed as the incus client runs it: the local unix socket is its default remote, so no prefix.
    expect(output).toContain(`incus storage volume delete ${pool} ${name("ret")} --project ${project}`);
    expect(output).toContain(`incus project delete ${project}`);
    expect((await run.run(["state", "list"])).output.trim()).toBe("");
    // The project is created after the pool, so terraform deletes it first.
    const json = JSON.parse(readFileSync(path.join(run.stackDir, "cdk.tf.json"), "utf8"));
    const projectResource = Object.values(json.resource.incus_project as Record<string, { depends_on?: string[] }>)[0];
    const poolAddress = `incus_storage_pool.${Object.keys(json.resource.incus_storage_pool)[0]}`;
    expect(projectResource.depends_on).toContain(poolAddress);
    expectKeptCopies(pool, project, name);
    removeKept(pool, project);
  });

  test("forceDestroy on that project: --guard refuses the destroy plan (exit 2), and a forced destroy still keeps every copy", async () => {
    const run = new StackRun(`${prefix}-f`);
    runs.push(run);
    const { pool, project, name } = await deployWithData(run, true);

    const planned = await run.run(["plan", "-destroy", "-input=false", "-out=destroy.tfplan"]);
    expect(planned.code).toBe(0);
    const io = memoryIO({ cwd: run.stackDir });
    const code = await explainMain(["destroy.tfplan", "--guard"], io, { terraform: runner(run) });
    expect({ code, err: io.err() }).toMatchObject({ code: 2, err: expect.stringContaining(`project "${project}"`) });
    expect(io.err()).toContain("force_destroy");

    const destroyed = await run.destroy();
    const output = destroyed.output.replace(/\s+/g, " ");
    expect({ code: destroyed.code, errors: output.match(/Error: [^│]*/g) ?? [] }).toEqual({ code: 0, errors: [] });
    expect(output).toContain(`Project ${project} was kept`);
    expect(output).toContain("force_destroy never deletes kept copies");
    expectKeptCopies(pool, project, name);
    removeKept(pool, project);
  });
});

describe("a project or pool that holds objects this stack does not manage", () => {
  test("destroy fails with an error that names what is still in the project, then in the pool; nothing of theirs is deleted", async () => {
    const run = new StackRun(`${prefix}-o`);
    runs.push(run);
    const name = (id: string) => `${run.stackName}-${id}`;
    run.synth((stack) => {
      const host = new IncusHost(stack, "local");
      new StoragePool(stack, "pool", { host, driver: "dir" });
      new Project(stack, "proj", { host });
    });
    await run.deploy();
    const [pool, project] = [name("pool"), name("proj")];
    execFileSync("incus", ["storage", "volume", "create", pool, name("theirs"), "--project", project]);

    const first = await run.destroy();
    const text = first.output.replace(/\s+/g, " ");
    expect(first.code).not.toBe(0);
    expect(text).toContain(`Project ${project} is not empty`);
    expect(text).toContain(`custom volume ${pool}/${name("theirs")} in project ${project}`);
    expect(text).not.toContain("Only empty projects can be removed");
    expect(getVolume(pool, name("theirs"), project)).toBeDefined();

    execFileSync("incus", ["storage", "volume", "delete", pool, name("theirs"), "--project", project]);
    execFileSync("incus", ["storage", "volume", "create", pool, name("other")]);
    const second = await run.destroy();
    const again = second.output.replace(/\s+/g, " ");
    expect(second.code).not.toBe(0);
    expect(again).toContain(`Storage pool ${pool} is not empty`);
    expect(again).toContain(`custom volume ${pool}/${name("other")} in project default`);
    expect(again).not.toContain("currently in use");
    expect(getVolume(pool, name("other"))).toBeDefined();

    execFileSync("incus", ["storage", "volume", "delete", pool, name("other")]);
    expect((await run.destroy()).code).toBe(0);
    expect(incusQuery(`/1.0/storage-pools/${pool}`)).toBeUndefined();
  });
});
