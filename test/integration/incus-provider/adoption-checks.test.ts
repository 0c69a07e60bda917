// Adopt-on-create against objects planted by someone else: the ownership marker ("<stack>/<construct path>") is
// predictable, so anyone who can create objects on the host can put it on one. Through the real terraform and
// incusd: a marked object that cannot be what the configuration creates (an instance from another image, a volume
// of another content type, a pool of another driver) is refused with both values and the import command; one that
// is adopted gets a warning that names the devices and config keys the configuration does not set and what the
// converge does with them; a run that died right after its create resumes without a warning.
import { OWNER_KEY } from "../../../lib/provider/incus";
import { TEST_IMAGE, TEST_POOL, rootDisk, uniqueName } from "../../support/incus";
import { INCUS_PROVIDER_HCL, incusTerraformSuite, rootDeviceHcl } from "../../support/incus-suite";
import type { TerraformWorkspace } from "../../support/terraform";

/** Terraform wraps long messages; compare with whitespace collapsed. */
const flat = (text: string): string => text.replace(/\s+/g, " ");
jest.setTimeout(180_000);

function instanceHcl(name: string, marker: string): string {
  return `
resource "incus_instance" "c" {
  name   = ${JSON.stringify(name)}
  image  = ${JSON.stringify(TEST_IMAGE)}
  config = { ${JSON.stringify(OWNER_KEY)} = ${JSON.stringify(marker)} }
${rootDeviceHcl()}
}
`;
}

/** The adoption warning for `kind` names the planted host mount and config `key` as removed by the converge. */
function expectPlantedRemoved(output: string, kind: string, key: string): void {
  const out = flat(output);
  expect(out).toMatch(new RegExp(`Warning: Adopted ${kind}`));
  expect(out).toMatch(/Removed by the converge[^.]*device "hostroot" \(disk, source=\/, path=\/mnt\/host\)/);
  expect(out).toContain(`config ${key}=`);
}

/**
 * Applies `hcl` (one resource at `address`) and expects the create to be refused: the apply fails naming `why` and
 * the import command for `importId`, and nothing enters the state.
 */
async function expectRefused(ws: TerraformWorkspace, address: string, why: RegExp, importId: string): Promise<void> {
  const r = await ws.run(["apply", "-auto-approve", "-input=false"]);
  expect(r.code).toBe(1);
  const out = flat(r.output);
  expect(out).toMatch(why);
  expect(out).toContain(`terraform import ${address.split(".")[0]}.<resource name> ${importId}`);
  expect(await ws.resource(address)).toBeUndefined();
}

