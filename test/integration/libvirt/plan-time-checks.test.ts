// Bad sizes and counts are refused by `terraform plan`, on the attribute, before anything is created; cloud-init
// user data is shown as sensitive in the plan.
import { LIBVIRT_TEST_POOL, libvirtTestPrefix } from "../../support/libvirt";
import { header } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("checks");
const suite = libvirtWorkspaceSuite(prefix, () => header());

test("a fractional capacity and vcpu 0 fail the plan naming the attributes; nothing is created", async () => {
  suite.ws.write(
    "main.tf",
    `${header()}
resource "libvirt_volume" "v" {
  name     = "${prefix}v"
  pool     = "${LIBVIRT_TEST_POOL}"
  capacity = 1.5
}
resource "libvirt_domain" "vm" {
  name    = "${prefix}vm"
  type    = "qemu"
  vcpu    = 0
  running = false
  devices = { interfaces = [{ source = { network = { network = "default" } }, mac = { address = "01:00:5e:00:00:01" } }] }
}
`,
  );
  const plan = await suite.ws.plan();
  expect(plan.code).toBe(1);
  const output = plan.output.replace(/\s+/g, " ");
  expect(output).toContain("capacity must be a whole number (from 1 to 9007199254740991), got 1.5");
  expect(output).toContain("vcpu must be at least 1 (from 1 to 4096), got 0");
  expect(output).toContain("devices.interfaces[0].mac.address 01:00:5e:00:00:01 is a multicast address");
  expect(output).not.toContain("capacity is required");
  expect(await suite.client.volumes.find(LIBVIRT_TEST_POOL, `${prefix}v`)).toBeUndefined();
});

test("cloud-init user_data is sensitive in the plan", async () => {
  suite.ws.write(
    "main.tf",
    `${header()}
resource "libvirt_cloudinit_disk" "seed" {
  name      = "${prefix}seed.iso"
  pool      = "${LIBVIRT_TEST_POOL}"
  user_data = "#cloud-config\\npassword: hunter2-${prefix}\\n"
}
`,
  );
  const plan = await suite.ws.plan();
  expect(plan.code).toBe(2);
  expect(plan.output).toMatch(/user_data\s+= \(sensitive value\)/);
  expect(plan.output).not.toContain(`hunter2-${prefix}`);
});
