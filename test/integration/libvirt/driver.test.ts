// The libvirt driver against the real libvirtd (qemu:///system): pools, volumes, overlays, a domain with two
// disks on an isolated network, and the errors virsh reports. Every object has this file's unique prefix.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isNotFound, LibvirtClient, VirshError } from "../../../lib/libvirt";
import {
  cleanupLibvirt,
  LIBVIRT_TEST_HYPERVISOR,
  LIBVIRT_TEST_POOL,
  libvirtTestPrefix,
  requireLibvirt,
} from "../../support/libvirt";

jest.setTimeout(60_000);

const prefix = libvirtTestPrefix("driver");
const POOL = LIBVIRT_TEST_POOL;
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

test("pool: define, build, start, read and delete a dir pool", async () => {
  const name = `${prefix}pool`;
  const targetPath = join(scratchDir, "pool");
  const created = await client.pools.create({ name, type: "dir", targetPath });
  expect(created).toMatchObject({ name, type: "dir", targetPath, active: true, persistent: true, autostart: false });
  expect(existsSync(targetPath)).toBe(true);
  expect(created.capacity).toBeGreaterThan(0);

  await client.pools.delete(name, { deleteDirectory: true });
  expect(await client.pools.find(name)).toBeUndefined();
  expect(existsSync(targetPath)).toBe(false);
});

test("volume: create, upload and read bytes, grow in place, refuse to shrink, delete", async () => {
  const name = `${prefix}data`;
  const created = await client.volumes.create(POOL, { name, capacity: 4 * MiB });
  expect(created).toMatchObject({ name, pool: POOL, capacity: 4 * MiB, format: "raw" });
  expect(created.path).toMatch(new RegExp(`/${name}$`));

  await client.volumes.upload(POOL, name, "cdktf-virt bytes", { offset: 4096 });
  const bytes = await client.volumes.download(POOL, name, { offset: 4096, length: 16 });
  expect(bytes.toString("utf8")).toBe("cdktf-virt bytes");

  const grown = await client.volumes.resize(POOL, name, 8 * MiB);
  expect(grown.capacity).toBe(8 * MiB);
  expect((await client.volumes.download(POOL, name, { offset: 4096, length: 16 })).toString()).toBe("cdktf-virt bytes");
  await expect(client.volumes.resize(POOL, name, 2 * MiB)).rejects.toThrow(
    /cannot shrink from 8388608 to 2097152 bytes/,
  );

  await client.volumes.delete(POOL, name);
  expect(await client.volumes.find(POOL, name)).toBeUndefined();
});

test("overlay: a qcow2 volume backed by a base volume, found by backingChildren", async () => {
  const base = await client.volumes.create(POOL, { name: `${prefix}base`, capacity: 16 * MiB, format: "qcow2" });
  const overlay = await client.volumes.create(POOL, {
    name: `${prefix}overlay`,
    capacity: 32 * MiB,
    backingStore: { path: base.path!, format: "qcow2" },
  });
  expect(overlay).toMatchObject({
    format: "qcow2",
    capacity: 32 * MiB,
    backingStore: { path: base.path, format: "qcow2" },
  });
  expect((await client.volumes.info(POOL, overlay.name)).backingStore?.path).toBe(base.path);

  const children = await client.volumes.backingChildren([POOL], base.path!);
  expect(children.map((v) => v.name)).toEqual([overlay.name]);
  expect(await client.volumes.backingChildren([POOL], overlay.path!)).toEqual([]);
});

test("network: an isolated network is defined, started, read, stopped and removed", async () => {
  const name = `${prefix}net`;
  const defined = await client.networks.define({ name, ownerMarker: "test/net" });
  expect(defined).toMatchObject({ name, isolated: true, active: false, persistent: true, ownerMarker: "test/net" });
  await client.networks.start(name);
  const started = await client.networks.info(name);
  expect(started.active).toBe(true);
  expect(started.bridge).toMatch(/^virbr\d+$/);
  await client.networks.destroy(name);
  await client.networks.undefine(name);
  expect(await client.networks.find(name)).toBeUndefined();
});

