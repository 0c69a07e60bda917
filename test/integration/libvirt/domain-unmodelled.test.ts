// An attribute of the official provider's libvirt_domain that this provider does not model is refused by
// `terraform plan`, naming its path; it is never dropped (Terraform itself drops unknown keys of a nested object, so a
// UEFI firmware or a graphics device would otherwise vanish from the domain without a word).
import { header } from "./harness";
import { libvirtTestPrefix } from "../../support/libvirt";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("unmodelled");
const suite = libvirtWorkspaceSuite(prefix, () => header());

// Unknown top-level arguments are refused by Terraform itself ("Unsupported argument"); nested ones are not.
test("unmodelled official attributes fail the plan with their paths; nothing is defined", async () => {
  suite.ws.write(
    "main.tf",
    `${header()}
resource "libvirt_domain" "vm" {
  name    = "${prefix}vm"
  type    = "qemu"
  running = false
  os = { type = "hvm", shim = "/usr/share/shim.efi" }
  devices = {
    hubs = [{ type = "usb" }]
    disks = [
      { target = { dev = "vda" }, source = { file = { file = "/var/tmp/${prefix}a.img" } }, vendor = "ACME" },
      { target = { dev = "vdb" }, source = { file = { file = "/var/tmp/${prefix}b.img" } } },
    ]
  }
}
`,
  );
  const plan = await suite.ws.plan();
  expect(plan.code).toBe(1);
  const output = plan.output.replace(/\s+/g, " ");
  for (const path of ["os.shim", "devices.hubs", "devices.disks[0].vendor"]) {
    expect(output).toContain(
      `${path} is an attribute of the official libvirt provider that this provider does not support`,
    );
  }
  expect(output).not.toContain("devices.disks[1].vendor");
  expect(await suite.client.domains.find(`${prefix}vm`)).toBeUndefined();
});
