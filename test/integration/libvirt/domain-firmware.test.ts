// libvirt_domain firmware and platform settings through terraform on the real libvirtd: UEFI (OVMF from Debian's
// ovmf package, scripts/setup-libvirt.sh) with a per-domain NVRAM store made from the OVMF variables template, secure
// boot, boot devices and menu, CPU model and topology, features, clock and lifecycle actions. Each is checked in
// `virsh dumpxml`, changed in place, followed by an empty plan; bad combinations are refused at plan time.
import { existsSync } from "node:fs";
import { LIBVIRT_TEST_HYPERVISOR, libvirtTestPrefix } from "../../support/libvirt";
import { expectEmptyPlan, header } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(600_000);

const prefix = libvirtTestPrefix("fw");
const suite = libvirtWorkspaceSuite(prefix, () => header());
const name = `${prefix}vm`;
const OVMF = "/usr/share/OVMF";

function config(v: { secure: boolean; sockets: number; cores: number; onCrash: string }): string {
  const code = v.secure ? `${OVMF}/OVMF_CODE_4M.secboot.fd` : `${OVMF}/OVMF_CODE_4M.fd`;
  return `${header()}
resource "libvirt_domain" "vm" {
  name        = "${name}"
  type        = "${LIBVIRT_TEST_HYPERVISOR}"
  memory      = 256
  memory_unit = "MiB"
  vcpu        = 2
  os = {
    type            = "hvm"
    type_machine    = "q35"
    loader          = "${code}"
    loader_readonly = "yes"
    loader_type     = "pflash"
    ${v.secure ? `loader_secure = "yes"` : ""}
    nv_ram          = { template = "${OVMF}/OVMF_VARS_4M.fd" }
    boot_devices    = [{ dev = "hd" }, { dev = "network" }]
    boot_menu       = { enable = "yes", timeout = "3000" }
  }
  cpu      = { mode = "custom", model = "qemu64", topology = { sockets = ${v.sockets}, cores = ${v.cores}, threads = 1 } }
  features = { acpi = true, apic = {}${v.secure ? `, smm = { state = "on" }` : ""} }
  clock    = { offset = "utc" }
  on_poweroff = "destroy"
  on_reboot   = "restart"
  on_crash    = "${v.onCrash}"
}
`;
}

const oneLine = (xml: string) => xml.replace(/>\s+</g, "><");

test("a UEFI domain gets its firmware, its own NVRAM from the template, CPU, features, clock and actions", async () => {
  suite.ws.write("main.tf", config({ secure: false, sockets: 1, cores: 2, onCrash: "destroy" }));
  await suite.ws.apply();
  const xml = oneLine(await suite.client.domains.dumpxml(name));
  expect(xml).toContain(`<loader readonly='yes' type='pflash'>${OVMF}/OVMF_CODE_4M.fd</loader>`);
  const nvram = xml.match(/<nvram template='([^']+)'>([^<]+)<\/nvram>/);
  expect(nvram?.[1]).toBe(`${OVMF}/OVMF_VARS_4M.fd`);
  expect(nvram?.[2]).toContain(name);
  // The store is created from the template when the domain first starts.
  expect(existsSync(nvram![2])).toBe(true);
  expect(xml).toMatch(/<boot dev='hd'\/><boot dev='network'\/><bootmenu enable='yes' timeout='3000'\/>/);
  expect(xml).toMatch(
    /<cpu mode='custom'[^>]*><model[^>]*>qemu64<\/model><topology sockets='1' dies='1'( clusters='1')? cores='2' threads='1'\/>/,
  );
  expect(xml).toMatch(/<features><acpi\/><apic\/><\/features>/);
  expect(xml).toContain("<clock offset='utc'/>");
  expect(xml).toContain("<on_crash>destroy</on_crash>");
  expect((await suite.client.domains.info(name)).active).toBe(true);
  await expectEmptyPlan(suite.ws);
  const state = await suite.ws.resource("libvirt_domain.vm");
  expect(state?.values.os).toMatchObject({ nv_ram: { nv_ram: nvram![2], template: `${OVMF}/OVMF_VARS_4M.fd` } });
});

test("secure boot, a new topology and crash action are applied in place; destroy removes the NVRAM store", async () => {
  const before = await suite.client.domains.info(name);
  const nvramPath = oneLine(before.inactiveXml).match(/<nvram[^>]*>([^<]+)<\/nvram>/)![1];
  suite.ws.write("main.tf", config({ secure: true, sockets: 2, cores: 1, onCrash: "preserve" }));
  const plan = await suite.ws.plan();
  expect(plan.output).toContain("1 to change, 0 to destroy");
  await suite.ws.apply();
  const xml = oneLine(await suite.client.domains.dumpxml(name));
  expect(xml).toContain(`<loader readonly='yes' secure='yes' type='pflash'>${OVMF}/OVMF_CODE_4M.secboot.fd</loader>`);
  expect(xml).toContain("<smm state='on'/>");
  expect(xml).toMatch(/<topology sockets='2' dies='1'( clusters='1')? cores='1' threads='1'\/>/);
  expect(xml).toContain("<on_crash>preserve</on_crash>");
  const after = await suite.client.domains.info(name);
  expect(after.uuid).toBe(before.uuid);
  expect(after.active).toBe(true);
  await expectEmptyPlan(suite.ws);
  await suite.ws.destroy();
  expect(await suite.client.domains.find(name)).toBeUndefined();
  expect(existsSync(nvramPath)).toBe(false);
});

test("secure boot without SMM or q35, a relative loader, a topology that is not vcpu and two boot orders are refused", async () => {
  suite.ws.write(
    "main.tf",
    `${header()}
resource "libvirt_domain" "bad" {
  name    = "${prefix}bad"
  type    = "${LIBVIRT_TEST_HYPERVISOR}"
  running = false
  vcpu    = 4
  os = { type = "hvm", loader = "OVMF_CODE.fd", loader_secure = "yes", boot_devices = [{ dev = "hd" }] }
  cpu = { topology = { sockets = 1, cores = 2, threads = 1 } }
  devices = { disks = [{ source = { file = { file = "/var/tmp/${prefix}x.img" } }, target = { dev = "vda" }, boot = { order = 1 } }] }
}
resource "libvirt_domain" "nvram" {
  name    = "${prefix}nvram"
  type    = "${LIBVIRT_TEST_HYPERVISOR}"
  running = false
  os = { type = "hvm", nv_ram = { template = "${OVMF}/OVMF_VARS_4M.fd" } }
}
`,
  );
  const plan = await suite.ws.plan();
  expect(plan.code).toBe(1);
  const out = plan.output.replace(/\s+/g, " ");
  expect(out).toContain('os.loader must be an absolute path on the host, got "OVMF_CODE.fd"');
  expect(out).toContain("UEFI secure boot needs system management mode");
  expect(out).toContain('UEFI secure boot needs os.type_machine = "q35"');
  expect(out).toContain("cpu.topology gives 2 vCPUs (sockets × dies × clusters × cores × threads) but vcpu is 4");
  expect(out).toContain("os.boot_devices cannot be combined with per-device boot orders");
  expect(out).toContain("os.nv_ram needs os.loader");
  expect(await suite.client.domains.find(`${prefix}bad`)).toBeUndefined();
});
