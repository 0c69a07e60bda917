// Rebuild in place of incus_instance against the real terraform and incusd. An instance whose config records
// user.cdktf-virt.image-change = "rebuild" takes a new image as an in-place update: the same instance (volatile.uuid,
// MAC) with its attached volume and that volume's data, a new root disk from the new image, its exec run again.
// A cloud-init change rebuilds it the same way when user.cdktf-virt.cloud-init-change = "rebuild", and is a plain
// update without it. An instance without the records is replaced on an image change, as with the official provider;
// so is one with the records but with snapshots (Incus does not rebuild those), with a plan warning saying why.
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { shellIn } from "../../support/incus-exec";
import type { RunResult } from "../../support/terraform";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(600_000);

let h: Harness;
let secondImage: string;
let secondFingerprint: string;

const sh = (instance: string, script: string): string => shellIn(instance, script);

beforeAll(async () => {
  h = await harness("rbl");
  // A second image: the test image with /etc/image-id = "second", published from a stopped container.
  const builder = h.name("builder");
  secondImage = h.name("img2");
  h.cleanup.add(`image ${secondImage}`, async () => {
    const alias = await h.client.images.getAlias(secondImage);
    await h.client.images.delete(alias.value.target);
  });
  h.cleanup.add(`instance ${builder}`, () => h.client.instances.delete(builder));
  await h.client.instances.create({
    name: builder,
    source: { type: "image", alias: TEST_IMAGE },
    devices: { root: { type: "disk", path: "/", pool: TEST_POOL } },
    start: true,
  });
  sh(builder, "echo second > /etc/image-id");
  await h.client.instanceState.stop(builder, { force: true });
  secondFingerprint = await h.client.images.publish(builder);
  await h.client.images.createAlias({ name: secondImage, target: secondFingerprint });
  await h.client.instances.delete(builder);
});

afterAll(async () => {
  await h?.close();
});

interface Step {
  readonly image: string;
  readonly plainImage: string;
  readonly userData: string;
  readonly cloudInitChange?: string;
}

function config(s: Step): void {
  const records = `
    "user.cdktf-virt.image-change"      = "rebuild"
    "user.cdktf-virt.cloud-init-change" = ${JSON.stringify(s.cloudInitChange ?? "rebuild")}`;
  h.config(`resource "incus_storage_volume" "data" {
  name = ${JSON.stringify(h.name("data"))}
  pool = ${JSON.stringify(TEST_POOL)}
  config = { "user.cdktf-virt.snapshot-before-rebuild" = "2" }
}

resource "incus_instance" "rb" {
  name  = ${JSON.stringify(h.name("rb"))}
  image = ${JSON.stringify(s.image)}
  config = {${records}
    "cloud-init.user-data" = ${JSON.stringify(s.userData)}
  }
  device {
    name       = "root"
    type       = "disk"
    properties = { path = "/", pool = ${JSON.stringify(TEST_POOL)} }
  }
  device {
    name       = "eth0"
    type       = "nic"
    properties = { nictype = "p2p" }
  }
  device {
    name       = "data"
    type       = "disk"
    properties = { path = "/data", pool = ${JSON.stringify(TEST_POOL)}, source = incus_storage_volume.data.name }
  }
  exec = {
    "10-mark" = { command = ["sh", "-c", "echo ran >> /root/exec.log"] }
  }
}

resource "incus_instance" "plain" {
  name  = ${JSON.stringify(h.name("plain"))}
  image = ${JSON.stringify(s.plainImage)}
  device {
    name       = "root"
    type       = "disk"
    properties = { path = "/", pool = ${JSON.stringify(TEST_POOL)} }
  }
}
`);
}

/** The actions terraform plans per resource address, from a saved plan. */
async function plannedActions(): Promise<{ actions: Record<string, string[]>; plan: RunResult }> {
  const plan = await h.run(["plan", "-out=step.tfplan", "-input=false"]);
  if (plan.code !== 0) throw new Error(plan.output);
  const show = await h.run(["show", "-json", "step.tfplan"]);
  const json = JSON.parse(show.stdout) as {
    resource_changes: { address: string; change: { actions: string[] } }[];
  };
  const actions: Record<string, string[]> = {};
  for (const rc of json.resource_changes) actions[rc.address] = rc.change.actions;
  return { actions, plan };
}

async function live(name: string): Promise<Record<string, string>> {
  return (await h.client.instances.get(name)).value.config;
}

