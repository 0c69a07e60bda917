// Stable MAC addresses on the synthesized JSON: derived from "<stack>/<construct path>", locally administered
// unicast, the same across synths, different per path; Incus eth0 hwaddr and libvirt interface mac; on by the prop
// or by the app's context flag, never by itself (deployed instances would change their MAC).
import { TerraformStack, Testing } from "cdktf";
import { IncusHost, Instance, LibvirtHost, Network } from "../../../lib";
import type { TerraformJson } from "../../support/terraform-json";
import { errorOf, newStack, resource, synth } from "./support";

const MAC = /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/;

function incusMacs(stack: TerraformStack, ids: string[], stableMac?: boolean): { [id: string]: string | undefined } {
  const host = new IncusHost(stack, "lab");
  const network = new Network(stack, "net", { host });
  for (const id of ids) new Instance(stack, id, { host, network, stableMac, incus: { image: "debian-13" } });
  const json = synth(stack);
  const out: { [id: string]: string | undefined } = {};
  for (const id of ids)
    out[id] = resource(json, "incus_instance", id).device.find(
      (d: TerraformJson) => d.name === "eth0",
    ).properties.hwaddr;
  return out;
}

describe("stableMac", () => {
  it("Incus: eth0 gets a locally administered unicast hwaddr, the same across synths, different per path and stack", () => {
    const first = incusMacs(newStack(), ["a", "b"], true);
    const again = incusMacs(newStack(), ["a", "b"], true);
    const otherStack = incusMacs(newStack("other"), ["a"], true);
    expect(first.a).toMatch(MAC);
    expect(first).toEqual(again);
    expect(first.a).not.toBe(first.b);
    expect(otherStack.a).not.toBe(first.a);
    for (const mac of [first.a!, first.b!, otherStack.a!]) {
      const octet = parseInt(mac.slice(0, 2), 16);
      expect(octet & 0x02).toBe(0x02); // locally administered
      expect(octet & 0x01).toBe(0); // unicast
      expect(mac.startsWith("00:16:3e") || mac.startsWith("10:66:6a")).toBe(false);
    }
  });

  it("is off by default, so deployed instances plan no change; the context flag turns it on for the app", () => {
    expect(incusMacs(newStack(), ["a"]).a).toBeUndefined();
    const app = Testing.app({ context: { "cdktf-virt:stableMac": true } });
    const flagged = incusMacs(new TerraformStack(app, "homelab"), ["a", "b"]);
    expect(flagged.a).toBe(incusMacs(newStack(), ["a"], true).a);
    const optOut = Testing.app({ context: { "cdktf-virt:stableMac": true } });
    expect(incusMacs(new TerraformStack(optOut, "homelab"), ["a"], false).a).toBeUndefined();
  });

  it("libvirt: the interface gets mac.address, the same derivation", () => {
    const stack = newStack();
    const host = new LibvirtHost(stack, "kvm");
    const network = new Network(stack, "net", { host });
    new Instance(stack, "vm", { host, network, stableMac: true });
    const iface = resource(synth(stack), "libvirt_domain", "vm").devices.interfaces[0];
    expect(iface.mac.address).toMatch(MAC);
    const stack2 = newStack();
    const host2 = new IncusHost(stack2, "lab");
    new Instance(stack2, "vm", {
      host: host2,
      network: new Network(stack2, "net", { host: host2 }),
      stableMac: true,
      incus: { image: "x" },
    });
    expect(
      resource(synth(stack2), "incus_instance", "vm").device.find((d: TerraformJson) => d.name === "eth0").properties
        .hwaddr,
    ).toBe(iface.mac.address);
  });

  it("stableMac: true without a network is a synth error", () => {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    expect(errorOf(() => new Instance(stack, "a", { host, stableMac: true, incus: { image: "x" } }))).toMatch(
      /Instance "homelab\/a", prop "stableMac": a stable MAC needs a NIC/,
    );
  });
});
