// Stable MAC on libvirt through the constructs and terraform: a domain with stableMac that is replaced (a new
// domain name, which works with or without KVM) comes back as a new domain (new UUID) with the same MAC on its
// interface.
import { Instance, LibvirtHost, Network } from "../../../lib";
import { LIBVIRT_TEST_HYPERVISOR, LIBVIRT_TEST_URI } from "../../support/libvirt";
import { libvirtConstructsSuite } from "./support";

/** The part of the domain's L1 resource this test reads: its first interface. */
interface LibvirtDomainL1 {
  config: { devices: { interfaces: { mac: { address: string } }[] } };
}

const lv = libvirtConstructsSuite("mac");

test("a replaced libvirt domain with stableMac keeps its MAC", async () => {
  let mac = "";
  const synth = (domainName: string) =>
    lv.run.synth((stack) => {
      const host = new LibvirtHost(stack, "kvm", { uri: LIBVIRT_TEST_URI });
      const network = new Network(stack, "net", { host });
      const vm = new Instance(stack, "vm", {
        host,
        name: domainName,
        network,
        stableMac: true,
        memory: "64MiB",
        libvirt: { hypervisor: LIBVIRT_TEST_HYPERVISOR, shutdownTimeoutSeconds: 1 },
      });
      mac = (vm.node.findChild("Default") as unknown as LibvirtDomainL1).config.devices.interfaces[0].mac.address;
    });
  const first = `${lv.stackName}-vm`;
  const second = `${lv.stackName}-vm2`;
  const domainMac = (domain: string) => /<mac address='([0-9a-f:]+)'/.exec(lv.virsh("dumpxml", domain))?.[1];

  synth(first);
  await lv.run.deploy();
  const before = { uuid: lv.virsh("domuuid", first), mac: domainMac(first) };
  expect(before.mac).toBe(mac);

  synth(second);
  const plan = await lv.run.plan();
  expect(plan.output).toMatch(/libvirt_domain\.vm (must|will) be replaced/);
  await lv.run.deploy();
  expect(lv.virsh("list", "--all", "--name").split("\n")).not.toContain(first);
  const after = { uuid: lv.virsh("domuuid", second), mac: domainMac(second) };
  expect(after.uuid).not.toBe(before.uuid);
  expect(after.mac).toBe(before.mac);
  expect(mac).toBe(before.mac); // the MAC follows the construct path, not the domain name

  expect((await lv.run.destroy()).code).toBe(0);
});
