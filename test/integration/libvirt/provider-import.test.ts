// Objects that exist before Terraform knows them: import of a domain and a volume created with virsh (then an
// empty plan, and the ownership marker added without a restart), adopt-on-create when the marker matches, and
// refusal (naming the import command) when it does not. Plus the provider's validation of unsupported shapes.
import { LIBVIRT_TEST_HYPERVISOR, LIBVIRT_TEST_POOL, libvirtTestPrefix } from "../../support/libvirt";
import { expectEmptyPlan, header, ownerXml } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("import");
const POOL = LIBVIRT_TEST_POOL;
const MiB = 1024 * 1024;

const marker = `<cdktf-virt:owner xmlns:cdktf-virt="https://cdktf-virt.dev/xmlns/owner">import-test/adopted</cdktf-virt:owner>`;

function volumeHcl(): string {
  return `
resource "libvirt_volume" "data" {
  name     = "${prefix}data"
  pool     = "${POOL}"
  capacity = ${4 * MiB}
  target   = { format = { type = "raw" } }
}
`;
}

function importedDomainHcl(withMarker: boolean): string {
  return `
resource "libvirt_domain" "imported" {
  name   = "${prefix}byhand"
  type   = "${LIBVIRT_TEST_HYPERVISOR}"
  memory = 65536
  vcpu   = 1
  devices = {
    disks = [{ source = { volume = { pool = "${POOL}", volume = libvirt_volume.data.name } }, target = { dev = "vdb" } }]
  }
${withMarker ? `  metadata = { xml = "${ownerXml("import-test/imported")}" }\n` : ""}}
`;
}

function adoptedDomainHcl(): string {
  return `
resource "libvirt_domain" "adopted" {
  name     = "${prefix}adopt"
  type     = "${LIBVIRT_TEST_HYPERVISOR}"
  memory   = 64
  memory_unit = "MiB"
  running  = false
  metadata = { xml = "${ownerXml("import-test/adopted")}" }
}
`;
}

const suite = libvirtWorkspaceSuite(prefix, () => header());

test("a volume and a running domain created with virsh are imported, plan empty, then take the marker without a restart", async () => {
  await suite.client.volumes.create(POOL, { name: `${prefix}data`, capacity: 4 * MiB, format: "raw" });
  await suite.client.domains.define({
    name: `${prefix}byhand`,
    type: LIBVIRT_TEST_HYPERVISOR,
    memoryKiB: 65536,
    vcpus: 1,
    disks: [
      {
        source: { type: "volume", pool: POOL, volume: `${prefix}data` },
        target: { dev: "vdb", bus: "virtio" },
        driverType: "raw",
      },
    ],
  });
  await suite.client.domains.start(`${prefix}byhand`);
  const runtimeId = (await suite.client.virsh.run(["domid", `${prefix}byhand`])).trim();

  suite.ws.write("main.tf", header() + volumeHcl() + importedDomainHcl(false));
  await suite.ws.import("libvirt_volume.data", `${POOL}/${prefix}data`);
  await suite.ws.import("libvirt_domain.imported", `${prefix}byhand`);
  const imported = await suite.ws.resource("libvirt_domain.imported");
  expect(imported?.values).toMatchObject({
    name: `${prefix}byhand`,
    memory: 65536,
    memory_unit: "KiB",
    running: true,
    metadata: null,
  });
  await expectEmptyPlan(suite.ws);

  suite.ws.write("main.tf", header() + volumeHcl() + importedDomainHcl(true));
  await suite.ws.apply();
  const after = await suite.client.domains.info(`${prefix}byhand`);
  expect(after.ownerMarker).toBe("import-test/imported");
  expect((await suite.client.virsh.run(["domid", `${prefix}byhand`])).trim()).toBe(runtimeId); // not restarted
  await expectEmptyPlan(suite.ws);
});

