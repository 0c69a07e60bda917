// Stacks on a real three-member Incus cluster (scripts/setup-incus-hosts.sh), through the public constructs and the
// real terraform over HTTPS: a storage pool and a network created pending on every member and then cluster-wide,
// instances and volumes placed with `target` (a member, and a cluster group), an empty plan, a lost state adopted,
// destroy; a pool left pending by someone else never taken over; a deploy SIGKILLed half way resumed by adopting
// what it left on every member; and, last, a member going down in the middle of an apply: the apply fails with a
// diagnostic naming the member, and once the member is back the next apply converges with an empty plan after it.
// One file, so its tests never run at the same time as each other (the outage would break the others).
import { rmSync } from "node:fs";
import type { TerraformResource, TerraformStack } from "cdktf";
import type { IncusClient } from "../../../lib/incus";
import { UNSCOPED } from "../../../lib/incus/api";
import { Instance, Network, StoragePool, Volume, VolumeLifecycle } from "../../../lib";
import { TEST_IMAGE, TEST_POOL, uniqueName } from "../../support/incus";
import { hostDaemon } from "../../support/incus-hosts";
import { StackRun } from "../constructs/support";
import { cleanupCluster, clusterClient, clusterHost, MEMBERS, requireCluster } from "./support";

jest.setTimeout(400_000);

const prefix = uniqueName("clu");
const group = `${prefix}-grp`;
let client: IncusClient;
const runs: StackRun[] = [];
let memberStopped = false;

beforeAll(async () => {
  client = clusterClient();
  await requireCluster(client);
  await client.api.write("POST", "/1.0/cluster/groups", undefined, UNSCOPED, {
    json: { name: group, description: "", members: ["member2"] },
  });
});

afterAll(async () => {
  if (memberStopped) hostDaemon("start", "member3");
  for (const run of runs) run.cleanup();
  try {
    await cleanupCluster(client, prefix, TEST_POOL);
    await client.api
      .write("PUT", "/1.0/cluster/groups/" + group, undefined, UNSCOPED, { json: { description: "", members: [] } })
      .catch(() => undefined);
    await client.api.write("DELETE", "/1.0/cluster/groups/" + group, undefined, UNSCOPED).catch(() => undefined);
  } finally {
    await client.close();
  }
});

function newRun(suffix: string): StackRun {
  const run = new StackRun(`${prefix}-${suffix}`);
  runs.push(run);
  return run;
}

/**
 * Waits until the cluster serves requests for `member` again: it is online for the others and answers a request
 * forwarded to it (right after a restart it answers "Server isn't ready yet" for a moment).
 */