test("image and cloud-init changes rebuild in place with the records, replace without them", async () => {
  const rb = h.name("rb");
  const plain = h.name("plain");
  const step: Step = { image: TEST_IMAGE, plainImage: TEST_IMAGE, userData: "#cloud-config\n# one\n" };
  config(step);
  await h.apply();
  const before = await live(rb);
  const plainBefore = await live(plain);
  sh(rb, "echo keep > /data/f; touch /root/first-boot");

  // The image changes: the recorded instance is updated in place, the plain one replaced.
  config({ ...step, image: secondImage, plainImage: secondImage });
  const { actions } = await plannedActions();
  expect(actions["incus_instance.rb"]).toEqual(["update"]);
  expect(actions["incus_instance.plain"]).toEqual(["delete", "create"]);
  await h.apply();
  const after = await live(rb);
  expect(after["volatile.uuid"]).toBe(before["volatile.uuid"]);
  expect(after["volatile.eth0.hwaddr"]).toBe(before["volatile.eth0.hwaddr"]);
  expect(after["volatile.base_image"]).toBe(secondFingerprint);
  expect(before["volatile.base_image"]).not.toBe(secondFingerprint);
  expect((await h.client.instances.get(rb)).value.status).toBe("Running");
  expect(sh(rb, "cat /etc/image-id").trim()).toBe("second");
  expect(sh(rb, "cat /data/f").trim()).toBe("keep");
  expect(sh(rb, "ls /root").split("\n")).not.toContain("first-boot");
  expect(sh(rb, "cat /root/exec.log").trim()).toBe("ran"); // the new root disk ran its exec once
  const snapshots = await h.client.volumeSnapshots.list(TEST_POOL, h.name("data"));
  expect(snapshots.map((s) => s.name)).toEqual([expect.stringMatching(new RegExp(`^rebuild-${rb}-\\d{8}T\\d{6}Z$`))]);
  expect((await live(plain))["volatile.uuid"]).not.toBe(plainBefore["volatile.uuid"]);
  await h.expectNoChanges();

  // New cloud-init user-data: rebuilt from the same image, with the new data in its config.
  sh(rb, "touch /root/first-boot");
  const rebuiltOnce = await live(rb);
  config({ ...step, image: secondImage, plainImage: secondImage, userData: "#cloud-config\n# two\n" });
  expect((await plannedActions()).actions["incus_instance.rb"]).toEqual(["update"]);
  await h.apply();
  const afterCloudInit = await live(rb);
  expect(afterCloudInit["cloud-init.user-data"]).toBe("#cloud-config\n# two\n");
  expect(afterCloudInit["volatile.uuid"]).toBe(rebuiltOnce["volatile.uuid"]);
  expect(afterCloudInit["volatile.base_image"]).toBe(secondFingerprint);
  expect(sh(rb, "ls /root").split("\n")).not.toContain("first-boot");
  expect(sh(rb, "cat /data/f").trim()).toBe("keep");

  // Opted out: the next user-data is written, and nothing is rebuilt.
  sh(rb, "touch /root/first-boot");
  config({
    ...step,
    image: secondImage,
    plainImage: secondImage,
    userData: "#cloud-config\n# three\n",
    cloudInitChange: "update",
  });
  expect((await plannedActions()).actions["incus_instance.rb"]).toEqual(["update"]);
  await h.apply();
  expect((await live(rb))["cloud-init.user-data"]).toBe("#cloud-config\n# three\n");
  expect(sh(rb, "ls /root").split("\n")).toContain("first-boot");
  expect(sh(rb, "cat /root/exec.log").trim()).toBe("ran");
});

test("an instance with snapshots is replaced instead, and the plan says why", async () => {
  const rb = h.name("rb");
  await h.client.instanceSnapshots.create(rb, "keep-me");
  const before = await live(rb);
  config({
    image: TEST_IMAGE,
    plainImage: secondImage,
    userData: "#cloud-config\n# three\n",
    cloudInitChange: "update",
  });
  const { actions, plan } = await plannedActions();
  expect(actions["incus_instance.rb"]).toEqual(["delete", "create"]);
  expectOutput(plan, /replaced, not rebuilt in place/);
  expectOutput(plan, /1 snapshot/);
  await h.apply();
  expect((await live(rb))["volatile.uuid"]).not.toBe(before["volatile.uuid"]);
});