test("a volume can also be imported by its path", async () => {
  const info = await suite.client.volumes.info(POOL, `${prefix}data`);
  await suite.ws.ok(["state", "rm", "libvirt_volume.data"]);
  await suite.ws.import("libvirt_volume.data", info.path!);
  expect((await suite.ws.resource("libvirt_volume.data"))?.values).toMatchObject({
    pool: POOL,
    name: `${prefix}data`,
    capacity: 4 * MiB,
  });
  await expectEmptyPlan(suite.ws);
});

test("create adopts a domain that carries the same ownership marker", async () => {
  const defined = await suite.client.domains.define({
    name: `${prefix}adopt`,
    type: LIBVIRT_TEST_HYPERVISOR,
    memoryKiB: 65536,
    vcpus: 1,
    metadataXml: marker,
  });
  suite.ws.write("main.tf", header() + volumeHcl() + importedDomainHcl(true) + adoptedDomainHcl());
  const applied = await suite.ws.apply();
  expect(applied.output).toContain("libvirt_domain.adopted: Creation complete");
  expect((await suite.client.domains.info(`${prefix}adopt`)).uuid).toBe(defined.uuid);
  await expectEmptyPlan(suite.ws);
});

test("create refuses a domain without the marker and a volume it did not create, naming the import command", async () => {
  await suite.client.domains.define({
    name: `${prefix}foreign`,
    type: LIBVIRT_TEST_HYPERVISOR,
    memoryKiB: 32768,
    vcpus: 1,
  });
  await suite.client.volumes.create(POOL, { name: `${prefix}foreign-vol`, capacity: MiB });
  suite.ws.write(
    "main.tf",
    header() +
      volumeHcl() +
      importedDomainHcl(true) +
      adoptedDomainHcl() +
      `
resource "libvirt_domain" "foreign" {
  name     = "${prefix}foreign"
  type     = "${LIBVIRT_TEST_HYPERVISOR}"
  memory   = 128
  memory_unit = "MiB"
  metadata = { xml = "${ownerXml("import-test/foreign")}" }
}
resource "libvirt_volume" "foreign" {
  name     = "${prefix}foreign-vol"
  pool     = "${POOL}"
  capacity = ${MiB}
}
`,
  );
  const refused = await suite.ws.run(["apply", "-auto-approve", "-input=false"]);
  expect(refused.code).not.toBe(0);
  const message = refused.output.replace(/\s+/g, " ");
  expect(message).toContain(`libvirt_domain "${prefix}foreign" already exists`);
  expect(message).toContain(`terraform import libvirt_domain.<resource name> ${prefix}foreign`);
  expect(message).toContain(`terraform import libvirt_volume.<resource name> ${POOL}/${prefix}foreign-vol`);
  // Left untouched.
  const foreign = await suite.client.domains.info(`${prefix}foreign`);
  expect(foreign).toMatchObject({ memoryKiB: 32768, ownerMarker: undefined, state: "shut off" });
  expect((await suite.client.volumes.info(POOL, `${prefix}foreign-vol`)).capacity).toBe(MiB);
  suite.ws.write("main.tf", header() + volumeHcl() + importedDomainHcl(true) + adoptedDomainHcl());
});

test("validation: an unsupported forward mode and malformed metadata are refused before anything is created", async () => {
  suite.ws.write(
    "invalid.tf",
    `
resource "libvirt_network" "routed" {
  name    = "${prefix}routed"
  forward = { mode = "passthrough" }
}
resource "libvirt_domain" "badmeta" {
  name     = "${prefix}badmeta"
  type     = "${LIBVIRT_TEST_HYPERVISOR}"
  metadata = { xml = "<unclosed" }
}
resource "libvirt_volume" "nosize" {
  name = "${prefix}nosize"
  pool = "${POOL}"
}
`,
  );
  const result = await suite.ws.run(["validate"]);
  suite.ws.write("invalid.tf", "");
  expect(result.code).not.toBe(0);
  const message = result.output.replace(/\s+/g, " ");
  expect(message).toContain("Unsupported forward mode");
  expect(message).toContain("Invalid metadata XML");
  expect(message).toContain("Missing capacity");
  expect(await suite.client.networks.find(`${prefix}routed`)).toBeUndefined();
});