test("domain: two disks and an isolated NIC; define, start, redefine, stop, undefine", async () => {
  const net = `${prefix}dnet`;
  await client.networks.define({ name: net });
  await client.networks.start(net);
  const base = await client.volumes.create(POOL, { name: `${prefix}dbase`, capacity: 8 * MiB, format: "qcow2" });
  await client.volumes.create(POOL, { name: `${prefix}droot`, capacity: 8 * MiB, backingStore: { path: base.path! } });
  const data = await client.volumes.create(POOL, { name: `${prefix}ddata`, capacity: 4 * MiB });

  const name = `${prefix}vm`;
  const spec = {
    name,
    type: LIBVIRT_TEST_HYPERVISOR,
    memoryKiB: 65536,
    vcpus: 1,
    ownerMarker: "test-stack/vm",
    disks: [
      {
        source: { type: "volume" as const, pool: POOL, volume: `${prefix}droot` },
        target: { dev: "vda", bus: "virtio" },
        driverType: "qcow2",
      },
      { source: { type: "file" as const, file: data.path! }, target: { dev: "vdb", bus: "virtio" }, driverType: "raw" },
    ],
    interfaces: [{ network: net }],
  };
  const defined = await client.domains.define(spec);
  expect(defined).toMatchObject({
    name,
    state: "shut off",
    active: false,
    memoryKiB: 65536,
    vcpus: 1,
    ownerMarker: "test-stack/vm",
  });
  expect(defined.disks.map((d) => d.source)).toEqual([spec.disks[0].source, spec.disks[1].source]);
  expect(defined.interfaces[0]).toMatchObject({ type: "network", network: net, model: "virtio" });
  expect(defined.interfaces[0].mac).toMatch(/^52:54:00:/);

  await client.domains.start(name);
  expect(await client.domains.state(name)).toBe("running");
  const live = await client.domains.dumpxml(name, { inactive: false });
  expect(live).toMatch(new RegExp(`<domain type='${LIBVIRT_TEST_HYPERVISOR}' id='\\d+'>`));

  // Redefining keeps identity and unmanaged parts; a running domain picks it up at its next start.
  const redefined = await client.domains.redefine({
    ...spec,
    memoryKiB: 131072,
    interfaces: [{ network: net, mac: defined.interfaces[0].mac }],
  });
  expect(redefined).toMatchObject({ uuid: defined.uuid, memoryKiB: 131072, state: "running" });
  expect(redefined.interfaces[0].mac).toBe(defined.interfaces[0].mac);

  // No OS inside: the ACPI request is ignored and the stop falls back to destroy.
  await expect(client.domains.stop(name, { gracefulTimeoutMs: 300 })).resolves.toBe("forced");
  await expect(client.domains.stop(name)).resolves.toBe("already-stopped");
  await client.domains.undefine(name);
  expect(await client.domains.find(name)).toBeUndefined();
  // The domain never owns its volumes.
  expect(await client.volumes.find(POOL, `${prefix}droot`)).toBeDefined();
});

test("domain create: define, autostart, start and read back in one call; never over an existing domain", async () => {
  const disk = await client.volumes.create(POOL, { name: `${prefix}cdisk`, capacity: MiB });
  const name = `${prefix}cvm`;
  const spec = {
    name,
    type: LIBVIRT_TEST_HYPERVISOR,
    memoryKiB: 65536,
    vcpus: 1,
    disks: [{ source: { type: "volume" as const, pool: POOL, volume: disk.name }, target: { dev: "vda" } }],
  };
  // The lookup before a create: no domain, the volume it needs, undefined for a missing one.
  const before = await client.domains.findWithVolumes(name, [
    { pool: POOL, name: disk.name },
    { pool: POOL, name: `${prefix}no-such-vol` },
  ]);
  expect(before.domain).toBeUndefined();
  expect(before.volumes.map((v) => v?.name)).toEqual([disk.name, undefined]);

  const created = await client.domains.create(spec, { autostart: true, start: true });
  expect(created.failure).toBeUndefined();
  expect(created.info).toMatchObject({ name, state: "running", active: true, autostart: true, memoryKiB: 65536 });
  expect(await client.domains.state(name)).toBe("running");
  expect((await client.domains.findWithVolumes(name, [])).domain?.uuid).toBe(created.info.uuid);

  // A second create of the name fails at define, and the commands after it leave the existing domain alone.
  await client.domains.stop(name, { gracefulTimeoutMs: 0 });
  await client.domains.setAutostart(name, false);
  const again = await client.domains
    .create({ ...spec, memoryKiB: 131072 }, { autostart: true, start: true })
    .catch((e: unknown) => e);
  expect(again).toBeInstanceOf(VirshError);
  expect(await client.domains.info(name)).toMatchObject({
    uuid: created.info.uuid,
    state: "shut off",
    autostart: false,
    memoryKiB: 65536,
  });

  // A start that fails (missing disk) is returned with the domain, which stays defined.
  const broken = await client.domains.create(
    {
      ...spec,
      name: `${prefix}cbroken`,
      disks: [{ source: { type: "volume", pool: POOL, volume: `${prefix}no-such-vol` }, target: { dev: "vda" } }],
    },
    { start: true },
  );
  expect(broken.failure).toBeInstanceOf(VirshError);
  expect(broken.failure?.virshMessage).toContain(`${prefix}no-such-vol`);
  expect(broken.info).toMatchObject({ name: `${prefix}cbroken`, state: "shut off" });
  await client.domains.undefine(`${prefix}cbroken`);
  await client.domains.undefine(name);
});

