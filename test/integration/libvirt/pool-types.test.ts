// libvirt_pool beyond directories, through the real terraform and libvirtd: a logical pool (an LVM volume group
// libvirt builds on a loop device), the 0.9.x create/destroy options on dir pools, and netfs pools. This kernel has
// no NFS server (scripts/setup-nfs.sh says so), so a netfs pool is defined and read back unstarted, and starting one
// fails with libvirt's mount error without leaving the pool defined.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { libvirtTestPrefix } from "../../support/libvirt";
import { expectEmptyPlan, header } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("pooltypes");
const suite = libvirtWorkspaceSuite(prefix, () => header());
const sh = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { encoding: "utf8", env: { ...process.env, LVM_SUPPRESS_FD_WARNINGS: "1" } });
// LVM names: letters, digits, + _ . - (the prefix's dashes are fine, it starts with "t").
const vg = `${prefix}vg`;
let loop = "";
let image = "";

beforeAll(() => {
  image = join(suite.ws.root, "pv.img");
  sh("truncate", ["-s", "64M", image]);
  loop = sh("losetup", ["--find", "--show", image]).trim();
});

afterAll(() => {
  // The pool's destroy removes the VG; if a test failed before, remove what is left, then the loop device.
  const vgs = sh("vgs", ["--noheadings", "-o", "vg_name"]);
  if (vgs.split("\n").some((l) => l.trim() === vg)) sh("vgremove", ["-f", vg]);
  if (sh("pvs", ["--noheadings", "-o", "pv_name"]).includes(loop)) sh("pvremove", ["-y", loop]);
  if (loop) sh("losetup", ["-d", loop]);
});

const state = async (address: string) => (await suite.ws.resource(address))?.values;

test("logical pool: libvirt builds the volume group on the loop device, reads back, imports, and removes it on destroy", async () => {
  const config = `${header()}
resource "libvirt_pool" "lvm" {
  name   = "${prefix}lvm"
  type   = "logical"
  source = {
    name   = "${vg}"
    device = [{ path = "${loop}" }]
    format = { type = "lvm2" }
  }
}
`;
  suite.ws.write("main.tf", config);
  await suite.ws.apply();
  const pool = await suite.client.pools.info(`${prefix}lvm`);
  expect(pool).toMatchObject({
    type: "logical",
    active: true,
    autostart: true,
    targetPath: `/dev/${vg}`,
    source: { name: vg, devices: [loop], format: "lvm2" },
  });
  expect(pool.capacity).toBeGreaterThan(50 * 1024 * 1024);
  expect(sh("vgs", ["--noheadings", "-o", "vg_name,pv_count", vg])).toMatch(new RegExp(`${vg}\\s+1`));
  expect(await state("libvirt_pool.lvm")).toMatchObject({
    id: pool.uuid,
    uuid: pool.uuid,
    target: { path: `/dev/${vg}` },
    source: { name: vg, device: [{ path: loop }], format: { type: "lvm2" }, host: null, dir: null },
    capacity: pool.capacity,
  });
  await expectEmptyPlan(suite.ws);

  await suite.ws.ok(["state", "rm", "libvirt_pool.lvm"]);
  await suite.ws.import("libvirt_pool.lvm", `${prefix}lvm`);
  await expectEmptyPlan(suite.ws);

  // Source devices given: destroy deletes the volume group and the PV label (0.9.x's default), then the loop
  // device holds no LVM any more.
  suite.ws.write("main.tf", header());
  await suite.ws.apply();
  expect(await suite.client.pools.find(`${prefix}lvm`)).toBeUndefined();
  expect(sh("vgs", ["--noheadings", "-o", "vg_name"])).not.toContain(vg);
  expect(sh("pvs", ["--noheadings", "-o", "pv_name"])).not.toContain(loop);
});