async function waitUntilServing(member: string): Promise<void> {
  let last: unknown;
  for (let i = 0; i < 120; i++) {
    try {
      const state = (await client.api.get<{ status: string }>(`/1.0/cluster/members/${member}`, undefined, UNSCOPED))
        .value;
      if (state.status === "Online") {
        await client.storageVolumes.list(TEST_POOL, { target: member });
        return;
      }
      last = new Error(`status ${state.status}`);
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`cluster member ${member} did not come back: ${(last as Error)?.message}`);
}

interface Located {
  readonly location: string;
  readonly status?: string;
}

async function instanceAt(name: string): Promise<Located | undefined> {
  return (await client.instances.find(name))?.value;
}

test("a pool and a network on every member, instances and volumes placed by target and by cluster group: deploy, empty plan, adoption of a lost state, destroy", async () => {
  const run = newRun("place");
  const name = (id: string) => `${run.stackName}-${id}`;
  const build = (stack: TerraformStack) => {
    const host = clusterHost(stack);
    const pool = new StoragePool(stack, "pool", { host, driver: "dir" });
    const network = new Network(stack, "net", { host });
    for (const member of MEMBERS) {
      const data = new Volume(stack, `data-${member}`, {
        pool,
        size: "32MiB",
        protect: false,
        incus: { target: member },
      });
      const app = new Instance(stack, `app-${member}`, {
        host,
        network,
        incus: { image: TEST_IMAGE, rootDisk: { pool }, target: member },
      });
      app.attach(data, { path: "/data" });
    }
    new Instance(stack, "grouped", {
      host,
      incus: {
        image: TEST_IMAGE,
        rootDisk: { pool: StoragePool.fromName(stack, "test-pool", host, TEST_POOL) },
        target: `@${group}`,
      },
    });
  };
  run.synth(build);
  await run.deploy(); // throws unless the plan right after is empty

  const poolName = name("pool");
  for (const member of MEMBERS) {
    const pool = (await client.storagePools.get(poolName, { target: member })).value;
    expect(pool.status).toBe("Created");
    expect(pool.config?.source).toContain(`/storage-pools/${poolName}`);
    expect((await instanceAt(name(`app-${member}`)))?.location).toBe(member);
    const volume = (await client.storageVolumes.get(poolName, name(`data-${member}`), { target: member })).value;
    expect(volume.location).toBe(member);
  }
  expect((await client.storagePools.get(poolName)).value.config?.["user.cdktf-virt.owner"]).toBe(
    `${run.stackName}/pool`,
  );
  expect((await instanceAt(name("grouped")))?.location).toBe("member2"); // the group's only member
  const networks = (await client.networks.list()).filter(
    (n) => n.config?.["user.cdktf-virt.owner"] === `${run.stackName}/net`,
  );
  expect(networks.map((n) => n.status)).toEqual(["Created"]);
  for (const member of MEMBERS) {
    const app = (await client.instances.get(name(`app-${member}`))).value;
    expect(app.devices?.eth0?.network).toBe(networks[0].name);
  }

  // A lost state file: the pool (each member's part and the cluster-wide one) and everything on it are adopted.
  const poolFacts = async () => {
    const pool = (await client.storagePools.get(poolName)).value;
    return {
      config: pool.config,
      description: pool.description,
      status: pool.status,
      locations: [...(pool.locations ?? [])].sort(),
    };
  };
  const created = await poolFacts();
  rmSync(run.statePath, { force: true });
  await run.deploy();
  expect(await poolFacts()).toEqual(created);

  const destroyed = await run.destroy();
  expect(destroyed.code).toBe(0);
  expect((await client.instances.list()).filter((i) => i.name.startsWith(run.stackName))).toEqual([]);
  expect((await client.storagePools.list()).map((p) => p.name)).not.toContain(poolName);
});

const PER_MEMBER = 2;

/** On every member: PER_MEMBER instances, each with a persistent and an ephemeral volume on its member. */
function fleet(stack: TerraformStack): void {
  const host = clusterHost(stack);
  const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
  for (const member of MEMBERS) {
    for (let i = 0; i < PER_MEMBER; i++) {
      const id = `${member}-${i}`;
      const data = new Volume(stack, `data-${id}`, { pool, size: "32MiB", protect: false, incus: { target: member } });
      const scratch = new Volume(stack, `scratch-${id}`, {
        pool,
        size: "32MiB",
        lifecycle: VolumeLifecycle.EPHEMERAL,
        incus: { target: member },
      });
      const app = new Instance(stack, `app-${id}`, {
        host,
        incus: { image: TEST_IMAGE, rootDisk: { pool }, target: member },
      });
      app.attach(data, { path: "/data" });
      app.attach(scratch, { path: "/scratch" });
    }
  }
}

/** name → "location|created_at" of the stack's instances and custom volumes, on every member. */
async function identities(stackName: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const i of await client.instances.list())
    if (i.name.startsWith(stackName)) out[i.name] = `${i.location}|${i.created_at}`;
  for (const v of await client.storageVolumes.list(TEST_POOL)) {
    if (v.type === "custom" && v.name.startsWith(stackName)) out[`volume ${v.name}`] = `${v.location}|${v.created_at}`;
  }
  return out;
}

