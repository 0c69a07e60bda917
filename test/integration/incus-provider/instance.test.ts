// incus_instance through the real terraform binary and the real incusd: create (with a file, an exec entry
// and config) followed by an empty plan, in-place update (config, file, exec, rename), drift changed and
// deleted out of band, removal of file/exec blocks, replacement, import (with and without ,image=), and
// destroy of an instance that is already gone. Steps share one workspace and run in order.
import type { IncusClient } from "../../../lib/incus";
import {
  Cleanup,
  TEST_IMAGE,
  TEST_POOL,
  removeInstanceLater,
  requireIncus,
  testClient,
  uniqueName,
} from "../../support/incus";
import { TerraformWorkspace, requiredProviders } from "../../support/terraform";

const ADDRESS = "incus_instance.c";
const PAYLOAD = "bytes from a local file\n";

interface Variant {
  readonly name: string;
  readonly image?: string;
  readonly purpose: string;
  readonly file?: string;
  readonly exec?: string;
}

function config(v: Variant): string {
  const file = v.file
    ? `
  file {
    content     = ${JSON.stringify(v.file)}
    target_path = "/opt/app/motd"
    mode        = "0640"
    create_directories = true
  }
  file {
    source_path = "payload.bin"
    target_path = "/root/payload.bin"
    uid         = 1000
    gid         = 1000
  }`
    : "";
  const exec = v.exec
    ? `
  exec = {
    "10-mark" = { command = ["sh", "-c", ${JSON.stringify(`echo ${v.exec} >> /root/exec.log`)}] }
  }`
    : "";
  return `${requiredProviders(["incus"])}
provider "incus" {}

resource "incus_instance" "c" {
  name  = ${JSON.stringify(v.name)}
  image = ${JSON.stringify(v.image ?? TEST_IMAGE)}
  config = {
    "user.purpose" = ${JSON.stringify(v.purpose)}
  }
  device {
    name = "root"
    type = "disk"
    properties = {
      path = "/"
      pool = ${JSON.stringify(TEST_POOL)}
    }
  }${file}${exec}
}
`;
}

// Real terraform + incusd steps take seconds each (jest's default is 5 s).
jest.setTimeout(120_000);

