// The bundled libvirt provider through the real terraform, in the shape of the official provider's examples:
// a pool, a base volume, an overlay and a domain using it (on an isolated network). Then what the official
// provider gets wrong: capacity growth in place, the overlay replaced when its base changes (deleted in a safe
// order), in-place domain updates, `running` managed, and a plan after apply that is empty.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { LIBVIRT_TEST_HYPERVISOR, libvirtTestPrefix } from "../../support/libvirt";
import { applySavedPlan, expectEmptyPlan, header, ownerXml, plannedActions, qcow2Image } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("compat");
const MiB = 1024 * 1024;
const pool = `${prefix}pool`;
let poolDir: string;

interface Settings {
  baseImage: string;
  overlayMiB: number;
  memoryMiB: number;
}

function config(s: Settings): string {
  return `${header()}
resource "libvirt_pool" "images" {
  name   = "${pool}"
  type   = "dir"
  target = { path = "${poolDir}" }
}

resource "libvirt_volume" "base" {
  name   = "${prefix}base.qcow2"
  pool   = libvirt_pool.images.name
  target = { format = { type = "qcow2" } }
  create = { content = { url = "${s.baseImage}" } }
}

resource "libvirt_volume" "root" {
  name          = "${prefix}root.qcow2"
  pool          = libvirt_pool.images.name
  capacity      = ${s.overlayMiB}
  capacity_unit = "MiB"
  backing_store = { path = libvirt_volume.base.path, format = { type = "qcow2" } }
}

resource "libvirt_volume" "data" {
  name     = "${prefix}data.raw"
  pool     = libvirt_pool.images.name
  capacity = ${4 * MiB}
}

resource "libvirt_network" "isolated" {
  name     = "${prefix}net"
  metadata = { xml = "${ownerXml("compat/net")}" }
}

resource "libvirt_domain" "vm" {
  name        = "${prefix}vm"
  type        = "${LIBVIRT_TEST_HYPERVISOR}"
  memory      = ${s.memoryMiB}
  memory_unit = "MiB"
  vcpu        = 1
  os          = { type = "hvm", type_arch = "x86_64", type_machine = "pc" }
  devices = {
    disks = [{
      source = { volume = { pool = libvirt_pool.images.name, volume = libvirt_volume.root.name } }
      target = { dev = "vda", bus = "virtio" }
    }, {
      source = { volume = { pool = libvirt_pool.images.name, volume = libvirt_volume.data.name } }
      target = { dev = "vdb", bus = "virtio" }
    }]
    interfaces = [{ model = { type = "virtio" }, source = { network = { network = libvirt_network.isolated.name } } }]
  }
  metadata = { xml = "${ownerXml("compat/vm")}" }
  lifecycle {
    replace_triggered_by = [libvirt_volume.root.id]
  }
}
`;
}

let settings: Settings;

const suite = libvirtWorkspaceSuite(prefix, (ws) => {
  poolDir = join(ws.root, "pool");
  settings = { baseImage: qcow2Image(ws, "base-1.qcow2", "8M"), overlayMiB: 16, memoryMiB: 64 };
  return config(settings);
});

test("libvirt_pool, libvirt_volume (base + overlay), libvirt_network, libvirt_domain: create, then an empty plan", async () => {
  await suite.ws.apply();

  const created = await suite.client.pools.info(pool);
  expect(created).toMatchObject({ type: "dir", targetPath: poolDir, active: true, autostart: true });
  expect(existsSync(poolDir)).toBe(true);

  const base = await suite.client.volumes.info(pool, `${prefix}base.qcow2`);
  expect(base).toMatchObject({ format: "qcow2", capacity: 8 * MiB });
  const root = await suite.client.volumes.info(pool, `${prefix}root.qcow2`);
  expect(root).toMatchObject({
    format: "qcow2",
    capacity: 16 * MiB,
    backingStore: { path: base.path, format: "qcow2" },
  });

  const vm = await suite.client.domains.info(`${prefix}vm`);
  expect(vm).toMatchObject({ state: "running", memoryKiB: 64 * 1024, vcpus: 1, ownerMarker: "compat/vm" });
  // No driver.type in the configuration: each disk is opened with its volume's format.
  expect(vm.disks.map((d) => [d.target.dev, d.source, d.driverType])).toEqual([
    ["vda", { type: "volume", pool, volume: `${prefix}root.qcow2` }, "qcow2"],
    ["vdb", { type: "volume", pool, volume: `${prefix}data.raw` }, "raw"],
  ]);
  expect(await suite.client.volumes.info(pool, `${prefix}data.raw`)).toMatchObject({
    format: "raw",
    capacity: 4 * MiB,
  });
  expect((await suite.ws.resource("libvirt_volume.data"))?.values).toMatchObject({
    capacity: 4 * MiB,
    capacity_unit: "bytes",
  });
  expect(vm.interfaces[0]).toMatchObject({ network: `${prefix}net`, model: "virtio" });
  expect(await suite.client.networks.info(`${prefix}net`)).toMatchObject({
    isolated: true,
    active: true,
    ownerMarker: "compat/net",
  });

  const state = await suite.ws.resource("libvirt_domain.vm");
  expect(state?.values).toMatchObject({ uuid: vm.uuid, id: vm.uuid, running: true, memory: 64, memory_unit: "MiB" });
  expect(state?.values.os.type_machine).toBe("pc"); // libvirt says pc-i440fx-*, the configured alias is kept
  await expectEmptyPlan(suite.ws);
});

