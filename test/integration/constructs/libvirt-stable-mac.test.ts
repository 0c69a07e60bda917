// Stable MAC on libvirt through the constructs and terraform: a domain with stableMac that is replaced (a new
// domain type) comes back as a new domain (new UUID) with the same MAC on its interface.
import { Instance, LibvirtHost, Network } from "../../../lib";
import { LIBVIRT_TEST_URI } from "../../support/libvirt";
import { libvirtConstructsSuite } from "./support";

const lv = libvirtConstructsSuite("mac");


test("a replaced libvirt domain with stableMac keeps its MAC", async () => {
  let mac = "";
  const synth = (hypervisor: string) =>
    lv.run.synth((stack) => {
      const host = new LibvirtHost(stack, "kvm", { uri: LIBVIRT_TEST_URI });
      const network = new Network(stack, "net", { host });
      const vm = new Instance(stack, "vm", { host, network, stableMac: true, memory: "64MiB", libvirt: { hypervisor, shutdownTimeoutSeconds: 1 } });
      mac = (vm.node.findChild("Default") as any).config.devices.interfaces[0].mac.address;
    });
  const domain = `${lv.stackName}-vm`;
  const domainMac = () => /<mac address='([0-9a-f:]+)'/.exec(lv.virsh("dumpxml", domain))?.[1];

  synth("kvm");
  await lv.run.deploy();
  const before = { uuid: lv.virsh("domuuid", domain), mac: domainMac() };
  expect(before.mac).toBe(mac);

  synth("qemu");
  const plan = await lv.run.plan();
  expect(plan.output).toMatch(/libvirt_domain\.vm (must|will) be replaced/);
  await lv.run.deploy();
  const after = { uuid: lv.virsh("domuuid", domain), mac: domainMac() };
  expect(after.uuid).not.toBe(before.uuid);
  expect(after.mac).toBe(before.mac);

  expect((await lv.run.destroy()).code).toBe(0);
});