describe("errors carry virsh's message and say what was missing", () => {
  test("a missing volume, pool, domain and network", async () => {
    const vol = (await client.volumes.info(POOL, `${prefix}nope`).catch((e: unknown) => e)) as VirshError;
    expect(vol).toBeInstanceOf(VirshError);
    expect(vol).toMatchObject({ code: "NOT_FOUND", notFound: "volume", exitCode: 1 });
    expect(vol.virshMessage).toMatch(/Storage volume not found/);
    expect(vol.command).toContain(`vol-dumpxml --pool ${POOL} ${prefix}nope`);

    const pool = await client.volumes.info(`${prefix}nopool`, "x").catch((e: unknown) => e);
    expect(isNotFound(pool, "pool")).toBe(true);
    const domain = (await client.domains.info(`${prefix}nodom`).catch((e: unknown) => e)) as VirshError;
    expect(domain).toMatchObject({ code: "NOT_FOUND", notFound: "domain" });
    expect(domain.virshMessage).toContain(`failed to get domain '${prefix}nodom'`);
    await expect(client.networks.info(`${prefix}nonet`)).rejects.toMatchObject({
      code: "NOT_FOUND",
      notFound: "network",
    });
  });

  test("a duplicate, an invalid state change and a bad reference", async () => {
    const name = `${prefix}dup`;
    await client.volumes.create(POOL, { name, capacity: MiB });
    await expect(client.volumes.create(POOL, { name, capacity: MiB })).rejects.toMatchObject({
      code: "ALREADY_EXISTS",
    });

    const dom = `${prefix}badref`;
    await client.domains.define({
      name: dom,
      type: LIBVIRT_TEST_HYPERVISOR,
      memoryKiB: 65536,
      vcpus: 1,
      disks: [{ source: { type: "volume", pool: POOL, volume: `${prefix}missing-vol` }, target: { dev: "vda" } }],
    });
    await expect(client.domains.destroy(dom)).rejects.toMatchObject({ code: "INVALID_OPERATION" });
    const start = (await client.domains.start(dom).catch((e: unknown) => e)) as VirshError;
    expect(start).toBeInstanceOf(VirshError);
    expect(start.virshMessage).toContain(`${prefix}missing-vol`);
    await client.domains.undefine(dom);
  });

  test("a batch reports each command's own result", async () => {
    const results = await client.virsh.runBatch([
      ["pool-info", POOL],
      ["dominfo", `${prefix}none`],
      ["echo", "it's fine"],
    ]);
    expect(results[0].error).toBeUndefined();
    expect(results[0].stdout).toMatch(/State:\s+running/);
    expect(results[1].error).toMatchObject({ code: "NOT_FOUND", notFound: "domain" });
    expect(results[2]).toEqual({ stdout: "it's fine" });
  });

  test("a batch that cannot connect says so instead of returning empty output", async () => {
    const unreachable = new LibvirtClient({ uri: `qemu:///system?socket=${join(scratchDir, "no-such.sock")}` });
    const err = (await unreachable.domains.find(`${prefix}any`).catch((e: unknown) => e)) as VirshError;
    expect(err).toBeInstanceOf(VirshError);
    expect(err).toMatchObject({ code: "FAILED", exitCode: 1 });
    expect(err.virshMessage).toMatch(/^failed to connect to the hypervisor/);
  });
});
