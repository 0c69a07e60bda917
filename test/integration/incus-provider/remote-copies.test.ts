// Copies from a private Incus remote: the local incusd reached over HTTPS (enrolled with a trust token) is the
// source, the local socket the target. incus_image with source_image.remote copies a private image into another
// project; incus_instance with image = "src:alias" is created from one; incus_storage_volume with
// source_volume.remote copies a volume with its content into another project and pool. All pull over HTTPS with
// one-time secrets, as `incus image copy`, `incus launch` and `incus storage volume copy` do.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { localHttpsUrl, issueTrustToken, removeTrustNamed } from "../reliability/support/https-remote";
import type { Harness } from "./provider-harness";
import { harness } from "./provider-harness";

jest.setTimeout(180_000);

let h: Harness;
let url = "";
let token = "";
const marker = randomBytes(8).toString("hex");

/** Where a dir pool keeps a custom volume's files: `<pool source>/custom/<project>_<name>`. */
async function volumeDir(pool: string, project: string, name: string): Promise<string> {
  const source = (await h.client.storagePools.get(pool)).value.config.source;
  return join(String(source), "custom", `${project}_${name}`);
}

/** A unified image tarball with unique content, imported into the default project under `alias`. */
async function importSourceImage(alias: string): Promise<string> {
  const src = join(h.ws.root, "img");
  mkdirSync(join(src, "rootfs", "etc"), { recursive: true });
  writeFileSync(
    join(src, "metadata.yaml"),
    `architecture: x86_64\ncreation_date: ${Math.floor(Date.now() / 1000)}\nproperties:\n  os: none\n`,
  );
  writeFileSync(join(src, "rootfs", "etc", "marker"), marker);
  const tarball = join(h.ws.root, "unified.tar.gz");
  execFileSync("tar", ["-czf", tarball, "-C", src, "metadata.yaml", "rootfs"]);
  const fingerprint = await h.client.images.importFile(tarball);
  h.cleanup.add(`image ${fingerprint}`, () => h.client.images.delete(fingerprint));
  await h.client.images.createAlias({ name: alias, target: fingerprint });
  return fingerprint;
}

function providerHcl(): string {
  return `  config_dir                   = "${join(h.ws.root, "incus-config")}"
  generate_client_certificates = true
  remote {
    name    = "src"
    address = "${url}"
    token   = var.token
  }`;
}

beforeAll(async () => {
  h = await harness("rcp");
  url = await localHttpsUrl(h.client);
  const clientName = h.name("client");
  h.cleanup.add(`trust ${clientName}`, () => removeTrustNamed(h.client, clientName));
  token = issueTrustToken(clientName, h.cleanup);
});

afterAll(async () => {
  await h?.close();
});

test("incus_image, incus_instance and incus_storage_volume copy from a private Incus remote into another project and pool", async () => {
  const alias = h.name("src");
  const fingerprint = await importSourceImage(alias);
  const sourceVolume = h.name("sv");
  h.cleanup.add(`volume ${sourceVolume}`, () => h.client.storageVolumes.delete(TEST_POOL, sourceVolume));
  await h.client.storageVolumes.create(TEST_POOL, { name: sourceVolume, config: { size: "16MiB" } });
  writeFileSync(join(await volumeDir(TEST_POOL, "default", sourceVolume), "marker"), marker);

  const project = h.name("prj");
  const pool = h.name("pool");
  h.cleanup.add(`pool ${pool}`, () => h.client.storagePools.delete(pool));
  h.cleanup.add(`project ${project}`, () => h.client.projects.delete(project));
  // The instance's image is cached in the project; it goes before the project does.
  h.cleanup.add(`images of ${project}`, async () => {
    for (const image of await h.client.images.list({ project }))
      await h.client.images.delete(image.fingerprint, { project });
  });
  await h.client.projects.create({
    name: project,
    config: { "features.images": "true", "features.storage.volumes": "true", "features.profiles": "true" },
  });
  await h.client.storagePools.create({ name: pool, driver: "dir" });

  const copy = h.name("copy");
  const instance = h.name("ct");
  const busybox = (await h.client.images.getAlias(TEST_IMAGE)).value.target;
  h.config(
    `variable "token" {
  type      = string
  sensitive = true
}
resource "incus_image" "copied" {
  project      = "${project}"
  source_image = {
    remote       = "src"
    name         = "${alias}"
    copy_aliases = true
  }
}
resource "incus_instance" "pulled" {
  name    = "${instance}"
  project = "${project}"
  image   = "src:${TEST_IMAGE}"
  running = false
  device {
    name       = "root"
    type       = "disk"
    properties = { path = "/", pool = "${TEST_POOL}" }
  }
}
resource "incus_storage_volume" "copied" {
  name          = "${copy}"
  pool          = "${pool}"
  project       = "${project}"
  description   = "pulled from src"
  source_volume = {
    remote = "src"
    pool   = "${TEST_POOL}"
    name   = "${sourceVolume}"
  }
}`,
    providerHcl(),
  );
  h.ws.write("terraform.tfvars", `token = "${token}"\n`);
  await h.apply();

  // The image: same fingerprint, now in the other project, with the source's alias copied.
  const image = (await h.ws.resource("incus_image.copied"))!.values;
  expect(image.fingerprint).toBe(fingerprint);
  const inProject = await h.client.images.get(fingerprint, { project });
  expect(inProject.value.aliases.map((a) => a.name)).toEqual([alias]);

  // The instance: created in the other project from the image pulled from src.
  const created = await h.client.instances.get(instance, { project });
  expect(created.value.config["volatile.base_image"]).toBe(busybox);
  expect((await h.client.images.find(busybox, { project }))?.value.fingerprint).toBe(busybox);

  // The volume: in the other project and pool, with the source's content.
  const volume = await h.client.storageVolumes.get(pool, copy, { project });
  expect(volume.value.description).toBe("pulled from src");
  const copiedMarker = join(await volumeDir(pool, project, copy), "marker");
  expect(existsSync(copiedMarker) ? readFileSync(copiedMarker, "utf8") : "(missing)").toBe(marker);

  await h.expectNoChanges();
});