test("a deploy SIGKILLed half way, then run again, adopts what it left on every member; a lost state file too", async () => {
  const run = newRun("fleet");
  run.synth(fleet);
  await run.init();

  // Kill terraform once the first objects exist on the cluster (the dead run never records them in its state).
  const child = run.spawn(["apply", "-auto-approve", "-input=false", "-parallelism=4"]);
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
  for (
    let i = 0;
    Object.keys(await identities(run.stackName)).filter((n) => !n.startsWith("volume ")).length < 2;
    i++
  ) {
    if (i > 600) throw new Error("the deploy created no instance within 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  await exited;
  // The provider processes of the killed run finish their calls and exit on their own.
  await new Promise((r) => setTimeout(r, 5_000));
  const leftBehind = await identities(run.stackName);
  const total = MEMBERS.length * PER_MEMBER * 3;
  expect(Object.keys(leftBehind).length).toBeGreaterThan(0);
  expect(Object.keys(leftBehind).length).toBeLessThan(total);

  const resumed = await run.ok(["apply", "-auto-approve", "-input=false"]);
  expect(resumed.output).not.toContain("already exists");
  expect(resumed.output).not.toMatch(/Destroying\.\.\./);
  expect((await run.plan()).code).toBe(0);
  const deployed = await identities(run.stackName);
  expect(Object.keys(deployed)).toHaveLength(total);
  // What the killed run created is the same object now (adopted, not re-created).
  for (const [name, id] of Object.entries(leftBehind)) {
    if (!name.startsWith("volume ") || !name.includes("-scratch-")) expect(deployed[name]).toBe(id);
  }
  for (const member of MEMBERS) {
    for (let i = 0; i < PER_MEMBER; i++)
      expect(deployed[`${run.stackName}-app-${member}-${i}`]).toMatch(new RegExp(`^${member}\\|`));
  }

  // Lose the whole state: the next deploy adopts every object where it is, re-creating and destroying nothing.
  rmSync(run.statePath, { force: true });
  rmSync(`${run.statePath}.backup`, { force: true });
  const adopted = await run.ok(["apply", "-auto-approve", "-input=false"]);
  expect(adopted.output).not.toMatch(/Destroying\.\.\./);
  expect(await identities(run.stackName)).toEqual(deployed);
  expect((await run.plan()).code).toBe(0);

  const destroyed = await run.run(["destroy", "-auto-approve", "-input=false"]);
  expect(destroyed.code).toBe(0);
  expect(await identities(run.stackName)).toEqual({});
});

test("a pool left pending on a member (no cluster-wide create, so no owner marker) is never taken over; the error says how to clear it", async () => {
  const run = newRun("pending");
  const poolName = `${run.stackName}-pool`;
  await client.storagePools.create({ name: poolName, driver: "dir", config: {} }, { target: "member1" });
  run.synth((stack) => {
    new StoragePool(stack, "pool", { host: clusterHost(stack), driver: "dir" });
  });
  await run.init();
  const refused = await run.run(["apply", "-auto-approve", "-input=false"]);
  expect(refused.code).not.toBe(0);
  const text = refused.output.replace(/\s+/g, " ");
  expect(text).toContain(`The storage pool "${poolName}" is pending on cluster member "member1"`);
  expect(text).toContain(`incus storage delete cluster:${poolName}`);
  expect((await client.storagePools.get(poolName)).value.status).toBe("Pending");
  await client.storagePools.delete(poolName);
  // Cleared as the error says, the same stack deploys.
  await run.deploy();
  expect((await client.storagePools.get(poolName)).value.status).toBe("Created");
  expect((await run.destroy()).code).toBe(0);
});

test("a member going down in the middle of an apply: a diagnostic naming it, then convergence once it is back", async () => {
  const run = newRun("down");
  const name = (id: string) => `${run.stackName}-${id}`;
  const build = (withMember3: boolean) => (stack: TerraformStack) => {
    const host = clusterHost(stack);
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    const first = new Instance(stack, "first", {
      host,
      // Keeps the apply busy for a while after the instance exists, so member3 is down (a stop takes 1-10 s)
      // before terraform moves on to it.
      incus: {
        image: TEST_IMAGE,
        rootDisk: { pool },
        target: "member1",
        exec: { settle: { command: ["sleep", "8"] } },
      },
    });
    if (!withMember3) return;
    const scratch = new Volume(stack, "scratch", {
      pool,
      size: "32MiB",
      lifecycle: VolumeLifecycle.EPHEMERAL,
      incus: { target: "member3" },
    });
    const late = new Instance(stack, "late", {
      host,
      incus: { image: TEST_IMAGE, rootDisk: { pool }, target: "member3" },
    });
    late.attach(scratch, { path: "/scratch" });
    // Created only after `first`, so member3 is already down when its turn comes.
    const firstResource = first.node.defaultChild as TerraformResource;
    const address = `${firstResource.terraformResourceType}.${firstResource.friendlyUniqueId}`;
    for (const child of [late.node.defaultChild, scratch.node.defaultChild] as TerraformResource[])
      child.addOverride("depends_on", [address]);
  };
  run.synth(build(true));
  await run.init();
  const apply = run.run(["apply", "-auto-approve", "-input=false"]);
  for (let i = 0; !(await instanceAt(name("first"))); i++) {
    if (i > 600) throw new Error("the instance on member1 never appeared");
    await new Promise((r) => setTimeout(r, 100));
  }
  hostDaemon("stop", "member3");
  memberStopped = true;
  const failed = await apply;
  expect(failed.code).not.toBe(0);
  // Terraform wraps long lines: compare with the line breaks taken out.
  expect(failed.output.replace(/\s+/g, " ")).toContain(
    'the cluster member "member3" cannot be reached: it is down or still starting',
  );
  expect(failed.output).not.toMatch(/panic|TypeError|at .*\.js:\d+/);
  expect((await instanceAt(name("first")))?.status).toBe("Running");

  hostDaemon("start", "member3");
  memberStopped = false;
  await waitUntilServing("member3");
  await run.deploy(); // converges, and the plan after it is empty
  expect((await instanceAt(name("late")))?.location).toBe("member3");
  expect((await client.storageVolumes.get(TEST_POOL, name("scratch"), { target: "member3" })).value.location).toBe(
    "member3",
  );

  const destroyed = await run.destroy();
  expect(destroyed.code).toBe(0);
  expect((await client.instances.list()).filter((i) => i.name.startsWith(run.stackName))).toEqual([]);
});
