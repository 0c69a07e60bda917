// Configurations in the style of the official lxc/incus provider's acceptance tests, run against the bundled
// provider: an instance with an uploaded file (three steps: create, new mode, new content), a volume attached
// through a disk device, an instance in a project with a wait_for delay (an invalid delay rejected before
// anything is created), and an instance imported by `project/name,image=...`. The only addition to the
// official configurations is a root disk device: this host's default profile has none.
import { TEST_IMAGE, uniqueName } from "../../support/incus";
import { INCUS_PROVIDER_HCL, incusTerraformSuite, rootDeviceHcl } from "../../support/incus-suite";
import type { TerraformWorkspace } from "../../support/terraform";

// Real terraform + incusd steps take seconds each (jest's default is 5 s).
jest.setTimeout(120_000);

describe("incus_instance compatibility with the official acceptance tests", () => {
  const { client, cleanup, workspace, removeInstance } = incusTerraformSuite();
  const expectEmptyPlan = async (ws: TerraformWorkspace) => {
    const plan = await ws.plan();
    expect(plan.output).toMatch(/No changes/);
    expect(plan.code).toBe(0);
  };

  test("instance with an uploaded file (fileUploadContent)", async () => {
    const name = uniqueName("compat-file");
    removeInstance(name);
    const instance = (file: string) => `${INCUS_PROVIDER_HCL}
resource "incus_instance" "instance1" {
  name  = ${JSON.stringify(name)}
  image = ${JSON.stringify(TEST_IMAGE)}
${rootDeviceHcl()}
  file {
${file}
  }
}
`;
    const ws = await workspace(
      "t-compat-file",
      instance(`    content            = "Hello, World!\\n"
    target_path        = "/foo/bar.txt"
    mode               = "0644"
    create_directories = true`),
    );
    await ws.apply();
    let file = await client.instanceFiles.get(name, "/foo/bar.txt");
    expect(file.content?.toString()).toBe("Hello, World!\n");
    expect(file.mode).toBe(0o644);
    const values = (await ws.resource("incus_instance.instance1"))!.values;
    expect(values.status).toBe("Running");
    expect(values.file).toEqual([
      {
        content: "Hello, World!\n",
        source_path: null,
        target_path: "/foo/bar.txt",
        uid: null,
        gid: null,
        mode: "0644",
        directory_mode: null,
        create_directories: true,
        append: false,
      },
    ]);
    await expectEmptyPlan(ws);

    ws.write(
      "main.tf",
      instance(`    content            = "Hello, World!\\n"
    target_path        = "/foo/bar.txt"
    mode               = "0777"
    create_directories = true
    directory_mode     = "0777"`),
    );
    await ws.apply();
    expect((await client.instanceFiles.get(name, "/foo/bar.txt")).mode).toBe(0o777);
    await expectEmptyPlan(ws);

    ws.write(
      "main.tf",
      instance(`    content            = "Goodbye, World!\\n"
    target_path        = "/foo/bar.txt"
    mode               = "0777"
    create_directories = false`),
    );
    await ws.apply();
    file = await client.instanceFiles.get(name, "/foo/bar.txt");
    expect(file.content?.toString()).toBe("Goodbye, World!\n");
    expect((await ws.resource("incus_instance.instance1"))!.values.file[0]).toMatchObject({
      mode: "0777",
      create_directories: false,
    });
    await expectEmptyPlan(ws);
    await ws.destroy();
    expect(await client.instances.find(name)).toBeUndefined();
  });

  test("volume attached to an instance through a disk device (StorageVolume_instanceAttach)", async () => {
    const pool = uniqueName("compat-pool");
    const volume = uniqueName("compat-vol");
    const name = uniqueName("compat-att");
    // Cleanup runs in reverse: instance, then volume, then pool.
    cleanup.add(`pool ${pool}`, () => client.storagePools.delete(pool));
    cleanup.add(`volume ${volume}`, () => client.storageVolumes.delete(pool, volume));
    removeInstance(name);
    const main = (running: boolean) => `${INCUS_PROVIDER_HCL}
resource "incus_storage_pool" "pool1" {
  name   = ${JSON.stringify(pool)}
  driver = "dir"
}

resource "incus_storage_volume" "volume1" {
  name = ${JSON.stringify(volume)}
  pool = incus_storage_pool.pool1.name
}

resource "incus_instance" "instance1" {
  name    = ${JSON.stringify(name)}
  image   = ${JSON.stringify(TEST_IMAGE)}
  running = ${running}
${rootDeviceHcl()}

  device {
    name = "volume1"
    type = "disk"
    properties = {
      path   = "/mnt"
      source = incus_storage_volume.volume1.name
      pool   = incus_storage_pool.pool1.name
    }
  }
}
`;
    const ws = await workspace("t-compat-vol", main(false));
    await ws.apply();
    const values = (await ws.resource("incus_instance.instance1"))!.values;
    expect(values.status).toBe("Stopped");
    expect(values.device).toContainEqual({
      name: "volume1",
      type: "disk",
      properties: { path: "/mnt", source: volume, pool },
    });
    expect((await client.instances.get(name)).value.devices.volume1).toEqual({
      type: "disk",
      path: "/mnt",
      source: volume,
      pool,
    });
    await expectEmptyPlan(ws);

    ws.write("main.tf", main(true));
    await ws.apply();
    const mounted = await client.exec.run(name, ["grep", " /mnt ", "/proc/mounts"]);
    expect(mounted.exitCode).toBe(0);
    await expectEmptyPlan(ws);
    await ws.destroy();
    expect(await client.instances.find(name)).toBeUndefined();
  });

  test("instance in a project with a wait_for delay; an invalid delay is rejected; import by project/name,image=", async () => {
    const project = uniqueName("compat-proj");
    const name = uniqueName("compat-wait");
    cleanup.add(`project ${project}`, () => client.projects.delete(project));
    removeInstance(name, project);
    const main = (delay: string) => `${INCUS_PROVIDER_HCL}
resource "incus_project" "project1" {
  name          = ${JSON.stringify(project)}
  description   = "Terraform provider test project"
  # Not force_destroy as in the official test: Incus 6.0's forced delete of a project with
  # features.profiles=false resets the *default project's* profiles (seen: the default profile's description).
  force_destroy = false

  config = {
    "features.images"   = false
    "features.profiles" = false
  }
}

resource "incus_instance" "instance1" {
  name    = ${JSON.stringify(name)}
  image   = ${JSON.stringify(TEST_IMAGE)}
  project = incus_project.project1.name
${rootDeviceHcl()}

  wait_for {
    type  = "delay"
    delay = ${JSON.stringify(delay)}
  }
}
`;
    const ws = await workspace("t-compat-proj", main("not-a-duration"));
    const rejected = await ws.run(["apply", "-auto-approve", "-input=false"]);
    expect(rejected.code).toBe(1);
    expect(rejected.output).toMatch(/Invalid wait_for delay/);
    // Terraform wraps long details: compare with whitespace collapsed.
    expect(rejected.output.replace(/\s+/g, " ")).toMatch(
      /"not-a-duration" is not a duration; use a number with a unit, e\.g\. "30s"/,
    );
    expect(rejected.output).toMatch(/with incus_instance\.instance1/);
    expect(await client.projects.find(project)).toBeUndefined(); // rejected before anything was created

    ws.write("main.tf", main("1s"));
    const started = Date.now();
    await ws.apply();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const live = (await client.instances.get(name, { project })).value;
    expect(live.status).toBe("Running");
    expect((await ws.resource("incus_instance.instance1"))!.values).toMatchObject({
      project,
      status: "Running",
      wait_for: [{ type: "delay", delay: "1s", nic: null }],
    });
    await expectEmptyPlan(ws);

    await ws.ok(["state", "rm", "incus_instance.instance1"]);
    await ws.import("incus_instance.instance1", `${project}/${name},image=${TEST_IMAGE}`);
    expect((await ws.resource("incus_instance.instance1"))!.values).toMatchObject({ name, project, image: TEST_IMAGE });
    // wait_for blocks cannot be read back: an import plans only that in-place change, never a replacement.
    const plan = await ws.plan();
    expect(plan.output).not.toMatch(/must be replaced/);
    expect(plan.output).toMatch(/1 to change, 0 to destroy/);
    await ws.apply();
    await expectEmptyPlan(ws);
    await ws.destroy();
    expect(await client.projects.find(project)).toBeUndefined();
  });
});
