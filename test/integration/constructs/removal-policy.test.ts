// Removal policies through the public constructs and the real terraform with the bundled incus provider, as
// `cdktf deploy` runs them: a Volume with RemovalPolicy.RETAIN, attached to a running instance, removed from the
// code with its attach() in one deploy, stays on Incus with its bytes, released, and is gone from the state; with
// RemovalPolicy.SNAPSHOT the volume is deleted and its final copy holds the bytes.
import { execFileSync } from "node:child_process";
import type { TerraformStack } from "cdktf";
import { IncusHost, Instance, RemovalPolicy, StoragePool, Volume } from "../../../lib";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { getInstance, getVolume, incusConstructsSuite, shIn, StackRun, volumesWithPrefix } from "./support";

// afterAll removes the retained volume (in no state any more) by the unique prefix.
const { prefix, runs } = incusConstructsSuite("removal");

describe("removal policies on the real incusd", () => {
  test("RETAIN: removing the Volume (and its attach) from the code leaves the volume on Incus with its bytes, released, and drops it from the state", async () => {
    const run = new StackRun(`${prefix}-ret`);
    runs.push(run);
    const name = (id: string) => `${run.stackName}-${id}`;
    const build = (withVolume: boolean) => (stack: TerraformStack) => {
      const host = new IncusHost(stack, "local");
      const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
      const app = new Instance(stack, "app", { host, incus: { image: TEST_IMAGE, rootDisk: { pool } } });
      if (!withVolume) return;
      const keep = new Volume(stack, "keep", { pool, size: "64MiB", removalPolicy: RemovalPolicy.RETAIN });
      app.attach(keep, { path: "/keep" });
    };
    run.synth(build(true));
    await run.deploy();
    const deployed = getVolume(TEST_POOL, name("keep"));
    expect(deployed.config["user.cdktf-virt.removal-policy"]).toBe("retain");
    expect(deployed.config["user.cdktf-virt.protect"]).toBeUndefined();
    shIn(name("app"), "echo precious > /keep/data.txt");

    run.synth(build(false));
    await run.deploy();
    const state = (await run.ok(["state", "list"])).output;
    expect(state).toMatch(/incus_instance\.app/);
    expect(state).not.toMatch(/incus_storage_volume\.keep/);
    const kept = getVolume(TEST_POOL, name("keep"));
    expect(kept?.created_at).toBe(deployed.created_at);
    expect(kept.config["user.cdktf-virt.owner"]).toBe(`released:${run.stackName}/keep`);
    expect(getInstance(name("app")).devices.keep).toBeUndefined();

    // The bytes: attach the retained volume by hand and read the file back.
    execFileSync("incus", [
      "config",
      "device",
      "add",
      name("app"),
      "check",
      "disk",
      `pool=${TEST_POOL}`,
      `source=${name("keep")}`,
      "path=/check",
    ]);
    expect(shIn(name("app"), "cat /check/data.txt")).toBe("precious\n");
    execFileSync("incus", ["config", "device", "remove", name("app"), "check"]);

    expect((await run.destroy()).code).toBe(0);
    expect(getInstance(name("app"))).toBeUndefined();
    expect(getVolume(TEST_POOL, name("keep"))).toBeDefined();
  });

  test("SNAPSHOT: removing the Volume (and its attach) deletes it after a final copy that holds its bytes; the printed command restores it", async () => {
    const run = new StackRun(`${prefix}-snp`);
    runs.push(run);
    const name = (id: string) => `${run.stackName}-${id}`;
    const build = (withVolume: boolean) => (stack: TerraformStack) => {
      const host = new IncusHost(stack, "local");
      const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
      const app = new Instance(stack, "app", { host, incus: { image: TEST_IMAGE, rootDisk: { pool } } });
      if (withVolume)
        app.attach(new Volume(stack, "data", { pool, size: "64MiB", removalPolicy: RemovalPolicy.SNAPSHOT }), {
          path: "/data",
        });
    };
    run.synth(build(true));
    await run.deploy();
    expect(getVolume(TEST_POOL, name("data")).config["user.cdktf-virt.removal-policy"]).toBe("snapshot");
    shIn(name("app"), "echo precious > /data/data.txt");

    run.synth(build(false));
    const applied = (await run.deploy()).replace(/\s+/g, " ");
    expect(getVolume(TEST_POOL, name("data"))).toBeUndefined();
    expect(getInstance(name("app")).status).toBe("Running");
    const copies = volumesWithPrefix(TEST_POOL, `${name("data")}-final-`, "custom");
    expect(copies).toHaveLength(1);
    expect(getVolume(TEST_POOL, copies[0]).config["user.cdktf-virt.final-copy-of"]).toBe(
      `${TEST_POOL}/${name("data")}`,
    );
    execFileSync("incus", [
      "config",
      "device",
      "add",
      name("app"),
      "check",
      "disk",
      `pool=${TEST_POOL}`,
      `source=${copies[0]}`,
      "path=/check",
    ]);
    expect(shIn(name("app"), "cat /check/data.txt")).toBe("precious\n");
    execFileSync("incus", ["config", "device", "remove", name("app"), "check"]);

    // The command the apply printed restores the volume under its old name, with the bytes.
    const restore = /Restore it under the old name with: (incus storage volume copy \S+ \S+)/.exec(applied)?.[1];
    // The IncusHost is the local unix socket, the incus CLI's default remote: no remote prefix.
    expect(restore).toBe(`incus storage volume copy ${TEST_POOL}/${copies[0]} ${TEST_POOL}/${name("data")}`);
    execFileSync("sh", ["-c", restore!], { stdio: "pipe" });
    execFileSync("incus", [
      "config",
      "device",
      "add",
      name("app"),
      "restored",
      "disk",
      `pool=${TEST_POOL}`,
      `source=${name("data")}`,
      "path=/restored",
    ]);
    expect(shIn(name("app"), "cat /restored/data.txt")).toBe("precious\n");
    execFileSync("incus", ["config", "device", "remove", name("app"), "restored"]);
    expect((await run.destroy()).code).toBe(0);
  });
});
