// The cells of the lifecycle table (docs/lifecycle.md, "What happens to the data, per policy and path") that no other
// test shows, through the public constructs and the real terraform on incusd:
// - a rebuilt instance detaches and re-attaches its PROTECT, RETAIN, SNAPSHOT and DESTROY volumes with their bytes;
// - `cdktf destroy` over a PROTECT volume is refused (prevent_destroy; the provider's protect check names the
//   volume first) and deletes nothing;
// - a DESTROY volume in the stack's own project and pool goes first, then the (empty) project and pool, no error.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { TerraformStack } from "cdktf";
import { ImageChange, IncusHost, Instance, Project, RemovalPolicy, StoragePool, Volume } from "../../../lib";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { getInstance, getVolume, incusConstructsSuite, incusQuery, shIn, StackRun, volumesWithPrefix } from "./support";

// afterAll removes by the unique prefix what a test leaves on purpose (the PROTECT volume and the kept copies).
const { prefix, runs, image2 } = incusConstructsSuite("table", { secondImage: true });

const POLICIES = [
  ["prot", RemovalPolicy.PROTECT],
  ["ret", RemovalPolicy.RETAIN],
  ["snp", RemovalPolicy.SNAPSHOT],
  ["des", RemovalPolicy.DESTROY],
] as const;

describe("lifecycle table on the real incusd", () => {
  test("PROTECT, RETAIN, SNAPSHOT and DESTROY volumes survive an instance rebuild with their bytes; destroy is then refused by prevent_destroy", async () => {
    const run = new StackRun(`${prefix}-r`);
    runs.push(run);
    const name = (id: string) => `${run.stackName}-${id}`;
    const build = (image: string) => (stack: TerraformStack) => {
      const host = new IncusHost(stack, "local");
      const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
      // Replaced on the image change: each volume is detached and re-attached (a rebuild in place keeps them attached).
      const app = new Instance(stack, "app", {
        host,
        incus: { image, rootDisk: { pool }, changes: { image: ImageChange.REPLACE } },
      });
      for (const [id, removalPolicy] of POLICIES)
        app.attach(new Volume(stack, id, { pool, size: "64MiB", removalPolicy }), { path: `/${id}` });
    };
    run.synth(build(TEST_IMAGE));
    await run.deploy();
    shIn(name("app"), POLICIES.map(([id]) => `echo bytes-${id} > /${id}/f.txt`).join(" && ") + " && sync");
    const uuid = getInstance(name("app")).config["volatile.uuid"];
    const created = POLICIES.map(([id]) => getVolume(TEST_POOL, name(id)).created_at);
    const readBack = () => POLICIES.map(([id]) => shIn(name("app"), `cat /${id}/f.txt`));
    const written = POLICIES.map(([id]) => `bytes-${id}\n`);

    // The image change rebuilds the instance only: each volume is detached, kept and attached to the new one.
    run.synth(build(image2));
    const applied = await run.deploy();
    expect(applied).toMatch(/incus_instance\.app must be replaced/);
    expect(applied).not.toMatch(/incus_storage_volume\.\w+ (must be replaced|will be destroyed)/);
    expect(getInstance(name("app")).config["volatile.uuid"]).not.toBe(uuid);
    expect(POLICIES.map(([id]) => getVolume(TEST_POOL, name(id)).created_at)).toEqual(created);
    expect(readBack()).toEqual(written);

    // cdktf destroy: the plan is refused because of the PROTECT volume (prevent_destroy in the JSON; the provider's
    // own check of the protect key answers first, naming the volume), and nothing is deleted.
    const json = JSON.parse(readFileSync(path.join(run.stackDir, "cdk.tf.json"), "utf8"));
    expect(json.resource.incus_storage_volume.prot.lifecycle.prevent_destroy).toBe(true);
    const refused = await run.destroy();
    const text = refused.output.replace(/\s+/g, " ");
    expect(refused.code).toBe(1);
    expect(text).toContain(
      `Error: Storage volume ${TEST_POOL}/${name("prot")} is protected with incus_storage_volume.prot`,
    );
    expect(text).not.toMatch(/Destroy complete|Destroying\.\.\./);
    expect(getInstance(name("app"))?.status).toBe("Running");
    expect(readBack()).toEqual(written);

    // What a user does to get rid of it: forget the volume, destroy the rest (afterAll deletes it by the prefix).
    await run.ok(["state", "rm", "incus_storage_volume.prot"]);
    expect((await run.destroy()).code).toBe(0);
    expect(getInstance(name("app"))).toBeUndefined();
    expect(getVolume(TEST_POOL, name("prot"))).toBeDefined();
    expect(getVolume(TEST_POOL, name("des"))).toBeUndefined();
    expect(getVolume(TEST_POOL, name("ret")).config["user.cdktf-virt.owner"]).toBe(`released:${run.stackName}/ret`);
    expect(volumesWithPrefix(TEST_POOL, `${name("snp")}-final-`, "custom")).toHaveLength(1);
  });

  test("DESTROY volume in the stack's own project and pool: destroy deletes the volume, then the project and the pool, with no error", async () => {
    const run = new StackRun(`${prefix}-d`);
    runs.push(run);
    const name = (id: string) => `${run.stackName}-${id}`;
    run.synth((stack) => {
      const host = new IncusHost(stack, "local");
      const pool = new StoragePool(stack, "pool", { host, driver: "dir" });
      const project = new Project(stack, "proj", { host });
      new Volume(stack, "data", { pool, size: "64MiB", removalPolicy: RemovalPolicy.DESTROY, incus: { project } });
    });
    await run.deploy();
    const [pool, project] = [name("pool"), name("proj")];
    expect(getVolume(pool, name("data"), project)).toBeDefined();

    const destroyed = await run.destroy();
    const output = destroyed.output.replace(/\s+/g, " ");
    expect({ code: destroyed.code, errors: output.match(/Error: [^│]*/g) ?? [] }).toEqual({ code: 0, errors: [] });
    expect(output).not.toContain("was kept");
    expect((await run.run(["state", "list"])).output.trim()).toBe("");
    expect(incusQuery(`/1.0/projects/${project}`)).toBeUndefined();
    expect(incusQuery(`/1.0/storage-pools/${pool}`)).toBeUndefined();
  });
});
