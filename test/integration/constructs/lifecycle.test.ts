// The lifecycle contract end to end: constructs → synth → terraform with the bundled incus provider → real incusd.
// (a) an image change replaces the instance and its ephemeral volume, the persistent volume and its data survive;
// (b) a persistent volume removed from the code is refused and kept, and removed once protect: false;
// (c) rebuildOnChange: a change of the volume rebuilds the instance and its provisioning runs again;
// (d) a shared volume on two instances: both see the same file;
// (e) destroy refuses a stack with persistent volumes, and cleanly removes a stack with only ephemeral ones.
// After every deploy the plan is empty (StackRun.deploy checks it).
import { execFileSync } from "node:child_process";
import type { TerraformStack } from "cdktf";
import { IncusHost, Instance, StoragePool, Volume, VolumeLifecycle } from "../../../lib";
import { Cleanup, requireIncus, TEST_IMAGE, TEST_POOL, testClient, uniqueName } from "../../support/incus";
import { forceCleanup, getInstance, getVolume, shIn, StackRun, volumesWithPrefix } from "./support";

const prefix = uniqueName("constructs");
const client = testClient();
const cleanup = new Cleanup();
const runs: StackRun[] = [];
/** A second alias of the test image: changing `image` from one alias to the other forces a replacement. */
const image2 = `${prefix}-img2`;

function newRun(suffix: string): StackRun {
  const run = new StackRun(`${prefix}-${suffix}`);
  runs.push(run);
  return run;
}

beforeAll(async () => {
  await requireIncus(client);
  const fingerprint = JSON.parse(
    execFileSync("incus", ["query", `/1.0/images/aliases/${TEST_IMAGE}`], { encoding: "utf8" }),
  ).target;
  execFileSync("incus", ["image", "alias", "create", image2, fingerprint]);
  cleanup.add(`image alias ${image2}`, async () => execFileSync("incus", ["image", "alias", "delete", image2]));
});

afterAll(async () => {
  for (const run of runs) {
    // Lift protection the way a user would is not possible for a failed test; remove leftovers by prefix.
    run.cleanup();
  }
  forceCleanup(prefix, [TEST_POOL]);
  await cleanup.run();
  await client.close();
});

interface GroupOptions {
  readonly image: string;
  readonly revision: string;
}

/** An instance with a persistent data volume (rebuildOnChange, provisioning log in it) and an ephemeral scratch volume. */
function group(stack: TerraformStack, opts: GroupOptions): void {
  const host = new IncusHost(stack, "local");
  const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
  const data = new Volume(stack, "data", { pool, size: "64MiB", config: { "user.revision": opts.revision } });
  const scratch = new Volume(stack, "scratch", { pool, size: "64MiB", lifecycle: VolumeLifecycle.EPHEMERAL });
  const db = new Instance(stack, "db", {
    host,
    image: opts.image,
    rootDisk: { pool },
    files: [{ path: "/etc/provisioned", content: `image=${opts.image}\n` }],
    exec: { provision: { command: ["sh", "-c", "echo provisioned >> /data/provision.log"] } },
  });
  db.attach(data, { path: "/data", rebuildOnChange: true });
  db.attach(scratch, { path: "/scratch" });
}

