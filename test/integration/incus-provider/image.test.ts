// incus_image and data "incus_image" against the real terraform and incusd: split and unified tarballs from
// local files, aliases updated in place, drift of aliases, an image deleted out of band, destroy of a
// vanished image, publishing a stopped container (source_instance) and replacing it with another source.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Cleanup, createTestContainer } from "../../support/incus";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("img");
});

afterAll(async () => {
  await h?.close();
});

/** Writes meta.tar.gz + rootfs.tar.gz (split) and unified.tar.gz into the workspace; contents are unique. */
function buildTarballs(): void {
  const src = join(h.ws.root, "src");
  mkdirSync(join(src, "rootfs", "etc"), { recursive: true });
  writeFileSync(
    join(src, "metadata.yaml"),
    `architecture: x86_64\ncreation_date: ${Math.floor(
      Date.now() / 1000,
    )}\nproperties:\n  description: test ${randomBytes(6).toString("hex")}\n  os: none\n`,
  );
  writeFileSync(join(src, "rootfs", "etc", "marker"), randomBytes(16).toString("hex"));
  const tar = (out: string, ...items: string[]) =>
    execFileSync("tar", ["-czf", join(h.ws.dir, out), "-C", src, ...items]);
  tar("meta.tar.gz", "metadata.yaml");
  execFileSync("tar", ["-czf", join(h.ws.dir, "rootfs.tar.gz"), "-C", join(src, "rootfs"), "."]);
  tar("unified.tar.gz", "metadata.yaml", "rootfs");
}

const LOOKUP = `data "incus_image" "by_alias" {
  name = one(incus_image.unified.alias[*].name)
}
output "looked_up" { value = data.incus_image.by_alias.fingerprint }
`;

function trackAliases(...aliases: string[]): void {
  for (const a of aliases)
    h.cleanup.add(`alias ${a}`, async () => {
      const alias = await h.client.images.getAlias(a);
      await h.client.images.delete(alias.value.target);
    });
}

test("incus_image from split and unified tarballs: aliases, drift, data source, destroy", async () => {
  buildTarballs();
  const a1 = h.name("a1");
  const a2 = h.name("a2");
  const u1 = h.name("u1");
  trackAliases(a1, u1);
  const config = (aliases: string, lookup = true) =>
    h.config(`resource "incus_image" "split" {
  source_file = {
    data_path     = "rootfs.tar.gz"
    metadata_path = "meta.tar.gz"
  }
${aliases}
}
resource "incus_image" "unified" {
  source_file = { data_path = "unified.tar.gz" }
  alias { name = "${u1}" }
}
${lookup ? LOOKUP : ""}`);
  config(`  alias {\n    name        = "${a1}"\n    description = "first"\n  }`);
  await h.apply();

  const split = (await h.ws.resource("incus_image.split"))!.values;
  const unified = (await h.ws.resource("incus_image.unified"))!.values;
  expect(split.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  expect(split.resource_id).toBe(`:${split.fingerprint}`);
  expect(split.created_at).toBeGreaterThan(1_600_000_000);
  expect((await h.client.images.getAlias(a1)).value).toMatchObject({ target: split.fingerprint, description: "first" });
  expect((await h.client.images.get(unified.fingerprint)).value.aliases.map((a) => a.name)).toEqual([u1]);
  const out = JSON.parse((await h.run(["output", "-json", "looked_up"])).stdout);
  expect(out).toBe(unified.fingerprint);
  await h.expectNoChanges();

  // Aliases change in place: a description update, an added alias.
  config(`  alias {\n    name        = "${a1}"\n    description = "second"\n  }\n  alias { name = "${a2}" }`);
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  expect((await h.client.images.getAlias(a1)).value.description).toBe("second");
  expect((await h.client.images.getAlias(a2)).value.target).toBe(split.fingerprint);
  await h.expectNoChanges();

  // Drift: an alias removed and another added out of band.
  await h.client.images.deleteAlias(a2);
  const stray = h.name("stray");
  await h.client.images.createAlias({ name: stray, target: split.fingerprint });
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  expect((await h.client.images.getAlias(a2)).value.target).toBe(split.fingerprint);
  expect(await h.client.images.listAliases().then((l) => l.some((a) => a.name === stray))).toBe(false);

  // Deleted out of band → uploaded again, same fingerprint.
  await h.client.images.delete(unified.fingerprint);
  expectOutput(await h.apply(), /1 added, 0 changed, 0 destroyed/);
  expect((await h.client.images.get(unified.fingerprint)).value.aliases.map((a) => a.name)).toEqual([u1]);

  // An image uploaded outside this state is refused, not adopted.
  await h.ws.ok(["state", "rm", "incus_image.split"]);
  const r = await h.applyFails(["-target=incus_image.split"]);
  expectOutput(r, /The image already exists/);
  expect((await h.client.images.get(split.fingerprint)).value.aliases.length).toBe(2);
  await h.client.images.delete(split.fingerprint);
  await h.apply();

  // Destroy succeeds even when an image vanished out of band (the data source goes first: it would fail).
  config(`  alias {\n    name        = "${a1}"\n    description = "second"\n  }\n  alias { name = "${a2}" }`, false);
  await h.client.images.delete(unified.fingerprint);
  expectOutput(await h.destroyWithoutRefresh(), /2 destroyed/);
  expect(await h.client.images.find(split.fingerprint)).toBeUndefined();
});

test("incus_image source_instance publishes a stopped container, another source replaces it; exactly one source is required", async () => {
  const rest = new Cleanup();
  const container = h.name("c");
  const alias = h.name("pub");
  trackAliases(alias);
  try {
    await createTestContainer(h.client, rest, container, { start: false });
    const publish = (source: string) =>
      h.config(`resource "incus_image" "pub" {
  source_instance = { ${source} }
  alias { name = "${alias}" }
}
`);
    publish(`name = "${container}"`);
    await h.apply();
    const fp = (await h.ws.resource("incus_image.pub"))!.values.fingerprint;
    expect((await h.client.images.getAlias(alias)).value.target).toBe(fp);
    await h.expectNoChanges();

    // Another source (a snapshot of the container) replaces the image: the old one is deleted, the alias moves.
    await h.client.instanceSnapshots.create(container, "s0");
    publish(`name = "${container}", snapshot = "s0"`);
    expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
    const replaced = (await h.ws.resource("incus_image.pub"))!.values.fingerprint;
    expect((await h.client.images.getAlias(alias)).value.target).toBe(replaced);
    if (replaced !== fp) expect(await h.client.images.find(fp)).toBeUndefined();
    await h.expectNoChanges();
    await h.ws.destroy();
    expect(await h.client.images.find(replaced)).toBeUndefined();
  } finally {
    await rest.run();
  }

  h.config(`resource "incus_image" "none" {\n}\n`);
  const r = await h.run(["validate"]);
  expect(r.code).not.toBe(0);
  expectOutput(r, /Exactly one image source is required/);
});