test("dir pools with create and destroy options (0.9.x): not built, not started, no autostart; storage kept or deleted", async () => {
  const root = join(suite.ws.root, "dirs");
  mkdirSync(join(root, "keep"), { recursive: true });
  writeFileSync(join(root, "keep", "keep-me.txt"), "keep");
  mkdirSync(join(root, "delete"), { recursive: true });
  const config = `${header()}
resource "libvirt_pool" "no_build" {
  name    = "${prefix}nobuild"
  type    = "dir"
  target  = { path = "${root}/never-built" }
  create  = { build = false, start = false, autostart = false }
  destroy = { delete = false }
}

resource "libvirt_pool" "keep" {
  name    = "${prefix}keep"
  type    = "dir"
  target  = { path = "${root}/keep" }
  destroy = { delete = false }
}

resource "libvirt_pool" "delete" {
  name    = "${prefix}delete"
  type    = "dir"
  target  = { path = "${root}/delete" }
  destroy = { delete = true }
}
`;
  suite.ws.write("main.tf", config);
  await suite.ws.apply();
  expect(await suite.client.pools.info(`${prefix}nobuild`)).toMatchObject({ active: false, autostart: false });
  expect(existsSync(join(root, "never-built"))).toBe(false);
  expect(await state("libvirt_pool.no_build")).toMatchObject({ autostart: false, capacity: null });
  expect(await suite.client.pools.info(`${prefix}keep`)).toMatchObject({ active: true, autostart: true });
  await expectEmptyPlan(suite.ws);

  // autostart changes in place.
  suite.ws.write(
    "main.tf",
    config.replace(`destroy = { delete = true }`, `destroy = { delete = true }\n  autostart = false`),
  );
  await suite.ws.apply();
  expect(await suite.client.pools.info(`${prefix}delete`)).toMatchObject({ autostart: false });
  await expectEmptyPlan(suite.ws);

  suite.ws.write("main.tf", header());
  await suite.ws.apply();
  for (const name of ["nobuild", "keep", "delete"])
    expect(await suite.client.pools.find(`${prefix}${name}`)).toBeUndefined();
  // delete = false leaves the directory and its files (the pool's volumes) as they were; delete = true removes it.
  expect(existsSync(join(root, "keep", "keep-me.txt"))).toBe(true);
  expect(existsSync(join(root, "delete"))).toBe(false);
});

test("netfs pool: defined unstarted and read back; starting it without an NFS server fails and leaves nothing defined", async () => {
  const mount = join(suite.ws.root, "nfs-mount");
  const netfs = (create: string) => `${header()}
resource "libvirt_pool" "nfs" {
  name   = "${prefix}nfs"
  type   = "netfs"
  source = {
    host   = [{ name = "127.0.0.1" }]
    dir    = { path = "/srv/${prefix}export" }
    format = { type = "nfs" }
  }
  target = { path = "${mount}" }
${create}}
`;
  suite.ws.write("main.tf", netfs(`  create = { start = false, autostart = false }\n`));
  await suite.ws.apply();
  const pool = await suite.client.pools.info(`${prefix}nfs`);
  expect(pool).toMatchObject({
    type: "netfs",
    active: false,
    targetPath: mount,
    source: { hosts: [{ name: "127.0.0.1" }], dir: `/srv/${prefix}export`, format: "nfs" },
  });
  expect(existsSync(mount)).toBe(true); // built: the mount point
  expect(await state("libvirt_pool.nfs")).toMatchObject({
    source: { host: [{ name: "127.0.0.1", port: null }], dir: { path: `/srv/${prefix}export` } },
  });
  await expectEmptyPlan(suite.ws);

  suite.ws.write("main.tf", header());
  await suite.ws.apply();
  expect(await suite.client.pools.find(`${prefix}nfs`)).toBeUndefined();

  suite.ws.write("main.tf", netfs(""));
  const failed = await suite.ws.apply().then(
    () => "",
    (err: Error) => err.message,
  );
  expect(failed).toMatch(/mount|nfs/i);
  expect(await suite.client.pools.find(`${prefix}nfs`)).toBeUndefined();
  suite.ws.write("main.tf", header());
  await suite.ws.apply();
});

test("refusals at plan time name the attribute; nothing is defined", async () => {
  const refused = async (body: string) => {
    suite.ws.write("main.tf", `${header()}resource "libvirt_pool" "bad" {\n  name = "${prefix}bad"\n${body}\n}\n`);
    const plan = await suite.ws.plan();
    expect(plan.code).toBe(1);
    return plan.output.replace(/\s+/g, " ");
  };
  expect(
    await refused(`  type = "netfs"\n  target = { path = "/mnt/x" }\n  source = { dir = { path = "/e" } }`),
  ).toContain('source.host: A "netfs" pool needs the file server');
  expect(await refused(`  type = "logical"\n  source = { device = [{ path = "disk.img" }] }`)).toContain(
    "source.device[0].path:",
  );
  expect(await refused(`  type = "dir"\n  target = { path = "/x" }\n  source = { host = [{ name = "h" }] }`)).toContain(
    "source.host:",
  );
  expect(await refused(`  type = "iscsi"`)).toMatch(/expected one of: "dir", "logical", "netfs"/);
  expect(await suite.client.pools.find(`${prefix}bad`)).toBeUndefined();
});
