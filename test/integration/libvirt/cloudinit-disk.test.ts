// libvirt_cloudinit_disk against the real terraform and libvirtd: the provider builds the NoCloud ISO and stores
// it as a volume in the pool (read back with isoinfo: label, names, user-data bytes); a user_data change replaces
// it, and a running domain that has it as a cdrom and names it in replace_triggered_by is replaced with it;
// import by <pool>/<name>; destroy removes the volume.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { LIBVIRT_TEST_HYPERVISOR, LIBVIRT_TEST_POOL, libvirtTestPrefix } from "../../support/libvirt";
import { applySavedPlan, expectEmptyPlan, header, plannedActions } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("cid");
const POOL = LIBVIRT_TEST_POOL;
const suite = libvirtWorkspaceSuite(prefix, () => header());

const seedName = `${prefix}seed.iso`;
const hclString = (text: string) => JSON.stringify(text).replace(/\$\{/g, () => "$${"); // HCL escapes ${ as $${

function config(userData: string, withDomain: boolean): string {
  const disk = `resource "libvirt_cloudinit_disk" "seed" {
  name           = "${seedName}"
  pool           = "${POOL}"
  user_data      = ${hclString(userData)}
  meta_data      = ${hclString(`instance-id: ${prefix}vm\nlocal-hostname: probe\n`)}
  network_config = ${hclString("version: 2\nethernets: {}\n")}
}
`;
  const domain = `resource "libvirt_domain" "vm" {
  name        = "${prefix}vm"
  type        = "${LIBVIRT_TEST_HYPERVISOR}"
  memory      = 64
  memory_unit = "MiB"
  vcpu        = 1
  running     = true
  os          = { type = "hvm", type_arch = "x86_64", type_machine = "pc" }
  devices = {
    disks = [{
      device    = "cdrom"
      read_only = true
      source    = { volume = { pool = libvirt_cloudinit_disk.seed.pool, volume = libvirt_cloudinit_disk.seed.name } }
      target    = { dev = "sda", bus = "sata" }
    }]
  }
  lifecycle { replace_triggered_by = [libvirt_cloudinit_disk.seed.id] }
}
`;
  return header() + disk + (withDomain ? domain : "");
}

/** The volume's bytes, written to a file and read back with isoinfo (Joliet tree). */
async function isoFiles(): Promise<Record<string, string>> {
  const bytes = await suite.client.volumes.download(POOL, seedName);
  const file = join(suite.ws.root, "seed-copy.iso");
  writeFileSync(file, bytes);
  const isoinfo = (...args: string[]) => execFileSync("isoinfo", [...args, "-i", file]).toString();
  expect(execFileSync("blkid", ["-p", "-o", "value", "-s", "LABEL", file]).toString().trim()).toBe("cidata");
  const names = isoinfo("-J", "-f").trim().split("\n").sort();
  return Object.fromEntries(names.map((n) => [n.slice(1), isoinfo("-J", "-x", n)]));
}

const userData1 = "#cloud-config\nhostname: probe\nruncmd:\n  - echo ${HOME} one\n";
const userData2 = "#cloud-config\nhostname: probe\nruncmd:\n  - echo two\n";

test("libvirt_cloudinit_disk create: an ISO volume in the pool with the seed files, then an empty plan", async () => {
  suite.ws.write("main.tf", config(userData1, false));
  await suite.ws.apply();
  const info = await suite.client.volumes.info(POOL, seedName);
  expect(info).toMatchObject({ format: "iso" }); // libvirt recognises the image it rescans as an ISO
  expect(info.path!.startsWith("/tmp")).toBe(false);
  expect(await isoFiles()).toEqual({
    "meta-data": `instance-id: ${prefix}vm\nlocal-hostname: probe\n`,
    "network-config": "version: 2\nethernets: {}\n",
    "user-data": userData1,
  });
  const state = await suite.ws.resource("libvirt_cloudinit_disk.seed");
  expect(state?.values).toMatchObject({ id: info.key, path: info.path, size: info.capacity, pool: POOL });
  await expectEmptyPlan(suite.ws);
});

test("libvirt_cloudinit_disk user_data change: the disk and the running domain that uses it are replaced", async () => {
  suite.ws.write("main.tf", config(userData1, true));
  await suite.ws.apply();
  const before = await suite.client.domains.info(`${prefix}vm`);
  expect(before.state).toBe("running");
  await expectEmptyPlan(suite.ws);

  suite.ws.write("main.tf", config(userData2, true));
  const actions = await plannedActions(suite.ws);
  expect(actions["libvirt_cloudinit_disk.seed"]).toEqual(["delete", "create"]);
  expect(actions["libvirt_domain.vm"]).toEqual(["delete", "create"]);
  await applySavedPlan(suite.ws);
  const after = await suite.client.domains.info(`${prefix}vm`);
  expect(after.state).toBe("running");
  expect(after.uuid).not.toBe(before.uuid);
  expect((await isoFiles())["user-data"]).toBe(userData2);
  await expectEmptyPlan(suite.ws);
});

test("libvirt_cloudinit_disk import and destroy", async () => {
  suite.ws.write("main.tf", config(userData2, false));
  await suite.ws.apply();
  await suite.ws.ok(["state", "rm", "libvirt_cloudinit_disk.seed"]);
  await suite.ws.ok(["import", "-input=false", "libvirt_cloudinit_disk.seed", `${POOL}/${seedName}`]);
  const imported = await suite.ws.resource("libvirt_cloudinit_disk.seed");
  expect(imported?.values).toMatchObject({
    name: seedName,
    pool: POOL,
    path: (await suite.client.volumes.info(POOL, seedName)).path,
  });

  await suite.ws.ok(["destroy", "-auto-approve", "-input=false"]);
  expect(await suite.client.volumes.find(POOL, seedName)).toBeUndefined();
});
