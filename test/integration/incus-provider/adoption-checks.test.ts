// Adopt-on-create against objects planted by someone else: the ownership marker ("<stack>/<construct path>") is
// predictable, so anyone who can create objects on the host can put it on one. Through the real terraform and
// incusd: a marked object that cannot be what the configuration creates (an instance from another image, a volume
// of another content type, a pool of another driver) is refused with both values and the import command; one that
// is adopted gets a warning that names the devices and config keys the configuration does not set and what the
// converge does with them; a run that died right after its create resumes without a warning.
import { OWNER_KEY } from "../../../lib/provider/incus";
import { TEST_IMAGE, TEST_POOL, rootDisk, uniqueName } from "../../support/incus";
import { INCUS_PROVIDER_HCL, incusTerraformSuite, rootDeviceHcl } from "../../support/incus-suite";

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

describe("adopt-on-create refuses what the configuration cannot have created", () => {
  const { client, cleanup, workspace, removeInstance } = incusTerraformSuite();

  test("incus_instance adoption: a marked instance that was not made from the planned image is refused", async () => {
    const name = uniqueName("adopt-img");
    removeInstance(name);
    const marker = `stack/${name}`;
    // Planted: the marker, but an empty root filesystem instead of the configuration's image.
    await client.instances.create({ name, source: { type: "none" }, devices: rootDisk(), config: { [OWNER_KEY]: marker, "user.planted": "1" } });
    const ws = await workspace("t-adopt-img", INCUS_PROVIDER_HCL + instanceHcl(name, marker));
    const r = await ws.run(["apply", "-auto-approve", "-input=false"]);
    expect(r.code).toBe(1);
    const out = flat(r.output);
    expect(out).toMatch(new RegExp(`incus_instance "${name}" already exists and cannot be adopted`));
    expect(out).toMatch(/volatile\.base_image/);
    expect(out).toMatch(new RegExp(`terraform import incus_instance\\.<resource name> ${name},image=${TEST_IMAGE}`));
    const live = (await client.instances.get(name)).value;
    expect(live.config["user.planted"]).toBe("1");
    expect(live.status).toBe("Stopped");
    expect(await ws.resource("incus_instance.c")).toBeUndefined();
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
    await client.instances.create({ name, source: { type: "image", alias: TEST_IMAGE }, devices: rootDisk(), config: { [OWNER_KEY]: marker } });
    const ws = await workspace("t-adopt-ok", INCUS_PROVIDER_HCL + instanceHcl(name, marker));
    const r = await ws.apply();
    expect(r.output).not.toMatch(/Warning/);
    expect((await client.instances.get(name)).value.status).toBe("Running");
  });

  test("incus_storage_volume adoption: a marked block volume is not adopted as a filesystem volume", async () => {
    const name = uniqueName("adopt-vol");
    cleanup.add(`volume ${name}`, () => client.storageVolumes.delete(TEST_POOL, name));
    await client.storageVolumes.create(TEST_POOL, { name, content_type: "block", config: { [OWNER_KEY]: "s/v", size: "8MiB" } });
    const ws = await workspace(
      "t-adopt-vol",
      INCUS_PROVIDER_HCL + `resource "incus_storage_volume" "v" {\n  name = "${name}"\n  pool = "${TEST_POOL}"\n  config = { "${OWNER_KEY}" = "s/v" }\n}\n`,
    );
    const r = await ws.run(["apply", "-auto-approve", "-input=false"]);
    expect(r.code).toBe(1);
    const out = flat(r.output);
    expect(out).toMatch(/content_type is "block", the configuration creates "filesystem"/);
    expect(out).toMatch(new RegExp(`terraform import incus_storage_volume\\.<resource name> /${TEST_POOL}/${name}`));
    expect((await client.storageVolumes.get(TEST_POOL, name)).value.config).toMatchObject({ size: "8MiB" });
    expect(await ws.resource("incus_storage_volume.v")).toBeUndefined();
  });

  test("incus_storage_pool adoption: a marked dir pool is not adopted as a btrfs pool", async () => {
    const name = uniqueName("adopt-pool");
    cleanup.add(`pool ${name}`, () => client.storagePools.delete(name));
    await client.storagePools.create({ name, driver: "dir", config: { [OWNER_KEY]: "s/p" } });
    const ws = await workspace(
      "t-adopt-pool",
      INCUS_PROVIDER_HCL + `resource "incus_storage_pool" "p" {\n  name = "${name}"\n  driver = "btrfs"\n  config = { "${OWNER_KEY}" = "s/p" }\n}\n`,
    );
    const r = await ws.run(["apply", "-auto-approve", "-input=false"]);
    expect(r.code).toBe(1);
    const out = flat(r.output);
    expect(out).toMatch(/driver is "dir", the configuration creates "btrfs"/);
    expect(out).toMatch(new RegExp(`terraform import incus_storage_pool\\.<resource name> ${name}`));
    expect((await client.storagePools.get(name)).value.driver).toBe("dir");
    expect(await ws.resource("incus_storage_pool.p")).toBeUndefined();
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
      INCUS_PROVIDER_HCL + `resource "incus_profile" "p" {\n  name = "${name}"\n  config = { "${OWNER_KEY}" = "s/pr" }\n}\n`,
    );
    expectPlantedRemoved((await ws.apply()).output, "incus_profile", "raw.lxc");
    const live = (await client.profiles.get(name)).value;
    expect(live.devices.hostroot).toBeUndefined();
    expect(live.config["raw.lxc"]).toBeUndefined();
    await ws.destroy();
  });
});
