// incus_instance's plan-time checks through the real terraform and incusd: a name that does not exist on the
// host (image, pool, network, profile, project) fails the plan with its attribute path and the closest names
// before anything is destroyed, while a stack that creates those objects itself still applies in one run.
import { randomBytes } from "node:crypto";
import { TEST_IMAGE, uniqueName } from "../../support/incus";
import { INCUS_PROVIDER_HCL, incusTerraformSuite, rootDeviceHcl } from "../../support/incus-suite";

/** Terraform wraps long messages; compare with whitespace collapsed. */
const flat = (text: string): string => text.replace(/\s+/g, " ");
// Real terraform + incusd steps take seconds each (jest's default is 5 s).
jest.setTimeout(240_000);

function instanceHcl(name: string, image: string, extra = ""): string {
  return `
resource "incus_instance" "c" {
  name  = ${JSON.stringify(name)}
  image = ${JSON.stringify(image)}
${rootDeviceHcl()}${extra}
}
`;
}

describe("incus_instance plan-time checks", () => {
  const { client, cleanup, workspace, removeInstance } = incusTerraformSuite();

  test("a typo in the image of a running instance fails the plan, names the closest image and the instance keeps running", async () => {
    const name = uniqueName("imgtypo");
    removeInstance(name);
    const ws = await workspace("t-plan-img", INCUS_PROVIDER_HCL + instanceHcl(name, TEST_IMAGE));
    await ws.apply();
    const uuid = (await client.instances.get(name)).value.config["volatile.uuid"];

    const typo = `${TEST_IMAGE}x`;
    ws.write("main.tf", INCUS_PROVIDER_HCL + instanceHcl(name, typo));
    const plan = await ws.plan();
    expect(plan.code).toBe(1);
    expect(flat(plan.output)).toMatch(new RegExp(`image "${typo}" does not exist`));
    expect(flat(plan.output)).toMatch(new RegExp(`did you mean "${TEST_IMAGE}"`, "i"));
    expect(flat(plan.output)).toMatch(/with incus_instance\.c, .* image = /);

    const applied = await ws.run(["apply", "-auto-approve", "-input=false"]);
    expect(applied.code).toBe(1);
    const live = (await client.instances.get(name)).value;
    expect(live.status).toBe("Running");
    expect(live.config["volatile.uuid"]).toBe(uuid);
    ws.write("main.tf", INCUS_PROVIDER_HCL + instanceHcl(name, TEST_IMAGE));
    await ws.destroy();
  });

  test("a missing profile or network on a new instance fails the plan with the attribute path; nothing is created", async () => {
    const name = uniqueName("reftypo");
    removeInstance(name);
    const nic = `
  device {
    name = "eth0"
    type = "nic"
    properties = { network = "no-such-net" }
  }
  profiles = ["defualt"]`;
    const ws = await workspace("t-plan-refs", INCUS_PROVIDER_HCL + instanceHcl(name, TEST_IMAGE, nic));
    const plan = await ws.plan();
    expect(plan.code).toBe(1);
    const out = flat(plan.output);
    expect(out).toMatch(/profile "defualt" does not exist/);
    expect(out).toMatch(/did you mean "default"/i);
    expect(out).toMatch(/network "no-such-net" does not exist/);
    expect(await client.instances.find(name)).toBeUndefined();
  });

  test("a stack that creates its own pool, network, profile and instance applies in one run", async () => {
    const suffix = randomBytes(4).toString("hex");
    const pool = `t-pc-pool-${suffix}`;
    const net = `t-pc-${suffix}`; // bridge names: at most 15 characters
    const profile = `t-pc-prof-${suffix}`;
    const name = uniqueName("ownrefs");
    removeInstance(name);
    cleanup.add(`profile ${profile}`, () => client.profiles.delete(profile));
    cleanup.add(`network ${net}`, () => client.networks.delete(net));
    cleanup.add(`pool ${pool}`, () => client.storagePools.delete(pool));
    const main = `${INCUS_PROVIDER_HCL}
resource "incus_storage_pool" "p" {
  name   = ${JSON.stringify(pool)}
  driver = "dir"
}
resource "incus_network" "n" {
  name = ${JSON.stringify(net)}
  config = {
    "ipv4.address" = "none"
    "ipv6.address" = "none"
  }
}
resource "incus_profile" "pr" {
  name   = ${JSON.stringify(profile)}
  config = { "user.role" = "test" }
}
resource "incus_instance" "c" {
  name     = ${JSON.stringify(name)}
  image    = ${JSON.stringify(TEST_IMAGE)}
  profiles = [incus_profile.pr.name]
  device {
    name       = "root"
    type       = "disk"
    properties = { path = "/", pool = incus_storage_pool.p.name }
  }
  device {
    name       = "eth0"
    type       = "nic"
    properties = { network = incus_network.n.name }
  }
}
`;
    const ws = await workspace("t-plan-own", main);
    await ws.apply();
    const live = (await client.instances.get(name)).value;
    expect(live.status).toBe("Running");
    expect(live.profiles).toEqual([profile]);
    expect(live.devices.root).toMatchObject({ pool });
    expect(live.devices.eth0).toMatchObject({ network: net });
    await ws.destroy();
  });

  test("a replacement whose image is on an image server says it cannot be verified before the instance is destroyed", async () => {
    const name = uniqueName("imgremote");
    removeInstance(name);
    const ws = await workspace("t-plan-remote", INCUS_PROVIDER_HCL + instanceHcl(name, TEST_IMAGE));
    await ws.apply();
    ws.write("main.tf", INCUS_PROVIDER_HCL + instanceHcl(name, "images:alpine/edge"));
    const plan = await ws.plan();
    expect(flat(plan.output)).toMatch(/Warning: .*cannot be verified/);
    expect(flat(plan.output)).toMatch(new RegExp(`incus_instance "${name}"`));
    expect((await client.instances.get(name)).value.status).toBe("Running");
    ws.write("main.tf", INCUS_PROVIDER_HCL + instanceHcl(name, TEST_IMAGE));
    await ws.destroy();
  });
});
