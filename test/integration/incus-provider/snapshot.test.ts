// incus_instance_snapshot through the real terraform and incusd: create, an empty plan after apply,
// replacement on a name change, drift (deleted out of band), an instance copied from the snapshot, an
// existing snapshot refused with the import command, import, and destroy of a snapshot that is already gone.
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

const SNAP = "incus_instance_snapshot.snap1";

/** Terraform wraps long messages; compare with whitespace collapsed. */
const flat = (text: string): string => text.replace(/\s+/g, " ");
// Real terraform + incusd steps take seconds each (jest's default is 5 s).
jest.setTimeout(120_000);

describe("incus_instance_snapshot lifecycle", () => {
  let client: IncusClient;
  let ws: TerraformWorkspace;
  const cleanup = new Cleanup();
  const instance = uniqueName("snap");

  const main = (snapshots: string[]) => `${requiredProviders(["incus"])}
provider "incus" {}

resource "incus_instance" "instance1" {
  name    = ${JSON.stringify(instance)}
  image   = ${JSON.stringify(TEST_IMAGE)}
  config  = { "user.origin" = "snapshotted" }
  file {
    content     = "before the snapshot\\n"
    target_path = "/etc/marker"
  }
  device {
    name = "root"
    type = "disk"
    properties = {
      path = "/"
      pool = ${JSON.stringify(TEST_POOL)}
    }
  }
}
${snapshots
  .map(
    (name, i) => `
resource "incus_instance_snapshot" "snap${i + 1}" {
  name     = ${JSON.stringify(name)}
  instance = incus_instance.instance1.name
}
`,
  )
  .join("")}`;

  const snapshotNames = async () => (await client.instanceSnapshots.list(instance)).map((s) => s.name).sort();
  const expectEmptyPlan = async () => {
    const plan = await ws.plan();
    expect(flat(plan.output)).toMatch(/No changes/);
    expect(plan.code).toBe(0);
  };

  beforeAll(async () => {
    client = testClient();
    await requireIncus(client);
    removeInstanceLater(client, cleanup, instance);
    ws = TerraformWorkspace.create({ providers: ["incus"], prefix: "t-snap" });
    ws.write("main.tf", main(["first"]));
    await ws.init();
  });

  afterAll(async () => {
    ws?.cleanup();
    await cleanup.run();
    await client?.close();
  });

  test("create records the snapshot and its creation time", async () => {
    const before = Math.floor(Date.now() / 1000) - 5;
    await ws.apply();
    expect(await snapshotNames()).toEqual(["first"]);
    const values = (await ws.resource(SNAP))!.values;
    expect(values).toMatchObject({ name: "first", instance, stateful: false, project: null, remote: null });
    expect(values.created_at).toBeGreaterThanOrEqual(before);
    await expectEmptyPlan();
  });

  test("a new name replaces the snapshot", async () => {
    ws.write("main.tf", main(["second"]));
    const applied = await ws.apply(); // apply prints the plan it carries out
    expect(flat(applied.output)).toMatch(/incus_instance_snapshot\.snap1 must be replaced/);
    expect(await snapshotNames()).toEqual(["second"]);
    await expectEmptyPlan();
  });

  test("deleted out of band: planned and created again", async () => {
    await client.instanceSnapshots.delete(instance, "second");
    const applied = await ws.apply();
    expect(flat(applied.output)).toMatch(/incus_instance_snapshot\.snap1 will be created/);
    expect(await snapshotNames()).toEqual(["second"]);
    await expectEmptyPlan();
  });

  test("an instance copied from the snapshot (source_instance) gets the snapshot's files and config", async () => {
    const copy = `${instance}-copy`;
    removeInstanceLater(client, cleanup, copy);
    ws.write(
      "main.tf",
      main(["second"]) +
        `
resource "incus_instance" "copy" {
  name = ${JSON.stringify(copy)}
  source_instance = {
    project  = "default"
    name     = incus_instance.instance1.name
    snapshot = incus_instance_snapshot.snap1.name
  }
  device {
    name = "root"
    type = "disk"
    properties = {
      path = "/"
      pool = ${JSON.stringify(TEST_POOL)}
    }
  }
}
`,
    );
    await ws.apply();
    const live = (await client.instances.get(copy)).value;
    expect(live.status).toBe("Running");
    expect(live.config["user.origin"]).toBe("snapshotted");
    expect((await client.instanceFiles.pull(copy, "/etc/marker")).toString()).toBe("before the snapshot\n");
    expect((await ws.resource("incus_instance.copy"))!.values).toMatchObject({
      config: { "user.origin": "snapshotted" },
      profiles: ["default"],
    });
    await expectEmptyPlan();
    ws.write("main.tf", main(["second"]));
    await ws.apply();
    expect(await client.instances.find(copy)).toBeUndefined();
  });

  test("an existing snapshot of the planned name is left alone and the import command is named", async () => {
    await client.instanceSnapshots.create(instance, "third");
    const createdAt = (await client.instanceSnapshots.get(instance, "third")).value.created_at;
    ws.write("main.tf", main(["second", "third"]));
    const refused = await ws.run(["apply", "-auto-approve", "-input=false"]);
    expect(refused.code).toBe(1);
    expect(flat(refused.output)).toMatch(
      new RegExp(`terraform import incus_instance_snapshot\\.<resource name> /${instance}/third`),
    );
    expect((await client.instanceSnapshots.get(instance, "third")).value.created_at).toBe(createdAt);

    await ws.import("incus_instance_snapshot.snap2", `/${instance}/third`);
    expect((await ws.resource("incus_instance_snapshot.snap2"))!.values).toMatchObject({
      name: "third",
      instance,
      stateful: false,
    });
    await expectEmptyPlan();
  });

  test("destroy succeeds when a snapshot is already gone", async () => {
    await client.instanceSnapshots.delete(instance, "third");
    await ws.ok(["destroy", "-auto-approve", "-input=false", "-refresh=false"]);
    expect(await client.instances.find(instance)).toBeUndefined();
    expect((await ws.show()).values?.root_module?.resources ?? []).toEqual([]);
  });
});
