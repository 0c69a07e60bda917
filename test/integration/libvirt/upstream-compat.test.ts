// The official provider's own acceptance tests for libvirt_pool, libvirt_volume, libvirt_network and
// libvirt_cloudinit_disk (internal/provider/*_resource_test.go of dmacvicar/terraform-provider-libvirt at v0.9.7-1,
// commit 6bd1e073), run against the bundled provider: each test function's configurations, written as there (names
// get this file's prefix, t.TempDir() a directory of the workspace), its attribute checks, its PlanOnly steps (an
// empty plan) and its destroy checks. Two deliberate differences are cases of their own at the end: plain-http
// content needs allow_insecure_http here, and a "kvm" domain cannot be defined on a machine without /dev/kvm.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { LIBVIRT_TEST_HYPERVISOR, LIBVIRT_TEST_URI, libvirtTestPrefix } from "../../support/libvirt";
import { expectEmptyPlan, header } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("upstream");
const suite = libvirtWorkspaceSuite(prefix, () => header());
const virsh = (...args: string[]) => execFileSync("virsh", ["-c", LIBVIRT_TEST_URI, ...args], { encoding: "utf8" });

const SET = Symbol("set");
type Check = [address: string, attribute: string, expected: string | typeof SET];

let dirs = 0;
/** t.TempDir(): a new, existing directory. */
function tempDir(): string {
  const dir = join(suite.ws.root, `tmp${++dirs}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The flatmap attribute ("ips.0.address", "ips.#") of a resource in the state, as the Go checks read it. */
async function attribute(address: string, path: string): Promise<string | undefined> {
  let value: unknown = (await suite.ws.resource(address))?.values;
  for (const step of path.split(".")) {
    if (step === "#" && Array.isArray(value)) return String(value.length);
    value = value === null || value === undefined ? undefined : (value as Record<string, unknown>)[step];
  }
  return value === null || value === undefined ? undefined : String(value);
}

async function step(config: string, checks: Check[] = []): Promise<void> {
  suite.ws.write("main.tf", header() + config);
  await suite.ws.apply();
  for (const [address, path, expected] of checks) {
    const actual = await attribute(address, path);
    if (expected === SET)
      expect({ address, path, set: actual !== undefined && actual !== "" }).toEqual({ address, path, set: true });
    else expect({ address, path, actual }).toEqual({ address, path, actual: expected });
  }
}

async function destroyAll(): Promise<void> {
  suite.ws.write("main.tf", header());
  await suite.ws.apply();
}

const pool = (name: string, path: string, extra = "") => `
resource "libvirt_pool" "test" {
  name = "${name}"
  type = "dir"
  target = {
    path = "${path}"
  }
${extra}}
`;

const poolState = (name: string) => /^State:\s+(\S+)/m.exec(virsh("pool-info", name))?.[1];
const poolAutostart = (name: string) => /^Autostart:\s+(\S+)/m.exec(virsh("pool-info", name))?.[1];

let server: Server;
let baseUrl = "";
const HTTP_CONTENT = Buffer.alloc(1024 * 1024, "b");

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/sized/image.raw") res.setHeader("Content-Length", HTTP_CONTENT.length);
    res.write(HTTP_CONTENT);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(destroyAll);

describe("pool_resource_test.go", () => {
  test("TestAccPoolResource_dir", async () => {
    const path = tempDir();
    await step(pool(`${prefix}pool-dir`, path), [
      ["libvirt_pool.test", "name", `${prefix}pool-dir`],
      ["libvirt_pool.test", "type", "dir"],
      ["libvirt_pool.test", "target.path", path],
      ["libvirt_pool.test", "uuid", SET],
      ["libvirt_pool.test", "id", SET],
      ["libvirt_pool.test", "capacity", SET],
      ["libvirt_pool.test", "allocation", SET],
      ["libvirt_pool.test", "available", SET],
    ]);
  });

  test("TestAccPoolResource_dir_trailingSlash", async () => {
    const path = `${tempDir()}/`;
    await step(pool(`${prefix}pool-slash`, path), [
      ["libvirt_pool.test", "target.path", path],
      ["libvirt_pool.test", "uuid", SET],
      ["libvirt_pool.test", "capacity", SET],
    ]);
  });

  test("TestAccPoolResource_dir_preservesBackingPathOnDestroy", async () => {
    const path = tempDir();
    writeFileSync(join(path, "keep-me.txt"), "keep");
    await step(pool(`${prefix}pool-keep`, path, "  destroy = {\n    delete = false\n  }\n"), [
      ["libvirt_pool.test", "target.path", path],
    ]);
    await destroyAll();
    expect(await suite.client.pools.find(`${prefix}pool-keep`)).toBeUndefined();
    expect(existsSync(join(path, "keep-me.txt"))).toBe(true);
  });

  test("TestAccPoolResource_dir_deletesBackingPathOnDestroy", async () => {
    const path = join(tempDir(), "pool-delete-on-destroy");
    mkdirSync(path);
    await step(pool(`${prefix}pool-del`, path, "  destroy = {\n    delete = true\n  }\n"), [
      ["libvirt_pool.test", "target.path", path],
    ]);
    await destroyAll();
    expect(await suite.client.pools.find(`${prefix}pool-del`)).toBeUndefined();
    expect(existsSync(path)).toBe(false);
  });

  test("TestAccPoolResource_dir_createStartAndAutostartOverrides", async () => {
    const path = tempDir();
    await step(pool(`${prefix}pool-over`, path, "  create = {\n    start     = false\n    autostart = false\n  }\n"), [
      ["libvirt_pool.test", "target.path", path],
    ]);
    expect([poolState(`${prefix}pool-over`), poolAutostart(`${prefix}pool-over`)]).toEqual(["inactive", "no"]);
  });

  test("TestAccPoolResource_dir_createBuildOverride", async () => {
    const root = tempDir();
    const [noBuild, withBuild] = [join(root, "pool-build-false"), join(root, "pool-build-true")];
    const opts = (build: boolean) =>
      `  create = {\n    build     = ${build}\n    start     = false\n    autostart = false\n  }\n  destroy = {\n    delete = false\n  }\n`;
    await step(
      pool(`${prefix}pool-nobuild`, noBuild, opts(false)).replace('"test"', '"no_build"') +
        pool(`${prefix}pool-build`, withBuild, opts(true)).replace('"test"', '"with_build"'),
      [
        ["libvirt_pool.no_build", "target.path", noBuild],
        ["libvirt_pool.with_build", "target.path", withBuild],
      ],
    );
    expect(existsSync(noBuild)).toBe(false);
    expect(existsSync(withBuild)).toBe(true);
    for (const name of [`${prefix}pool-nobuild`, `${prefix}pool-build`])
      expect([poolState(name), poolAutostart(name)]).toEqual(["inactive", "no"]);
  });
});

const volume = (name: string, body: string) => `
resource "libvirt_volume" "${name}" {
${body}}
`;
const qcow2Target = `  target = {\n    format = {\n      type = "qcow2"\n    }\n  }\n`;
const rawTarget = `  target = {\n    format = {\n      type = "raw"\n    }\n  }\n`;
const upload = (url: string) => `  create = {\n    content = {\n      url = "${url}"\n    }\n  }\n`;

describe("volume_resource_test.go", () => {
  test("TestAccVolumeResource_basic", async () => {
    const body = `  name     = "${prefix}volume.qcow2"\n  pool     = libvirt_pool.test.name\n  capacity = 1073741824\n${qcow2Target}`;
    await step(pool(`${prefix}pool-volume`, tempDir()) + volume("test", body), [
      ["libvirt_volume.test", "name", `${prefix}volume.qcow2`],
      ["libvirt_volume.test", "pool", `${prefix}pool-volume`],
      ["libvirt_volume.test", "capacity", "1073741824"],
      ["libvirt_volume.test", "target.format.type", "qcow2"],
      ["libvirt_volume.test", "id", SET],
      ["libvirt_volume.test", "key", SET],
      ["libvirt_volume.test", "target.path", SET],
      ["libvirt_volume.test", "allocation", SET],
    ]);
  });

  test("TestAccVolumeResource_permissionsMode", async () => {
    const target = `  target = {\n    permissions = {\n      mode = "770"\n    }\n    format = {\n      type = "qcow2"\n    }\n  }\n`;
    const body = `  name     = "${prefix}volume-perms.qcow2"\n  pool     = libvirt_pool.test.name\n  capacity = 1073741824\n${target}`;
    await step(pool(`${prefix}pool-perms`, tempDir()) + volume("test", body), [
      ["libvirt_volume.test", "name", `${prefix}volume-perms.qcow2`],
      ["libvirt_volume.test", "target.path", SET],
    ]);
    await expectEmptyPlan(suite.ws);
  });

  test("TestAccVolumeResource_backingStore", async () => {
    const base = `  name     = "${prefix}cow-base.qcow2"\n  pool     = libvirt_pool.test.name\n  capacity = 1073741824\n${qcow2Target}`;
    const cow =
      `  name     = "${prefix}cow.qcow2"\n  pool     = libvirt_pool.test.name\n  capacity = 1073741824\n${qcow2Target}` +
      `\n  backing_store = {\n    path = libvirt_volume.base.path\n    format = {\n      type = "qcow2"\n    }\n  }\n`;
    await step(pool(`${prefix}pool-backing`, tempDir()) + volume("base", base) + volume("cow", cow), [
      ["libvirt_volume.base", "name", `${prefix}cow-base.qcow2`],
      ["libvirt_volume.cow", "name", `${prefix}cow.qcow2`],
      ["libvirt_volume.cow", "backing_store.path", SET],
    ]);
  });

  test("TestAccVolumeResource_capacityUnit", async () => {
    const body = `  name          = "${prefix}cap-unit.qcow2"\n  pool          = libvirt_pool.test.name\n  capacity      = 1\n  capacity_unit = "GiB"\n${qcow2Target}`;
    await step(pool(`${prefix}pool-cap-unit`, tempDir()) + volume("test", body), [
      ["libvirt_volume.test", "capacity", "1"],
      ["libvirt_volume.test", "capacity_unit", "GiB"],
    ]);
    await expectEmptyPlan(suite.ws);
  });

  test("TestAccVolumeResource_uploadFromFile", async () => {
    const source = join(tempDir(), "source.img");
    writeFileSync(source, Buffer.from(Array.from({ length: 1024 * 1024 }, (_, i) => i % 256)));
    const body = `  name   = "${prefix}upload.img"\n  pool   = libvirt_pool.test.name\n${rawTarget}\n${upload(source)}`;
    await step(pool(`${prefix}pool-upload`, tempDir()) + volume("test", body), [
      ["libvirt_volume.test", "name", `${prefix}upload.img`],
      ["libvirt_volume.test", "target.format.type", "raw"],
      ["libvirt_volume.test", "capacity", "1048576"],
      ["libvirt_volume.test", "id", SET],
      ["libvirt_volume.test", "key", SET],
      ["libvirt_volume.test", "target.path", SET],
    ]);
  });

  test("TestAccVolumeResource_createContentChangeRequiresReplace", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "source1.img"), Buffer.alloc(1024 * 1024, "a"));
    writeFileSync(join(dir, "source2.img"), Buffer.alloc(1024 * 1024, "b"));
    const config = (file: string) =>
      pool(`${prefix}pool-replace`, join(dir, "pool")) +
      volume(
        "test",
        `  name   = "${prefix}replace.img"\n  pool   = libvirt_pool.test.name\n${rawTarget}\n${upload(join(dir, file))}`,
      );
    await step(config("source1.img"), [["libvirt_volume.test", "id", SET]]);
    await step(config("source2.img"), [["libvirt_volume.test", "id", SET]]);
    const path = await attribute("libvirt_volume.test", "path");
    expect(execFileSync("head", ["-c", "4", path ?? ""], { encoding: "utf8" })).toBe("bbbb");
  });

  test("TestAccVolumeResource_uploadFromHTTPWithoutContentLengthRequiresCapacity (with allow_insecure_http)", async () => {
    const body = `  name = "${prefix}nolength.img"\n  pool = libvirt_pool.test.name\n${rawTarget}\n  create = {\n    content = {\n      url = "${baseUrl}/image.raw"\n      allow_insecure_http = true\n    }\n  }\n`;
    suite.ws.write("main.tf", header() + pool(`${prefix}pool-nolength`, tempDir()) + volume("test", body));
    const failed = await suite.ws.apply().then(
      () => "",
      (err: Error) => err.message.replace(/\s+/g, " "),
    );
    expect(failed).toMatch(/Content-Length/);
    expect(failed).toMatch(/capacity/);
  });
});

const network = (name: string, body: string) => `
resource "libvirt_network" "test" {
  name = "${name}"
${body}}
`;

describe("network_resource_test.go", () => {
  test("TestAccNetworkResource_basic", async () => {
    const body = `  autostart = false\n\n  forward = {\n    mode = "nat"\n  }\n\n  ips = [\n    {\n      address = "10.17.3.1"\n      netmask = "255.255.255.0"\n    }\n  ]\n`;
    await step(network(`${prefix}network-basic`, body), [
      ["libvirt_network.test", "name", `${prefix}network-basic`],
      ["libvirt_network.test", "forward.mode", "nat"],
      ["libvirt_network.test", "ips.#", "1"],
      ["libvirt_network.test", "ips.0.address", "10.17.3.1"],
      ["libvirt_network.test", "ips.0.netmask", "255.255.255.0"],
      ["libvirt_network.test", "uuid", SET],
      ["libvirt_network.test", "id", SET],
    ]);
    const uuid = await attribute("libvirt_network.test", "uuid");
    await destroyAll();
    expect(() => virsh("net-info", uuid ?? "")).toThrow();
  });

  test("TestAccNetworkResource_isolated", async () => {
    const body = `\n  # No forward block = isolated network\n\n  ips = [\n    {\n      address = "192.168.100.1"\n      netmask = "255.255.255.0"\n    }\n  ]\n`;
    await step(network(`${prefix}network-isolated`, body), [
      ["libvirt_network.test", "name", `${prefix}network-isolated`],
      ["libvirt_network.test", "ips.#", "1"],
      ["libvirt_network.test", "ips.0.address", "192.168.100.1"],
      ["libvirt_network.test", "ips.0.netmask", "255.255.255.0"],
    ]);
  });
});

