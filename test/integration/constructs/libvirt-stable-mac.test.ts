// Stable MAC on libvirt through the constructs and terraform: a domain with stableMac that is replaced (a new
// domain type) comes back as a new domain (new UUID) with the same MAC on its interface.
import { execFileSync } from "node:child_process";
import { Instance, LibvirtHost, Network } from "../../../lib";
import type { LibvirtClient } from "../../../lib/libvirt";
import { cleanupLibvirt, libvirtTestPrefix, LIBVIRT_TEST_URI, requireLibvirt } from "../../support/libvirt";
import { StackRun } from "./support";

const prefix = libvirtTestPrefix("mac");
const stackName = prefix.replace(/-$/, "");
let client: LibvirtClient;
let run: StackRun;

beforeAll(async () => {
  client = await requireLibvirt();
  run = new StackRun(stackName, ["libvirt"]);
});

afterAll(async () => {
  try {
    await cleanupLibvirt(client, prefix);
  } finally {
    run?.cleanup();
  }
});

function virsh(...args: string[]): string {
  return execFileSync("virsh", ["-c", LIBVIRT_TEST_URI, ...args], { encoding: "utf8" }).trim();
}

test("a replaced libvirt domain with stableMac keeps its MAC", async () => {
  let mac = "";
  const synth = (hypervisor: string) =>
    run.synth((stack) => {
      const host = new LibvirtHost(stack, "kvm", { uri: LIBVIRT_TEST_URI });
      const network = new Network(stack, "net", { host });
      const vm = new Instance(stack, "vm", { host, network, stableMac: true, memory: "64MiB", libvirt: { hypervisor, shutdownTimeoutSeconds: 1 } });
      mac = (vm.node.findChild("Default") as any).config.devices.interfaces[0].mac.address;
    });
  const domain = `${stackName}-vm`;
  const domainMac = () => /<mac address='([0-9a-f:]+)'/.exec(virsh("dumpxml", domain))?.[1];

  synth("kvm");
  await run.deploy();
  const before = { uuid: virsh("domuuid", domain), mac: domainMac() };
  expect(before.mac).toBe(mac);

  synth("qemu");
  const plan = await run.plan();
  expect(plan.output).toMatch(/libvirt_domain\.vm (must|will) be replaced/);
  await run.deploy();
  const after = { uuid: virsh("domuuid", domain), mac: domainMac() };
  expect(after.uuid).not.toBe(before.uuid);
  expect(after.mac).toBe(before.mac);

  expect((await run.destroy()).code).toBe(0);
});