describe("incus_instance lifecycle", () => {
  let client: IncusClient;
  let ws: TerraformWorkspace;
  const cleanup = new Cleanup();
  const first = uniqueName("inst");
  const renamed = `${first}-r`;
  let fingerprint = "";
  let uuid = "";

  const read = async (name: string) => (await client.instances.get(name)).value;
  const readFile = async (name: string, path: string) => (await client.instanceFiles.pull(name, path)).toString("utf8");
  const expectEmptyPlan = async () => {
    const plan = await ws.plan();
    expect(plan.output).toMatch(/No changes/);
    expect(plan.code).toBe(0);
  };

  beforeAll(async () => {
    client = testClient();
    await requireIncus(client);
    fingerprint = (await client.images.getAlias(TEST_IMAGE)).value.target;
    for (const name of [first, renamed]) removeInstanceLater(client, cleanup, name);
    ws = TerraformWorkspace.create({ providers: ["incus"], prefix: "t-inst" });
    ws.write("payload.bin", PAYLOAD); // source_path is relative to terraform's working directory
    ws.write("main.tf", config({ name: first, purpose: "one", file: "first\n", exec: "ran1" }));
    await ws.init();
  });

  afterAll(async () => {
    ws?.cleanup();
    await cleanup.run();
    await client?.close();
  });

  test("create starts the instance, uploads the file, runs exec and records state", async () => {
    await ws.apply();
    const live = await read(first);
    expect(live.status).toBe("Running");
    expect(live.config["user.purpose"]).toBe("one");
    expect(live.devices.root).toEqual({ type: "disk", path: "/", pool: TEST_POOL });
    const file = await client.instanceFiles.get(first, "/opt/app/motd");
    expect(file.content?.toString()).toBe("first\n");
    expect(file.mode).toBe(0o640);
    expect(await readFile(first, "/root/exec.log")).toBe("ran1\n");
    const payload = await client.instanceFiles.get(first, "/root/payload.bin");
    expect(payload.content?.toString()).toBe(PAYLOAD);
    expect(payload).toMatchObject({ uid: 1000, gid: 1000, mode: 0o755 });
    uuid = live.config["volatile.uuid"];

    const values = (await ws.resource(ADDRESS))!.values;
    expect(values).toMatchObject({
      name: first,
      type: "container",
      status: "Running",
      running: true,
      ephemeral: false,
      profiles: ["default"],
      config: { "user.purpose": "one" },
      architecture: "x86_64",
      target: "",
    });
    expect(Object.keys(values.config)).toEqual(["user.purpose"]); // no volatile.*/image.* keys
    expect(values.file).toContainEqual(
      expect.objectContaining({ target_path: "/opt/app/motd", mode: "0640", append: false }),
    );
    expect(values.file).toContainEqual(
      expect.objectContaining({ target_path: "/root/payload.bin", mode: "0755", uid: 1000 }),
    );
    await expectEmptyPlan();
  });

  test("config, file, exec and name change in place", async () => {
    ws.write("main.tf", config({ name: renamed, purpose: "two", file: "second\n", exec: "ran2" }));
    const applied = await ws.apply(); // apply prints the plan it carries out
    expect(applied.output).toMatch(/incus_instance\.c will be updated in-place/);
    expect(applied.output).not.toMatch(/must be replaced/);
    expect(await client.instances.find(first)).toBeUndefined();
    const live = await read(renamed);
    expect(live.config["volatile.uuid"]).toBe(uuid); // the same instance, renamed
    expect(live.status).toBe("Running");
    expect(live.config["user.purpose"]).toBe("two");
    expect(await readFile(renamed, "/opt/app/motd")).toBe("second\n");
    expect(await readFile(renamed, "/root/exec.log")).toBe("ran1\nran2\n");
    expect((await ws.resource(ADDRESS))!.values).toMatchObject({ name: renamed, status: "Running" });
    await expectEmptyPlan();
  });

  test("drift: a key added and the instance stopped out of band are planned back", async () => {
    const { value, etag } = await client.instances.get(renamed);
    await client.instances.update(renamed, { ...value, config: { ...value.config, "user.extra": "x" } }, { etag });
    await client.instanceState.stop(renamed, { force: true });
    const applied = await ws.apply();
    expect(applied.output).toMatch(/"user\.extra"\s+= "x" -> null/);
    expect(applied.output).toMatch(/running\s+= false -> true/);
    const live = await read(renamed);
    expect(live.config["user.extra"]).toBeUndefined();
    expect(live.status).toBe("Running");
    await expectEmptyPlan();
  });

  test("removing the file and exec blocks deletes the file", async () => {
    ws.write("main.tf", config({ name: renamed, purpose: "two" }));
    await ws.apply();
    await expect(client.instanceFiles.get(renamed, "/opt/app/motd")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(client.instanceFiles.get(renamed, "/root/payload.bin")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await read(renamed)).config["volatile.uuid"]).toBe(uuid);
    await expectEmptyPlan();
  });

  test("a new image replaces the instance", async () => {
    ws.write("main.tf", config({ name: renamed, purpose: "two", image: fingerprint }));
    const applied = await ws.apply();
    expect(applied.output).toMatch(/incus_instance\.c must be replaced/);
    expect(applied.output).toMatch(/image\s+= "cdktf-virt-busybox" -> "[0-9a-f]{64}" # forces replacement/);
    const live = await read(renamed);
    expect(live.config["volatile.uuid"]).not.toBe(uuid);
    expect(live.status).toBe("Running");
    await expectEmptyPlan();
  });

  test("import: without ,image= the next plan replaces; with it the plan is empty", async () => {
    await ws.ok(["state", "rm", ADDRESS]);
    await ws.import(ADDRESS, renamed);
    const replace = await ws.plan();
    expect(replace.output).toMatch(/incus_instance\.c must be replaced/);

    await ws.ok(["state", "rm", ADDRESS]);
    await ws.import(ADDRESS, `${renamed},image=${fingerprint}`);
    const values = (await ws.resource(ADDRESS))!.values;
    expect(values).toMatchObject({
      name: renamed,
      image: fingerprint,
      running: true,
      config: { "user.purpose": "two" },
    });
    expect(values.device).toEqual([{ name: "root", type: "disk", properties: { path: "/", pool: TEST_POOL } }]);
    await expectEmptyPlan();
  });

  test("deleted out of band: planned again, and destroy succeeds without it", async () => {
    await client.instanceState.stop(renamed, { force: true });
    await client.instances.delete(renamed);
    const plan = await ws.plan();
    expect(plan.code).toBe(2);
    expect(plan.output).toMatch(/incus_instance\.c will be created/);
    // -refresh=false makes the provider's delete meet the missing instance itself.
    await ws.ok(["destroy", "-auto-approve", "-input=false", "-refresh=false"]);
    expect((await ws.show()).values?.root_module?.resources ?? []).toEqual([]);
  });
});