const userData = `<<-EOF
    #cloud-config
    users:
      - name: root
        ssh_authorized_keys:
          - ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC0/Ho1w+1D4vJccMzEQBzREzCY4NjkrJYh8+9rQJgDrYPrWLe1PJYvDG6r1uDlLrZJhwwq1PcJQw test@example.com
  EOF`;
const metaData = (name: string) => `<<-EOF
    instance-id: ${name}-001
    local-hostname: ${name}
  EOF`;

describe("cloudinit_disk_resource_test.go", () => {
  test("TestAccCloudInitDiskResource_basic", async () => {
    const name = `${prefix}cloudinit`;
    await step(
      `resource "libvirt_cloudinit_disk" "test" {\n  name      = "${name}"\n  user_data = ${userData}\n\n  meta_data = ${metaData(name)}\n}\n`,
      [
        ["libvirt_cloudinit_disk.test", "name", name],
        ["libvirt_cloudinit_disk.test", "id", SET],
        ["libvirt_cloudinit_disk.test", "path", SET],
        ["libvirt_cloudinit_disk.test", "size", SET],
      ],
    );
  });

  test("TestAccCloudInitDiskResource_withNetworkConfig", async () => {
    const name = `${prefix}cloudinit-net`;
    const network = `<<-EOF\n    version: 2\n    ethernets:\n      eth0:\n        dhcp4: true\n  EOF`;
    await step(
      `resource "libvirt_cloudinit_disk" "test" {\n  name      = "${name}"\n  user_data = ${userData}\n\n  meta_data = ${metaData(name)}\n\n  network_config = ${network}\n}\n`,
      [
        ["libvirt_cloudinit_disk.test", "name", name],
        ["libvirt_cloudinit_disk.test", "path", SET],
      ],
    );
    // network_config is sensitive here: the state still holds it (what TestCheckResourceAttrSet reads).
    const state = JSON.parse((await suite.ws.ok(["show", "-json"])).stdout);
    const disk = state.values.root_module.resources.find(
      (r: { address: string }) => r.address === "libvirt_cloudinit_disk.test",
    );
    expect(disk.values.network_config).toContain("dhcp4: true");
  });

  test("TestAccCloudInitDiskResource_withVolume", async () => {
    const name = `${prefix}cloudinit-volume`;
    const user = `<<-EOF\n    #cloud-config\n    password: password\n    chpasswd:\n      expire: false\n    ssh_pwauth: true\n  EOF`;
    await step(
      pool(`${prefix}pool-cloudinit`, tempDir()) +
        `resource "libvirt_cloudinit_disk" "test" {\n  name      = "${name}"\n  user_data = ${user}\n\n  meta_data = ${metaData(name)}\n}\n` +
        `resource "libvirt_volume" "cloudinit" {\n  name   = "${name}.iso"\n  pool   = libvirt_pool.test.name\n  # Let libvirt auto-detect format (it will detect as "iso")\n\n  create = {\n    content = {\n      url = libvirt_cloudinit_disk.test.path\n    }\n  }\n}\n`,
      [
        ["libvirt_cloudinit_disk.test", "name", name],
        ["libvirt_volume.cloudinit", "name", `${name}.iso`],
        ["libvirt_volume.cloudinit", "id", SET],
      ],
    );
  });
});