test("growing the overlay resizes it in place (through the running domain) and a memory change updates the domain in place", async () => {
  const before = await suite.client.domains.info(`${prefix}vm`);
  settings = { ...settings, overlayMiB: 24, memoryMiB: 96 };
  suite.ws.write("main.tf", config(settings));
  const actions = await plannedActions(suite.ws);
  expect(actions["libvirt_volume.root"]).toEqual(["update"]);
  expect(actions["libvirt_domain.vm"]).toEqual(["update"]);
  expect(actions["libvirt_volume.base"]).toEqual(["no-op"]);

  await applySavedPlan(suite.ws);
  expect((await suite.client.volumes.info(pool, `${prefix}root.qcow2`)).capacity).toBe(24 * MiB);
  const after = await suite.client.domains.info(`${prefix}vm`);
  expect(after).toMatchObject({ uuid: before.uuid, memoryKiB: 96 * 1024, state: "running" });
  expect(after.interfaces[0].mac).toBe(before.interfaces[0].mac);
  await expectEmptyPlan(suite.ws);
});

test("running is managed: a domain stopped behind Terraform's back is started again", async () => {
  await suite.client.domains.destroy(`${prefix}vm`);
  const actions = await plannedActions(suite.ws);
  expect(actions["libvirt_domain.vm"]).toEqual(["update"]);
  await applySavedPlan(suite.ws);
  expect(await suite.client.domains.state(`${prefix}vm`)).toBe("running");
  await expectEmptyPlan(suite.ws);
});

test("a new base replaces the overlay (and, through replace_triggered_by, the domain) in a safe order", async () => {
  const before = await suite.client.domains.info(`${prefix}vm`);
  settings = { ...settings, baseImage: qcow2Image(suite.ws, "base-2.qcow2", "12M") };
  suite.ws.write("main.tf", config(settings));
  const actions = await plannedActions(suite.ws);
  expect(actions["libvirt_volume.base"]).toEqual(["delete", "create"]);
  expect(actions["libvirt_volume.root"]).toEqual(["delete", "create"]);
  expect(actions["libvirt_domain.vm"]).toEqual(["delete", "create"]);
  expect(actions["libvirt_pool.images"]).toEqual(["no-op"]);

  const applied = await applySavedPlan(suite.ws);
  // Dependents go first: the domain, then the overlay, then the base.
  const order = [
    "libvirt_domain.vm: Destruction complete",
    "libvirt_volume.root: Destruction complete",
    "libvirt_volume.base: Destruction complete",
  ].map((line) => applied.output.indexOf(line));
  expect(order.every((i) => i >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);

  const base = await suite.client.volumes.info(pool, `${prefix}base.qcow2`);
  expect(base.capacity).toBe(12 * MiB);
  expect((await suite.client.volumes.info(pool, `${prefix}root.qcow2`)).backingStore?.path).toBe(base.path);
  const after = await suite.client.domains.info(`${prefix}vm`);
  expect(after.uuid).not.toBe(before.uuid);
  expect(after.state).toBe("running");
  await expectEmptyPlan(suite.ws);
});

test("a base that an unmanaged overlay still uses is not deleted; destroy works once it is gone", async () => {
  const base = await suite.client.volumes.info(pool, `${prefix}base.qcow2`);
  await suite.client.volumes.create(pool, { name: `${prefix}foreign-overlay`, backingStore: { path: base.path! } });
  const refused = await suite.ws.run(["destroy", "-auto-approve", "-input=false"]);
  expect(refused.code).not.toBe(0);
  const message = refused.output.replace(/\s+/g, " "); // terraform wraps long lines
  expect(message).toContain("is the backing store of");
  expect(message).toContain(`${pool}/${prefix}foreign-overlay`);
  expect(await suite.client.volumes.find(pool, `${prefix}base.qcow2`)).toBeDefined();

  await suite.client.volumes.delete(pool, `${prefix}foreign-overlay`);
  await suite.ws.destroy();
  expect(await suite.client.domains.find(`${prefix}vm`)).toBeUndefined();
  expect(await suite.client.networks.find(`${prefix}net`)).toBeUndefined();
  expect(await suite.client.pools.find(pool)).toBeUndefined();
  expect(existsSync(poolDir)).toBe(false);
});
