// Configurations in the style of the official provider's acceptance tests, run unchanged against the bundled
// provider: an instance with an uploaded file, a volume attached through a disk device, a profile with
// devices, an isolated network, an instance in a project with a wait_for delay (and an invalid delay), and
// an instance and a volume imported by ID.
import { Cleanup, TEST_IMAGE, TEST_POOL, createTestContainer, removeInstanceLater } from "../../support/incus";
import { rootDeviceHcl } from "../../support/incus-suite";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("compat");
});

afterAll(async () => {
  await h?.close();
});

const ROOT_DEVICE = `${rootDeviceHcl()}\n`;

function trackInstance(name: string, project?: string): string {
  removeInstanceLater(h.client, h.cleanup, name, project);
  return name;
}

test("file upload, attached volume, profile with devices, isolated network", async () => {
  const [withFile, withVolume, withProfile] = [
    trackInstance(h.name("file")),
    trackInstance(h.name("vol")),
    trackInstance(h.name("prof")),
  ];
  const volume = h.name("data");
  const profile = h.name("p");
  const network = `t-c-${h.name().slice(-8)}`;
  h.cleanup.add(`volume ${volume}`, () => h.client.storageVolumes.delete(TEST_POOL, volume));
  h.cleanup.add(`profile ${profile}`, () => h.client.profiles.delete(profile));
  h.cleanup.add(`network ${network}`, () => h.client.networks.delete(network));
  h.config(`
resource "incus_instance" "instance1" {
  name  = "${withFile}"
  image = "${TEST_IMAGE}"
${ROOT_DEVICE}
  file {
    content            = "Hello, World!\\n"
    target_path        = "/foo/bar.txt"
    mode               = "0644"
    create_directories = true
  }
}

resource "incus_storage_volume" "volume1" {
  name = "${volume}"
  pool = "${TEST_POOL}"
}

resource "incus_instance" "instance2" {
  name  = "${withVolume}"
  image = "${TEST_IMAGE}"
${ROOT_DEVICE}
  device {
    name = "volume1"
    type = "disk"
    properties = {
      path   = "/mnt"
      source = incus_storage_volume.volume1.name
      pool   = incus_storage_volume.volume1.pool
    }
  }
}

resource "incus_profile" "profile1" {
  name = "${profile}"

  config = {
    "limits.cpu" = 1
  }

${ROOT_DEVICE}
  device {
    name = "shared"
    type = "disk"
    properties = {
      source = "/tmp"
      path   = "/tmp/shared"
    }
  }
}

resource "incus_network" "eth1" {
  name = "${network}"

  config = {
    "ipv4.address" = "none"
    "ipv6.address" = "none"
  }
}

resource "incus_instance" "instance3" {
  name     = "${withProfile}"
  image    = "${TEST_IMAGE}"
  profiles = ["default", incus_profile.profile1.name]

  device {
    name = "eth0"
    type = "nic"
    properties = {
      network = incus_network.eth1.name
    }
  }
}
`);
  await h.apply();

  const file = await h.client.instanceFiles.get(withFile, "/foo/bar.txt");
  expect(file.content?.toString()).toBe("Hello, World!\n");
  expect(file.mode).toBe(0o644);
  expect((await h.client.instances.get(withVolume)).value.devices.volume1).toEqual({
    type: "disk",
    path: "/mnt",
    source: volume,
    pool: TEST_POOL,
  });
  expect((await h.client.storageVolumes.get(TEST_POOL, volume)).value.used_by).toEqual([
    `/1.0/instances/${withVolume}`,
  ]);
  expect((await h.client.profiles.get(profile)).value).toMatchObject({
    config: { "limits.cpu": "1" },
    devices: { shared: { source: "/tmp" } },
  });
  const inst3 = (await h.client.instances.get(withProfile)).value;
  expect(inst3.profiles).toEqual(["default", profile]);
  expect(inst3.devices.eth0).toEqual({ type: "nic", network });
  expect((await h.client.networks.get(network)).value.config).toMatchObject({
    "ipv4.address": "none",
    "ipv6.address": "none",
  });
  await h.expectNoChanges();

  await h.ws.destroy();
  for (const n of [withFile, withVolume, withProfile]) expect(await h.client.instances.find(n)).toBeUndefined();
  expect(await h.client.storageVolumes.find(TEST_POOL, volume)).toBeUndefined();
});

test("an instance in a project with a wait_for delay; an invalid delay is rejected", async () => {
  const project = h.name("proj");
  const instance = trackInstance(h.name("i"), project);
  h.cleanup.add(`project ${project}`, () => h.client.projects.delete(project));
  const config = (delay: string) =>
    h.config(`
resource "incus_project" "project1" {
  name = "${project}"
  config = {
    "features.images"   = false
    "features.profiles" = false
  }
}

resource "incus_instance" "instance1" {
  name    = "${instance}"
  image   = "${TEST_IMAGE}"
  project = incus_project.project1.name
${ROOT_DEVICE}
  wait_for {
    type  = "delay"
    delay = "${delay}"
  }
}
`);
  config("not-a-duration");
  const bad = await h.run(["plan", "-input=false"]);
  expect(bad.code).not.toBe(0);
  expectOutput(bad, /delay/i);
  expect(await h.client.projects.find(project)).toBeUndefined();

  config("2s");
  const started = Date.now();
  await h.apply();
  expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  expect((await h.client.instances.get(instance, { project })).value.status).toBe("Running");
  await h.expectNoChanges();
  await h.ws.destroy();
  expect(await h.client.projects.find(project)).toBeUndefined();
});

test("an instance and a volume imported by ID plan no changes", async () => {
  const rest = new Cleanup();
  const instance = h.name("imp");
  const volume = h.name("impvol");
  try {
    await createTestContainer(h.client, rest, instance);
    rest.add(`volume ${volume}`, () => h.client.storageVolumes.delete(TEST_POOL, volume));
    await h.client.storageVolumes.create(TEST_POOL, { name: volume, config: { size: "32MiB" } });
    h.config(`
resource "incus_instance" "imported" {
  name  = "${instance}"
  image = "${TEST_IMAGE}"
${ROOT_DEVICE}}

resource "incus_storage_volume" "imported" {
  name   = "${volume}"
  pool   = "${TEST_POOL}"
  config = { size = "32MiB" }
}
`);
    await h.import("incus_instance.imported", `${instance},image=${TEST_IMAGE}`);
    await h.import("incus_storage_volume.imported", `/${TEST_POOL}/${volume}`);
    await h.expectNoChanges();
    await h.ws.ok(["state", "rm", "incus_instance.imported", "incus_storage_volume.imported"]);
  } finally {
    await rest.run();
  }
});
