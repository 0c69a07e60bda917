// Batched virsh reads against the real libvirtd with objects whose names contain the batch marker text the runner
// used to split on: each command's output must stay its own (a shifted dumpxml would hide an overlay from the
// "does anything depend on this base" check, or give one domain another's state).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LibvirtClient } from "../../../lib/libvirt";
import { cleanupLibvirt, libvirtTestPrefix, requireLibvirt } from "../../support/libvirt";

jest.setTimeout(120_000);

const prefix = libvirtTestPrefix("markers");
const MiB = 1024 * 1024;
let client: LibvirtClient;
let scratchDir: string;

beforeAll(async () => {
  client = await requireLibvirt();
  scratchDir = mkdtempSync(join(tmpdir(), prefix));
});

afterAll(async () => {
  try {
    if (client) await cleanupLibvirt(client, prefix);
  } finally {
    rmSync(scratchDir, { recursive: true, force: true });
  }
});

test("a domain named with a batch marker reads back as itself", async () => {
  const name = `${prefix}vm@@cdktf-virt-batch:1@@x`;
  await client.domains.define({ name, type: "qemu", memoryKiB: 32 * 1024, vcpus: 1 });
  const info = await client.domains.info(name);
  expect(info.name).toBe(name);
  expect(info.state).toBe("shut off");
  expect(info.inactiveXml).toContain(`<name>${name}</name>`);
});

test("an overlay is found as a backing child although another volume's name carries a batch marker", async () => {
  // A pool of the test's own, so the volumes' order in the listing (and in the batch) is known: a, b, c.
  const pool = `${prefix}pool`;
  await client.pools.create({ name: pool, type: "dir", targetPath: join(scratchDir, "pool") });
  await client.volumes.create(pool, { name: `${prefix}a@@cdktf-virt-batch:2@@`, capacity: MiB, format: "raw" });
  const base = await client.volumes.create(pool, { name: `${prefix}b-base`, capacity: MiB, format: "qcow2" });
  await client.volumes.create(pool, {
    name: `${prefix}c-overlay`,
    format: "qcow2",
    backingStore: { path: base.path!, format: "qcow2" },
  });

  const children = await client.volumes.backingChildren([pool], base.path!);
  expect(children.map((v) => v.name)).toEqual([`${prefix}c-overlay`]);
});
