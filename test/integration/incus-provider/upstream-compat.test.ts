// Configurations from the official lxc/incus provider's acceptance tests (github.com/lxc/terraform-provider-incus,
// internal/*/resource_*_test.go at v1.1.1-37-g8db6003), run against the bundled provider through terraform and
// the real incusd. Each case names the upstream test it comes from. The only additions to the official
// configurations are a root disk device (this host's default profile has none) and the test pool/image.
import { TEST_IMAGE, TEST_POOL, removeInstanceLater } from "../../support/incus";
import { rootDeviceHcl } from "../../support/incus-suite";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("upcompat");
});

afterAll(async () => {
  await h?.close();
});

/** Terraform wraps long details: compare with whitespace collapsed. */
const flat = (text: string): string => text.replace(/\s+/g, " ");

const NULL_READONLY = `
variable "readonly" {
  type    = string
  default = null
}
`;

const NULL_DEVICE = `
  device {
    name = "shared"
    type = "disk"
    properties = {
      source   = "/tmp"
      path     = "/tmp/shared"
      readonly = var.readonly
    }
  }`;

// TestAccInstance_devicePropertiesNull (v1.1.1-37-g8db6003): a null property is left out of the device, the
// apply succeeds and the next plan is empty.
test("incus_instance devicePropertiesNull", async () => {
  const name = h.name("devnull");
  removeInstanceLater(h.client, h.cleanup, name);
  h.config(`${NULL_READONLY}
resource "incus_instance" "instance1" {
  name  = "${name}"
  image = "${TEST_IMAGE}"
${rootDeviceHcl()}
${NULL_DEVICE}
}
`);
  await h.apply();
  const live = (await h.client.instances.get(name)).value;
  expect(live.status).toBe("Running");
  expect(live.devices.shared).toEqual({ type: "disk", source: "/tmp", path: "/tmp/shared" });
  await h.expectNoChanges();
  await h.run(["destroy", "-auto-approve", "-input=false"]);
});

// The same device on a profile (incus_profile shares the device block with incus_instance).
test("incus_profile devicePropertiesNull", async () => {
  const name = h.name("pdevnull");
  h.cleanup.add(`profile ${name}`, () => h.client.profiles.delete(name));
  h.config(`${NULL_READONLY}
resource "incus_profile" "profile1" {
  name = "${name}"
${NULL_DEVICE}
}
`);
  await h.apply();
  const live = (await h.client.profiles.get(name)).value;
  expect(live.devices.shared).toEqual({ type: "disk", source: "/tmp", path: "/tmp/shared" });
  await h.expectNoChanges();
  await h.run(["destroy", "-auto-approve", "-input=false"]);
});

// TestAccImage_DataSource-style lookup by a fingerprint prefix: the official data source returns the image's
// full fingerprint (it sets state.Fingerprint from the image it read).
test("data incus_image by fingerprint prefix returns the full fingerprint", async () => {
  const fingerprint = (await h.client.images.getAlias(TEST_IMAGE)).value.target;
  h.config(`
data "incus_image" "img" {
  fingerprint = "${fingerprint.slice(0, 12)}"
}

output "fingerprint" {
  value = data.incus_image.img.fingerprint
}
`);
  await h.apply();
  const out = await h.run(["output", "-raw", "fingerprint"]);
  expect(out.output.trim()).toBe(fingerprint);
  await h.expectNoChanges();
});

// TestAccInstance_waitForDelayInvalid (v1.1.1-37-g8db6003) creates the instance, keeps it in state and then
// fails; the bundled provider refuses the delay at plan time, at the attribute (docs/providers.md).
test("incus_instance wait_for invalid delay is refused at plan time, at the attribute", async () => {
  const name = h.name("wait");
  removeInstanceLater(h.client, h.cleanup, name);
  h.config(`
resource "incus_instance" "instance1" {
  name  = "${name}"
  image = "${TEST_IMAGE}"
${rootDeviceHcl()}

  wait_for {
    type  = "delay"
    delay = "not-a-duration"
  }
}
`);
  const plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  expectOutput(plan, /Invalid wait_for delay/);
  // Terraform quotes the configuration line of the attribute the diagnostic points at.
  expectOutput(plan, /\d+:\s+delay = "not-a-duration"/);
  expect(await h.client.instances.find(name)).toBeUndefined();
});

// TestAccInstance_execTimeout-style entry: the error names the exec entry and its timeout (upstream says
// `Failed to execute command "slow" in instance ...: context deadline exceeded`), never the command or its
// environment.
test("incus_instance exec timeout names the entry and the timeout", async () => {
  const name = h.name("exectimeout");
  removeInstanceLater(h.client, h.cleanup, name);
  h.config(`
resource "incus_instance" "instance1" {
  name  = "${name}"
  image = "${TEST_IMAGE}"
${rootDeviceHcl()}

  exec = {
    slow = {
      command     = ["sh", "-c", "sleep 30 # hidden-argv-marker"]
      environment = { TOKEN = "hidden-env-marker" }
      timeout     = "2s"
    }
  }
}
`);
  const started = Date.now();
  const failed = await h.applyFails(["-no-color"]);
  expect(Date.now() - started).toBeLessThan(25_000);
  const text = flat(failed.output);
  expect(text).toMatch(/Failed to execute command "slow" in instance "[^"]+"/);
  expect(text).toMatch(/exec\["slow"\] did not finish within its timeout of 2s/);
  expect(text).not.toMatch(/hidden-argv-marker|hidden-env-marker/);
  await h.run(["destroy", "-auto-approve", "-input=false"]);
});

// TestAccStorageVolume_fileUploadContent and TestAccStorageVolume_fileUploadSource (v1.1.1-37-g8db6003), on the
// test pool instead of a new lvm pool. The files go through Incus' volume files API (extension
// file_storage_volume), which the Incus 6.0 LTS on the test hosts lacks: the plan is refused at the file block,
// naming the extension and the server version, and nothing is created. (The requests themselves are covered
// by test/unit/incus/volume-files.test.ts.)
test.each([
  ["fileUploadContent", `content            = "Hello, World!\\n"`],
  ["fileUploadSource", `source_path        = "\${path.module}/test-file.txt"`],
])("incus_storage_volume %s on a server without the volume files API", async (_upstream, source) => {
  const volume = h.name("vfiles");
  h.cleanup.add(`volume ${volume}`, () => h.client.storageVolumes.delete(TEST_POOL, volume));
  h.ws.write("test-file.txt", "Hello from a file!\n");
  h.config(`
resource "incus_storage_volume" "volume1" {
  name = "${volume}"
  pool = "${TEST_POOL}"

  file {
    ${source}
    target_path        = "/foo/bar.txt"
    mode               = "0644"
    create_directories = true
  }
}
`);
  const server = (await h.client.server.get()).value;
  expect(server.api_extensions).not.toContain("file_storage_volume"); // otherwise this case tests nothing
  const plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  expectOutput(plan, /file blocks on storage volumes need a newer Incus/);
  expect(flat(plan.output)).toContain(
    `needs the Incus API extension "file_storage_volume" (Incus releases after the 6.0 LTS); this server runs Incus ${server.environment?.server_version}`,
  );
  // Terraform quotes the line of the file block the diagnostic points at.
  expectOutput(plan, /\d+:\s+target_path\s+= "\/foo\/bar\.txt"/);
  const applied = await h.applyFails(["-no-color"]);
  expectOutput(applied, /file blocks on storage volumes need a newer Incus/);
  expect(await h.client.storageVolumes.find(TEST_POOL, volume)).toBeUndefined();
});
