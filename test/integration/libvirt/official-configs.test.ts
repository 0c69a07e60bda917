// Configurations in the shape of the official dmacvicar/libvirt 0.9.7 acceptance tests, through the real terraform
// and libvirtd: a pool path with a trailing slash, a download whose size nobody announces, a domain that leaves
// optional attributes unset (and a state written before they stayed null), `running = false`, and a
// libvirt_cloudinit_disk without a pool whose ISO is uploaded with libvirt_volume create.content.url.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { LIBVIRT_TEST_POOL, libvirtTestPrefix } from "../../support/libvirt";
import { applySavedPlan, expectEmptyPlan, header, plannedActions } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("official");
const POOL = LIBVIRT_TEST_POOL;
const suite = libvirtWorkspaceSuite(prefix, () => header());

let server: Server;
let chunkedUrl: string;
const IMAGE = Buffer.alloc(256 * 1024, 5);

beforeAll(async () => {
  // No Content-Length: the body is sent chunked, as many mirrors and CGI scripts do.
  server = createServer((_req, res) => {
    res.write(IMAGE);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  chunkedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/image.raw`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(async () => {
  suite.ws.write("main.tf", header());
  await suite.ws.apply();
});

test("libvirt_pool trailing slash: target.path keeps the user's spelling, libvirt's is the same directory, plan empty", async () => {
  const dir = join(suite.ws.root, "slash-pool");
  const pool = (path: string) => `${header()}
resource "libvirt_pool" "test" {
  name   = "${prefix}slash"
  type   = "dir"
  target = { path = "${path}" }
}
`;
  suite.ws.write("main.tf", pool(`${dir}/`));
  await suite.ws.apply();
  const state = await suite.ws.resource("libvirt_pool.test");
  expect(state?.values.target).toEqual({ path: `${dir}/` });
  const created = await suite.client.pools.find(`${prefix}slash`);
  expect(created).toMatchObject({ targetPath: dir, active: true });
  await expectEmptyPlan(suite.ws);

  // Dropping the slash names the same directory: an update of the spelling in state, not a new pool.
  suite.ws.write("main.tf", pool(dir));
  expect((await plannedActions(suite.ws))["libvirt_pool.test"]).toEqual(["update"]);
  await applySavedPlan(suite.ws);
  expect((await suite.ws.resource("libvirt_pool.test"))?.values.target).toEqual({ path: dir });
  expect((await suite.client.pools.find(`${prefix}slash`))?.uuid).toBe(created?.uuid);
  await expectEmptyPlan(suite.ws);
});

test("libvirt_volume content from a URL without Content-Length and without capacity is refused before anything is created", async () => {
  const volume = (capacity: string) => `${header()}
resource "libvirt_volume" "img" {
  name   = "${prefix}chunked.raw"
  pool   = "${POOL}"
${capacity}  target = { format = { type = "raw" } }
  create = { content = { url = "${chunkedUrl}", allow_insecure_http = true } }
}
`;
  suite.ws.write("main.tf", volume(""));
  const refused = await suite.ws.apply().then(
    () => "",
    (err: Error) => err.message,
  );
  expect(refused).toMatch(/Content-Length/);
  expect(refused).toMatch(/capacity/);
  expect(await suite.client.volumes.find(POOL, `${prefix}chunked.raw`)).toBeUndefined();

  suite.ws.write("main.tf", volume(`  capacity = ${IMAGE.length}\n`));
  await suite.ws.apply();
  expect(await suite.client.volumes.download(POOL, `${prefix}chunked.raw`)).toEqual(IMAGE);
  await expectEmptyPlan(suite.ws);
});

// Only what the official provider requires, plus running = false (qemu without KVM: nothing is started).
const stoppedDomain = `${header()}
resource "libvirt_domain" "vm" {
  name    = "${prefix}stopped"
  type    = "qemu"
  running = false
}
`;

test("libvirt_domain running = false, optional attributes unset: defined, not started, null in state, plan empty", async () => {
  suite.ws.write("main.tf", stoppedDomain);
  await suite.ws.apply();
  expect(await suite.client.domains.info(`${prefix}stopped`)).toMatchObject({
    state: "shut off",
    autostart: false,
    memoryKiB: 512 * 1024,
    vcpus: 1,
  });
  const values = (await suite.ws.resource("libvirt_domain.vm"))?.values;
  expect(values).toMatchObject({
    running: false,
    autostart: null,
    memory: null,
    memory_unit: null,
    vcpu: null,
    os: null,
  });
  await expectEmptyPlan(suite.ws);
});

test("libvirt_domain state written with the old defaults (autostart, memory, memory_unit, vcpu, os filled in) plans no change", async () => {
  suite.ws.write("main.tf", stoppedDomain);
  await suite.ws.apply();
  // What the provider wrote before unset attributes stayed null.
  const live = await suite.client.domains.info(`${prefix}stopped`);
  const old = {
    autostart: false,
    memory: 524288,
    memory_unit: "KiB",
    vcpu: 1,
    os: { type: "hvm", type_arch: live.arch, type_machine: live.machine, kernel: null, initrd: null, cmdline: null },
  };
  const file = join(suite.ws.dir, "terraform.tfstate");
  const tfstate = JSON.parse(readFileSync(file, "utf8"));
  const vm = tfstate.resources.find((r: { type: string }) => r.type === "libvirt_domain");
  Object.assign(vm.instances[0].attributes, old);
  tfstate.serial += 1;
  writeFileSync(file, JSON.stringify(tfstate));
  await expectEmptyPlan(suite.ws);
  expect((await suite.ws.resource("libvirt_domain.vm"))?.values).toMatchObject(old);
});

test("libvirt_cloudinit_disk without a pool (no pool named default): a local ISO uploaded with libvirt_volume, plan empty", async () => {
  // The fallback is for hosts without a pool named default; this host must not have one (it is never created here).
  expect(await suite.client.pools.find("default")).toBeUndefined();
  suite.ws.write(
    "main.tf",
    `${header()}
resource "libvirt_cloudinit_disk" "seed" {
  name      = "${prefix}seed"
  user_data = "#cloud-config\\nhostname: official\\n"
  meta_data = "instance-id: ${prefix}vm\\n"
}

resource "libvirt_volume" "seed" {
  name   = "${prefix}seed.iso"
  pool   = "${POOL}"
  create = { content = { url = libvirt_cloudinit_disk.seed.path } }
}
`,
  );
  await suite.ws.apply();
  const seed = (await suite.ws.resource("libvirt_cloudinit_disk.seed"))?.values;
  expect(seed?.pool).toBeNull();
  expect(existsSync(seed?.path)).toBe(true);
  const iso = readFileSync(seed?.path);
  expect(seed?.size).toBe(iso.length);
  expect(iso.subarray(0x8001, 0x8006).toString()).toBe("CD001"); // an ISO 9660 primary volume descriptor
  expect(await suite.client.volumes.download(POOL, `${prefix}seed.iso`)).toEqual(iso);
  await expectEmptyPlan(suite.ws);

  // The temporary directory was cleared (a reboot, another runner): the ISO is written again, nothing is replaced.
  rmSync(seed?.path);
  await expectEmptyPlan(suite.ws);
  expect(readFileSync(seed?.path)).toEqual(iso);

  suite.ws.write("main.tf", header());
  await suite.ws.apply();
  expect(existsSync(seed?.path)).toBe(false);
});