describe("deliberate differences", () => {
  test("plain-http content (TestAccVolumeResource_uploadFromHTTP*) is refused at plan time without allow_insecure_http; with it, both servers work", async () => {
    const body = (file: string, name: string, extra: string) =>
      `  name = "${prefix}${name}.img"\n  pool = libvirt_pool.test.name\n${extra}${rawTarget}\n  create = {\n    content = {\n      url = "${baseUrl}/${file}"\n${extra ? "      allow_insecure_http = true\n" : ""}    }\n  }\n`;
    suite.ws.write(
      "main.tf",
      header() + pool(`${prefix}pool-http`, tempDir()) + volume("test", body("sized/image.raw", "http", "")),
    );
    const plan = await suite.ws.plan();
    expect(plan.code).toBe(1);
    expect(plan.output).toMatch(/Insecure content URL/);
    await step(
      pool(`${prefix}pool-http`, tempDir()) +
        volume("test", body("sized/image.raw", "http", " ")) +
        volume("nolength", body("image.raw", "http-nolength", "  capacity = 1048576\n")),
      [
        ["libvirt_volume.test", "capacity", "1048576"],
        ["libvirt_volume.test", "target.path", SET],
        ["libvirt_volume.nolength", "capacity", "1048576"],
      ],
    );
  });

  test(`TestAccVolumeResource_withDomain with type = "${LIBVIRT_TEST_HYPERVISOR}" (its "kvm" needs /dev/kvm)`, async () => {
    const body = `  name     = "${prefix}integration.qcow2"\n  pool     = libvirt_pool.test.name\n  capacity = 1073741824\n${qcow2Target}`;
    const domain = `
resource "libvirt_domain" "test" {
  name   = "${prefix}domain-integration"
  memory = 512
  vcpu   = 1
  type   = "${LIBVIRT_TEST_HYPERVISOR}"
  running = false

  os = {
    type    = "hvm"
    arch    = "x86_64"
    machine = "q35"
  }

  devices = {
    disks = [
      {
        source = {
          volume = {
            pool   = libvirt_pool.test.name
            volume = libvirt_volume.test.name
          }
        }
        target = {
          dev = "vda"
          bus = "virtio"
        }
      }
    ]
  }
}
`;
    await step(pool(`${prefix}pool-integration`, tempDir()) + volume("test", body) + domain, [
      ["libvirt_domain.test", "devices.disks.0.target.dev", "vda"],
      ["libvirt_domain.test", "devices.disks.0.source.volume.pool", `${prefix}pool-integration`],
      ["libvirt_domain.test", "devices.disks.0.source.volume.volume", `${prefix}integration.qcow2`],
    ]);
  });
});
