// Image import from local metadata + rootfs tarballs (multipart upload) and image aliases,
// against the real incusd.
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isConflict, isNotFound } from "../../../lib/incus";
import type { IncusError } from "../../../lib/incus";
import { Cleanup, requireIncus, rootDisk, testClient, uniqueName } from "../../support/incus";

jest.setTimeout(60_000);

const client = testClient();
const cleanup = new Cleanup();
const work = mkdtempSync(join(tmpdir(), "cdktf-virt-images-"));
let architecture = "x86_64";

beforeAll(async () => {
  const server = await requireIncus(client, { image: false });
  architecture = server.environment?.architectures[0] ?? architecture;
});

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  try {
    await cleanup.run();
  } finally {
    await client.close();
  }
});

/** Builds a split image: metadata.tar.gz and rootfs.tar.gz holding /hello.txt with unique content. */
function buildImage(label: string): { metadata: string; rootfs: string; marker: string } {
  const dir = join(work, label);
  mkdirSync(join(dir, "meta"), { recursive: true });
  mkdirSync(join(dir, "rootfs", "etc"), { recursive: true });
  const marker = `image ${label} ${randomBytes(8).toString("hex")}`;
  writeFileSync(
    join(dir, "meta", "metadata.yaml"),
    `architecture: ${architecture}\ncreation_date: ${Math.floor(
      Date.now() / 1000,
    )}\nproperties:\n  description: cdktf-virt import test\n  os: none\n`,
  );
  writeFileSync(join(dir, "rootfs", "hello.txt"), marker);
  execFileSync("tar", ["-C", join(dir, "meta"), "-czf", join(dir, "metadata.tar.gz"), "metadata.yaml"]);
  execFileSync("tar", ["-C", join(dir, "rootfs"), "-czf", join(dir, "rootfs.tar.gz"), "."]);
  return { metadata: join(dir, "metadata.tar.gz"), rootfs: join(dir, "rootfs.tar.gz"), marker };
}

function splitFingerprint(metadata: string, rootfs: string): string {
  return createHash("sha256").update(readFileSync(metadata)).update(readFileSync(rootfs)).digest("hex");
}

test("import from tarball files with aliases and properties, then use the image", async () => {
  const alias = uniqueName("incus");
  const { metadata, rootfs, marker } = buildImage("files");
  const expected = splitFingerprint(metadata, rootfs);
  cleanup.add(`image ${expected}`, () => client.images.delete(expected));

  const result = await client.images.import({ metadata, rootfs, aliases: [alias], properties: { release: "test" } });
  expect(result.fingerprint).toBe(expected);

  const image = (await client.images.get(expected)).value;
  expect(image).toMatchObject({ fingerprint: expected, type: "container", architecture, public: false });
  expect(image.properties).toMatchObject({ description: "cdktf-virt import test", release: "test" });
  expect(image.aliases.map((a) => a.name)).toEqual([alias]);
  expect((await client.images.getAlias(alias)).value.target).toBe(expected);

  // The uploaded rootfs really is the instance's filesystem.
  const instance = uniqueName("incus");
  cleanup.add(`instance ${instance}`, () => client.instances.delete(instance));
  await client.instances.create({ name: instance, source: { type: "image", alias }, devices: rootDisk() });
  expect((await client.instanceFiles.pull(instance, "/hello.txt")).toString()).toBe(marker);
  await client.instances.delete(instance);
});

test("import from bytes; importing the same image again is a CONFLICT", async () => {
  const { metadata, rootfs } = buildImage("bytes");
  const expected = splitFingerprint(metadata, rootfs);
  cleanup.add(`image ${expected}`, () => client.images.delete(expected));

  const result = await client.images.import({ metadata: readFileSync(metadata), rootfs: readFileSync(rootfs) });
  expect(result.fingerprint).toBe(expected);
  expect(result.size).toBe(readFileSync(metadata).length + readFileSync(rootfs).length);

  const again = (await client.images.import({ metadata, rootfs }).catch((e: unknown) => e)) as IncusError;
  expect(isConflict(again)).toBe(true);
  expect(again.incusMessage).toMatch(/already exists/i);

  await client.images.patch(expected, { properties: { os: "none", note: "patched" } });
  expect((await client.images.get(expected)).value.properties.note).toBe("patched");

  await client.images.delete(expected);
  expect(isNotFound(await client.images.get(expected).catch((e: unknown) => e))).toBe(true);
});

test("aliases: create, list, update, rename, delete", async () => {
  const { metadata, rootfs } = buildImage("aliases");
  const other = buildImage("aliases-other");
  const first = await client.images.import({ metadata, rootfs });
  const second = await client.images.import({ metadata: other.metadata, rootfs: other.rootfs });
  cleanup.add(`image ${first.fingerprint}`, () => client.images.delete(first.fingerprint));
  cleanup.add(`image ${second.fingerprint}`, () => client.images.delete(second.fingerprint));

  // Alias names may contain slashes; they must survive path encoding.
  const name = `${uniqueName("incus")}/v1`;
  const renamed = `${name}-r`;
  cleanup.add(`alias ${name}`, () => client.images.deleteAlias(name));
  cleanup.add(`alias ${renamed}`, () => client.images.deleteAlias(renamed));

  await client.images.createAlias({ name, target: first.fingerprint, description: "first" });
  const read = await client.images.getAlias(name);
  expect(read.value).toMatchObject({ name, target: first.fingerprint, description: "first", type: "container" });
  expect((await client.images.listAliases()).map((a) => a.name)).toContain(name);
  expect(
    isConflict(await client.images.createAlias({ name, target: second.fingerprint }).catch((e: unknown) => e)),
  ).toBe(true);

  await client.images.updateAlias(name, { target: second.fingerprint, description: "second" }, { etag: read.etag });
  expect((await client.images.getAlias(name)).value).toMatchObject({
    target: second.fingerprint,
    description: "second",
  });

  await client.images.renameAlias(name, renamed);
  expect(isNotFound(await client.images.getAlias(name).catch((e: unknown) => e))).toBe(true);
  await client.images.deleteAlias(renamed);
  expect(isNotFound(await client.images.getAlias(renamed).catch((e: unknown) => e))).toBe(true);
});
