// libvirt_volume removal_policy against the real terraform and libvirtd: retain leaves the file with its bytes
// and forgets it; snapshot keeps a standalone copy "<name>-final-<stamp>" (an overlay flattened, independent of
// its base) that the printed command restores with the same bytes; protect refuses the plan.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { LIBVIRT_TEST_POOL, LIBVIRT_TEST_URI, libvirtTestPrefix } from "../../support/libvirt";
import { expectEmptyPlan, header } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("vrm");
const POOL = LIBVIRT_TEST_POOL;
const MiB = 1024 * 1024;

const suite = libvirtWorkspaceSuite(prefix, () => header());

/** Terraform wraps long diagnostics; compare with whitespace collapsed. */
const flat = (text: string): string => text.replace(/\s+/g, " ");

/** A local file of random bytes to fill a volume with; returns its path and bytes. */
function contentFile(name: string, size = MiB): { path: string; bytes: Buffer } {
  const bytes = randomBytes(size);
  const path = join(suite.ws.root, name);
  writeFileSync(path, bytes);
  return { path, bytes };
}

function volumeHcl(label: string, name: string, body: string, policy?: string): string {
  return `resource "libvirt_volume" "${label}" {\n  name = "${name}"\n  pool = "${POOL}"\n${body}${
    policy ? `  removal_policy = "${policy}"\n` : ""
  }}\n`;
}

function raw(url: string): string {
  return `  target = { format = { type = "raw" } }\n  create = { content = { url = "${url}" } }\n`;
}

test("removal_policy retain: the volume file stays with its bytes and leaves the state", async () => {
  const name = `${prefix}keep`;
  const content = contentFile("keep.img");
  suite.ws.write("main.tf", header() + volumeHcl("keep", name, raw(content.path), "retain"));
  await suite.ws.apply();
  await expectEmptyPlan(suite.ws);

  suite.ws.write("main.tf", header());
  const plan = await suite.ws.plan();
  expect(flat(plan.output)).toContain(
    `Volume ${POOL}/${name} will be kept on the host with its data; it is only removed from the state.`,
  );
  const r = await suite.ws.apply();
  expect(flat(r.output)).toContain(`Volume ${POOL}/${name} was kept (removal policy retain)`);
  expect(flat(r.output)).toContain(`terraform import libvirt_volume.<resource name> ${POOL}/${name}`);
  expect(await suite.ws.resource("libvirt_volume.keep")).toBeUndefined();
  expect((await suite.client.volumes.download(POOL, name)).equals(content.bytes)).toBe(true);
  await expectEmptyPlan(suite.ws);
  await suite.client.volumes.delete(POOL, name);
});

test("removal_policy snapshot: a standalone final copy is kept (an overlay flattened) and the printed command restores the bytes", async () => {
  const data = `${prefix}data`;
  const base = `${prefix}base`;
  const overlay = `${prefix}ovl`;
  const content = contentFile("data.img");
  const baseContent = contentFile("base.img", 2 * MiB);
  const overlayHcl = `  capacity = ${
    2 * MiB
  }\n  backing_store = { path = libvirt_volume.base.path, format = { type = "raw" } }\n`;
  const withBase = volumeHcl("base", base, raw(baseContent.path));
  suite.ws.write(
    "main.tf",
    header() +
      withBase +
      volumeHcl("data", data, raw(content.path), "snapshot") +
      volumeHcl("ovl", overlay, overlayHcl, "snapshot"),
  );
  await suite.ws.apply();

  suite.ws.write("main.tf", header() + withBase);
  const r = await suite.ws.apply();
  const out = flat(r.output);
  expect(r.output).toMatch(/0 added, 0 changed, 2 destroyed/);
  const copyOf = (name: string) =>
    new RegExp(
      `Volume ${POOL}/${name} was deleted; a final copy was kept as ${POOL}/(${name}-final-\\d{8}T\\d{6}Z)`,
    ).exec(out)?.[1];
  const dataCopy = copyOf(data);
  const overlayCopy = copyOf(overlay);
  expect(dataCopy).toBeDefined();
  expect(overlayCopy).toBeDefined();
  expect(await suite.client.volumes.find(POOL, data)).toBeUndefined();
  expect(await suite.client.volumes.find(POOL, overlay)).toBeUndefined();

  // The overlay's copy has no backing store, and a guest would see the same disk as through the old overlay.
  const flattened = await suite.client.volumes.info(POOL, overlayCopy!);
  expect(flattened).toMatchObject({ format: "qcow2", capacity: 2 * MiB, backingStore: undefined });
  const basePath = (await suite.client.volumes.info(POOL, base)).path!;
  execFileSync("qemu-img", ["compare", "-f", "qcow2", "-F", "raw", flattened.path!, basePath], { stdio: "pipe" });

  // Both volumes are deleted in parallel: find the command that restores the data volume.
  const restore = new RegExp(
    `Restore it under the old name with: (virsh -c \\S+ vol-clone --pool \\S+ ${data}-final-\\S+ \\S+)`,
  ).exec(out)?.[1];
  expect(restore).toBe(`virsh -c ${LIBVIRT_TEST_URI} vol-clone --pool ${POOL} ${dataCopy} ${data}`);
  execFileSync("sh", ["-c", restore!], { stdio: "pipe" });
  expect((await suite.client.volumes.download(POOL, data)).equals(content.bytes)).toBe(true);
  await expectEmptyPlan(suite.ws);
});

test("removal_policy protect: a plan that deletes the volume is refused until the policy is lifted", async () => {
  const name = `${prefix}prot`;
  const body = `  capacity = ${MiB}\n  target = { format = { type = "raw" } }\n`;
  suite.ws.write("main.tf", header() + volumeHcl("prot", name, body, "protect"));
  await suite.ws.apply();
  suite.ws.write("main.tf", header());
  const refused = await suite.ws.plan();
  expect(refused.code).toBe(1);
  expect(flat(refused.output)).toContain(`Volume ${POOL}/${name} is protected`);
  expect(await suite.client.volumes.find(POOL, name)).toBeDefined();

  // Changing the policy is an in-place update; then the removal deletes it.
  suite.ws.write("main.tf", header() + volumeHcl("prot", name, body, "destroy"));
  expect((await suite.ws.apply()).output).toMatch(/0 added, 1 changed, 0 destroyed/);
  suite.ws.write("main.tf", header());
  await suite.ws.apply();
  expect(await suite.client.volumes.find(POOL, name)).toBeUndefined();
});