describe("constructs lifecycle on the real incusd", () => {
  test.concurrent(
    "(a) an image change replaces the instance and its ephemeral volume; the persistent volume and its data survive, and (c) rebuildOnChange re-provisions",
    async () => {
      const run = newRun("grp");
      const name = (id: string) => `${run.stackName}-${id}`;
      run.synth((stack) => group(stack, { image: TEST_IMAGE, revision: "1" }));
      await run.deploy();

      const before = {
        instance: getInstance(name("db")).config["volatile.uuid"],
        data: getVolume(TEST_POOL, name("data")).created_at,
        scratch: getVolume(TEST_POOL, name("scratch")).created_at,
      };
      expect(getVolume(TEST_POOL, name("data")).config["user.cdktf-virt.owner"]).toBe(`${run.stackName}/data`);
      shIn(name("db"), "echo keep-me > /data/keep.txt; echo scratch > /scratch/tmp.txt");
      expect(shIn(name("db"), "cat /data/provision.log")).toBe("provisioned\n");

      // (a) new image → instance and scratch are new objects; data is the same object with its file
      run.synth((stack) => group(stack, { image: image2, revision: "1" }));
      const planA = await run.plan();
      expect(planA.code).toBe(2);
      expect(planA.output).toMatch(/incus_instance\.db (must|will) be replaced/);
      expect(planA.output).toMatch(/incus_storage_volume\.scratch (must|will) be replaced/);
      expect(planA.output).not.toMatch(/incus_storage_volume\.data (must be replaced|will be destroyed)/);
      await run.deploy();
      const afterA = {
        instance: getInstance(name("db")).config["volatile.uuid"],
        data: getVolume(TEST_POOL, name("data")).created_at,
        scratch: getVolume(TEST_POOL, name("scratch")).created_at,
      };
      expect(afterA.instance).not.toBe(before.instance);
      expect(afterA.scratch).not.toBe(before.scratch);
      expect(afterA.data).toBe(before.data);
      expect(shIn(name("db"), "cat /data/keep.txt")).toBe("keep-me\n");
      expect(shIn(name("db"), "ls /scratch")).toBe("");
      expect(shIn(name("db"), "cat /etc/provisioned")).toBe(`image=${image2}\n`);
      expect(shIn(name("db"), "cat /data/provision.log")).toBe("provisioned\nprovisioned\n");

      // (c) a change of the data volume's config rebuilds the instance (and its ephemeral volume); provisioning runs again
      run.synth((stack) => group(stack, { image: image2, revision: "2" }));
      await run.deploy();
      const afterC = {
        instance: getInstance(name("db")).config["volatile.uuid"],
        data: getVolume(TEST_POOL, name("data")),
        scratch: getVolume(TEST_POOL, name("scratch")).created_at,
      };
      expect(afterC.instance).not.toBe(afterA.instance);
      expect(afterC.scratch).not.toBe(afterA.scratch);
      expect(afterC.data.created_at).toBe(before.data);
      expect(afterC.data.config["user.revision"]).toBe("2");
      expect(shIn(name("db"), "cat /data/provision.log")).toBe("provisioned\nprovisioned\nprovisioned\n");
      expect(shIn(name("db"), "cat /data/keep.txt")).toBe("keep-me\n");
    },
  );

  test.concurrent(
    "(b) a persistent volume removed from the code is refused and kept; with protect: false it is then removed",
    async () => {
      const run = newRun("rm");
      const name = (id: string) => `${run.stackName}-${id}`;
      const build = (volume: "attached" | "detached" | "gone", protect?: boolean) => (stack: TerraformStack) => {
        const host = new IncusHost(stack, "local");
        const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
        const app = new Instance(stack, "app", { host, image: TEST_IMAGE, rootDisk: { pool } });
        if (volume === "gone") return;
        const keep = new Volume(stack, "keep", { pool, protect });
        if (volume === "attached") app.attach(keep, { path: "/keep" });
      };
      run.synth(build("attached"));
      await run.deploy();
      shIn(name("app"), "echo precious > /keep/data.txt");
      const created = getVolume(TEST_POOL, name("keep")).created_at;

      // Removed from the code: the plan itself fails (nothing is applied), saying how to proceed.
      run.synth(build("gone"));
      const refused = await run.plan();
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/protect: false/);
      expect(getVolume(TEST_POOL, name("keep"))?.created_at).toBe(created);
      expect(getInstance(name("app")).devices.keep.source).toBe(name("keep"));
      expect(shIn(name("app"), "cat /keep/data.txt")).toBe("precious\n");

      // The documented way out: lift the protection (and detach) first, then remove it.
      run.synth(build("detached", false));
      await run.deploy();
      expect(getVolume(TEST_POOL, name("keep")).config["user.cdktf-virt.protect"]).toBeUndefined();
      run.synth(build("gone"));
      await run.deploy();
      expect(getVolume(TEST_POOL, name("keep"))).toBeUndefined();
    },
  );

  test.concurrent("(d) a shared volume on two instances: both see the same file", async () => {
    const run = newRun("shr");
    const name = (id: string) => `${run.stackName}-${id}`;
    const build = (protect?: boolean) => (stack: TerraformStack) => {
      const host = new IncusHost(stack, "local");
      const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
      const shared = new Volume(stack, "shared", { pool, lifecycle: VolumeLifecycle.SHARED, protect });
      for (const id of ["a", "b"])
        new Instance(stack, id, { host, image: TEST_IMAGE, rootDisk: { pool } }).attach(shared, { path: "/shared" });
    };
    run.synth(build());
    await run.deploy();
    shIn(name("a"), "echo from-a > /shared/hello.txt");
    expect(shIn(name("b"), "cat /shared/hello.txt")).toBe("from-a\n");
    expect(getInstance(name("b")).devices.shared.source).toBe(name("shared"));
    run.synth(build(false));
    await run.deploy();
    expect((await run.destroy()).code).toBe(0);
    expect(volumesWithPrefix(TEST_POOL, run.stackName)).toEqual([]);
  });

  test.concurrent(
    "(e) destroy refuses a stack with persistent volumes and says how to proceed; a stack with only ephemeral volumes leaves nothing behind",
    async () => {
      const run = newRun("dst");
      const name = (id: string) => `${run.stackName}-${id}`;
      const build = (protect?: boolean) => (stack: TerraformStack) => {
        const host = new IncusHost(stack, "local");
        const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
        const vm = new Instance(stack, "app", { host, image: TEST_IMAGE, rootDisk: { pool } });
        vm.attach(new Volume(stack, "data", { pool, protect }), { path: "/data" });
        vm.attach(new Volume(stack, "tmp", { pool, lifecycle: VolumeLifecycle.EPHEMERAL }), { path: "/tmp2" });
      };
      run.synth(build());
      await run.deploy();
      const refused = await run.destroy();
      expect(refused.code).not.toBe(0);
      // Refused by the provider's protect marker (which also says how to proceed) or by Terraform's prevent_destroy.
      expect(refused.output).toMatch(/is protected[\s\S]*protect: false|prevent_destroy/);
      expect(refused.output).toMatch(/incus_storage_volume\.data/);
      expect(getVolume(TEST_POOL, name("data"))).toBeDefined();
      expect(getInstance(name("app"))).toBeDefined();

      // With protection lifted every volume of the stack is gone after destroy.
      run.synth(build(false));
      await run.deploy();
      expect((await run.destroy()).code).toBe(0);
      expect(getInstance(name("app"))).toBeUndefined();
      expect(volumesWithPrefix(TEST_POOL, run.stackName)).toEqual([]);

      const eph = newRun("eph");
      eph.synth((stack) => {
        const host = new IncusHost(stack, "local");
        const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
        const vm = new Instance(stack, "app", { host, image: TEST_IMAGE, rootDisk: { pool } });
        vm.attach(new Volume(stack, "tmp", { pool, lifecycle: VolumeLifecycle.EPHEMERAL }), { path: "/tmp2" });
      });
      await eph.deploy();
      expect(volumesWithPrefix(TEST_POOL, eph.stackName, "custom")).toEqual([`${eph.stackName}-tmp`]);
      const destroyed = await eph.destroy();
      expect(destroyed.code).toBe(0);
      expect(volumesWithPrefix(TEST_POOL, eph.stackName)).toEqual([]);
      expect(getInstance(`${eph.stackName}-app`)).toBeUndefined();
    },
  );
});
