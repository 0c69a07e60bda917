// Network libvirt: { ipv4, dhcp } and Instance libvirt: { waitFor }: the libvirt_network ips, the interface's
// wait_for_ip, the address and MAC references, and the synth errors that name the prop.
import { TerraformOutput } from "cdktf";
import { IncusHost, Instance, LibvirtHost, Network } from "../../../lib";
import type { IHost } from "../../../lib";
import { errorOf, newStack, resource, synth } from "./support";

function lab() {
  const stack = newStack();
  const kvm = new LibvirtHost(stack, "kvm");
  return { stack, kvm };
}

describe("Network libvirt.ipv4", () => {
  test("the host address and a DHCP range over the rest of the subnet", () => {
    const { stack, kvm } = lab();
    new Network(stack, "net", { host: kvm, libvirt: { ipv4: "10.213.7.1/24" } });
    expect(resource(synth(stack), "libvirt_network", "net").ips).toEqual([
      { address: "10.213.7.1", prefix: 24, dhcp: { ranges: [{ start: "10.213.7.2", end: "10.213.7.254" }] } },
    ]);
  });

  test("dhcp false or a range; without ipv4 no ips at all", () => {
    const { stack, kvm } = lab();
    new Network(stack, "a", { host: kvm, libvirt: { ipv4: "10.213.8.1/24", dhcp: false } });
    new Network(stack, "b", {
      host: kvm,
      libvirt: { ipv4: "10.213.9.1/24", dhcp: { start: "10.213.9.100", end: "10.213.9.150" } },
    });
    new Network(stack, "c", { host: kvm });
    const json = synth(stack);
    expect(resource(json, "libvirt_network", "a").ips).toEqual([{ address: "10.213.8.1", prefix: 24 }]);
    expect(resource(json, "libvirt_network", "b").ips[0].dhcp).toEqual({
      ranges: [{ start: "10.213.9.100", end: "10.213.9.150" }],
    });
    expect(resource(json, "libvirt_network", "c").ips).toBeUndefined();
  });

  test.each([
    [{ ipv4: "10.213.7.1" }, /libvirt\.ipv4.*prefix/],
    [{ ipv4: "10.213.7.0/24" }, /network or broadcast address/],
    [
      { ipv4: "10.213.7.1/24", dhcp: { start: "10.213.8.2", end: "10.213.8.9" } },
      /libvirt\.dhcp.*inside 10\.213\.7\.1\/24/,
    ],
    [{ dhcp: true }, /libvirt\.dhcp.*needs libvirt\.ipv4/],
  ])("%j is a synth error", (libvirt, message) => {
    const { stack, kvm } = lab();
    expect(errorOf(() => new Network(stack, "net", { host: kvm, libvirt }))).toMatch(message);
  });

  test("not on an Incus host", () => {
    const stack = newStack();
    // A host typed as IHost compiles both groups (a typed IncusHost does not: test/types); the wrong one fails at synth.
    const host: IHost = new IncusHost(stack, "lab", {});
    expect(errorOf(() => new Network(stack, "net", { host, libvirt: { ipv4: "10.1.1.1/24" } }))).toMatch(
      /libvirt.*not supported on incus hosts/,
    );
  });
});

describe("Instance libvirt.waitFor", () => {
  test("wait_for_ip on the NIC; ipv4Address and libvirt.macAddress reference the interface", () => {
    const { stack, kvm } = lab();
    const network = new Network(stack, "net", { host: kvm, libvirt: { ipv4: "10.213.7.1/24" } });
    const vm = new Instance(stack, "vm", {
      host: kvm,
      network,
      libvirt: { waitFor: { ipv4: true, timeoutSeconds: 90 } },
    });
    new TerraformOutput(stack, "ip", { value: vm.ipv4Address });
    new TerraformOutput(stack, "mac", { value: vm.libvirt.macAddress });
    const json = synth(stack);
    expect(resource(json, "libvirt_domain", "vm").devices.interfaces[0].wait_for_ip).toEqual({
      timeout: 90,
      source: "lease",
    });
    const [domainId] = Object.keys(json.resource.libvirt_domain);
    expect(json.output.ip.value).toBe(`\${libvirt_domain.${domainId}.devices.interfaces[0].addresses[0]}`);
    expect(json.output.mac.value).toBe(`\${libvirt_domain.${domainId}.devices.interfaces[0].mac.address}`);
  });

  test("needs a network; ipv4Address needs the wait; timeout a whole number", () => {
    const { stack, kvm } = lab();
    expect(errorOf(() => new Instance(stack, "a", { host: kvm, libvirt: { waitFor: { ipv4: true } } }))).toMatch(
      /libvirt\.waitFor.*network/,
    );
    const network = new Network(stack, "net", { host: kvm });
    const b = new Instance(stack, "b", { host: kvm, network });
    expect(errorOf(() => b.ipv4Address)).toMatch(/waitFor: \{ ipv4: true \}/);
    expect(
      errorOf(
        () => new Instance(stack, "c", { host: kvm, network, libvirt: { waitFor: { ipv4: true, timeoutSeconds: 0 } } }),
      ),
    ).toMatch(/libvirt\.waitFor\.timeoutSeconds/);
    expect(errorOf(() => new Instance(stack, "d", { host: kvm }).libvirt.macAddress)).toMatch(
      /Instance "homelab\/d", prop "macAddress": the instance has no NIC/,
    );
  });
});