describe("adopt-on-create refuses what the configuration cannot have created", () => {
  const { client, cleanup, workspace, removeInstance } = incusTerraformSuite();

  test("incus_instance adoption: a marked instance that was not made from the planned image is refused", async () => {
    const name = uniqueName("adopt-img");
    removeInstance(name);
    const marker = `stack/${name}`;
    // Planted: the marker, but an empty root filesystem instead of the configuration's image.
    await client.instances.create({
      name,
      source: { type: "none" },
      devices: rootDisk(),
      config: { [OWNER_KEY]: marker, "user.planted": "1" },
    });
    const ws = await workspace("t-adopt-img", INCUS_PROVIDER_HCL + instanceHcl(name, marker));
    const why = new RegExp(`incus_instance "${name}" already exists and cannot be adopted.*its volatile\\.base_image`);
    await expectRefused(ws, "incus_instance.c", why, `${name},image=${TEST_IMAGE}`);
    const live = (await client.instances.get(name)).value;
    expect(live.config["user.planted"]).toBe("1");
    expect(live.status).toBe("Stopped");
  });

  test("incus_instance adoption: a planted host mount and privileged key are named in a warning and removed", async () => {
    const name = uniqueName("adopt-dev");
    removeInstance(name);
    const marker = `stack/${name}`;
    await client.instances.create({
      name,
      source: { type: "image", alias: TEST_IMAGE },
      devices: { ...rootDisk(), hostroot: { type: "disk", source: "/", path: "/mnt/host" } },
      config: { [OWNER_KEY]: marker, "security.privileged": "true" },
    });
    const ws = await workspace("t-adopt-dev", INCUS_PROVIDER_HCL + instanceHcl(name, marker));
    expectPlantedRemoved((await ws.apply()).output, "incus_instance", "security.privileged");
    const live = (await client.instances.get(name)).value;
    expect(live.devices.hostroot).toBeUndefined();
    expect(live.config["security.privileged"]).toBeUndefined();
  });

  test("incus_instance adoption: the object a killed run left behind is resumed without a warning", async () => {
    const name = uniqueName("adopt-ok");
    removeInstance(name);
    const marker = `stack/${name}`;
    await client.instances.create({
      name,
      source: { type: "image", alias: TEST_IMAGE },
      devices: rootDisk(),
      config: { [OWNER_KEY]: marker },
    });
    const ws = await workspace("t-adopt-ok", INCUS_PROVIDER_HCL + instanceHcl(name, marker));
    const r = await ws.apply();
    expect(r.output).not.toMatch(/Warning/);
    expect((await client.instances.get(name)).value.status).toBe("Running");
  });

  test("adoption on resume: objects the provider created, then lost from state as by a killed run, are taken back silently", async () => {
    const base = uniqueName("adopt-res");
    removeInstance(base);
    // Removed by the destroy at the end; these only run when the test fails half way.
    cleanup.add(`volume ${base}`, () => client.storageVolumes.delete(TEST_POOL, base));
    cleanup.add(`pool ${base}`, () => client.storagePools.delete(base));
    cleanup.add(`network ${base.slice(-15)}`, () => client.networks.delete(base.slice(-15)));
    cleanup.add(`profile ${base}`, () => client.profiles.delete(base));
    cleanup.add(`project ${base}`, () => client.projects.delete(base));
    const owner = (label: string) => `config = { ${JSON.stringify(OWNER_KEY)} = "stack/${label}"`;
    const main =
      INCUS_PROVIDER_HCL +
      instanceHcl(base, `stack/${base}`) +
      `resource "incus_storage_volume" "v" {
  name = "${base}"
  pool = "${TEST_POOL}"
  ${owner("v")} }
}
` +
      `resource "incus_storage_pool" "p" {
  name = "${base}"
  driver = "dir"
  ${owner("p")} }
}
` +
      `resource "incus_network" "n" {
  name = "${base.slice(-15)}"
  ${owner("n")}, "ipv4.address" = "none", "ipv6.address" = "none" }
}
` +
      `resource "incus_profile" "pr" {
  name = "${base}"
  ${owner("pr")} }
}
` +
      `resource "incus_project" "pj" {
  name = "${base}"
  ${owner("pj")} }
}
`;
    const ws = await workspace("t-adopt-res", main);
    await ws.apply();
    const uuid = (await client.instances.get(base)).value.config["volatile.uuid"];
    for (const address of [
      "incus_instance.c",
      "incus_storage_volume.v",
      "incus_storage_pool.p",
      "incus_network.n",
      "incus_profile.pr",
      "incus_project.pj",
    ]) {
      await ws.ok(["state", "rm", address]);
    }
    const resumed = await ws.apply();
    expect(resumed.output).not.toMatch(/Warning/);
    expect(resumed.output).toMatch(/Resources: 6 added/);
    expect((await client.instances.get(base)).value.config["volatile.uuid"]).toBe(uuid);
    expect((await ws.plan()).code).toBe(0);
    await ws.destroy();
  });

  test("incus_storage_volume adoption: a marked block volume is not adopted as a filesystem volume", async () => {
    const name = uniqueName("adopt-vol");
    cleanup.add(`volume ${name}`, () => client.storageVolumes.delete(TEST_POOL, name));
    await client.storageVolumes.create(TEST_POOL, {
      name,
      content_type: "block",
      config: { [OWNER_KEY]: "s/v", size: "8MiB" },
    });
    const ws = await workspace(
      "t-adopt-vol",
      INCUS_PROVIDER_HCL +
        `resource "incus_storage_volume" "v" {\n  name = "${name}"\n  pool = "${TEST_POOL}"\n  config = { "${OWNER_KEY}" = "s/v" }\n}\n`,
    );
    await expectRefused(
      ws,
      "incus_storage_volume.v",
      /content_type is "block", the configuration creates "filesystem"/,
      `/${TEST_POOL}/${name}`,
    );
    expect((await client.storageVolumes.get(TEST_POOL, name)).value.config).toMatchObject({ size: "8MiB" });
  });

  test("incus_storage_pool adoption: a marked dir pool is not adopted as a btrfs pool", async () => {
    const name = uniqueName("adopt-pool");
    cleanup.add(`pool ${name}`, () => client.storagePools.delete(name));
    await client.storagePools.create({ name, driver: "dir", config: { [OWNER_KEY]: "s/p" } });
    const ws = await workspace(
      "t-adopt-pool",
      INCUS_PROVIDER_HCL +
        `resource "incus_storage_pool" "p" {\n  name = "${name}"\n  driver = "btrfs"\n  config = { "${OWNER_KEY}" = "s/p" }\n}\n`,
    );
    await expectRefused(ws, "incus_storage_pool.p", /driver is "dir", the configuration creates "btrfs"/, name);
    expect((await client.storagePools.get(name)).value.driver).toBe("dir");
  });

  test("incus_profile adoption: a planted device and config key are named in a warning and removed", async () => {
    const name = uniqueName("adopt-prof");
    cleanup.add(`profile ${name}`, () => client.profiles.delete(name));
    await client.profiles.create({
      name,
      config: { [OWNER_KEY]: "s/pr", "raw.lxc": "lxc.apparmor.profile=unconfined" },
      devices: { hostroot: { type: "disk", source: "/", path: "/mnt/host" } },
    });
    const ws = await workspace(
      "t-adopt-prof",
      INCUS_PROVIDER_HCL +
        `resource "incus_profile" "p" {\n  name = "${name}"\n  config = { "${OWNER_KEY}" = "s/pr" }\n}\n`,
    );
    expectPlantedRemoved((await ws.apply()).output, "incus_profile", "raw.lxc");
    const live = (await client.profiles.get(name)).value;
    expect(live.devices.hostroot).toBeUndefined();
    expect(live.config["raw.lxc"]).toBeUndefined();
    await ws.destroy();
  });
});
