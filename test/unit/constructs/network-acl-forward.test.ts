// NetworkAcl and NetworkForward: the synthesized incus_network_acl / incus_network_forward, their attachment to
// networks and NICs, instance.forward(), and the synth errors (with construct paths) for what cannot work.
import type { IHost } from "../../../lib";
import {
  AclAction,
  AclProtocol,
  AclRuleState,
  ForwardProtocol,
  IncusHost,
  Instance,
  LibvirtHost,
  Network,
  NetworkAcl,
  NetworkForward,
} from "../../../lib";
import { errorOf, newStack, only, resource, synth } from "./support";

function incusLab() {
  const stack = newStack();
  const host = new IncusHost(stack, "lab");
  const network = new Network(stack, "net", {
    host,
    incus: { config: { "ipv4.address": "10.77.0.1/24", "ipv4.nat": "false" } },
  });
  return { stack, host, network };
}

describe("NetworkAcl", () => {
  test("typed rules become the ACL's ingress and egress; networks and NICs refer to it by name", () => {
    const { stack, host } = incusLab();
    const acl = new NetworkAcl(stack, "web-acl", {
      host,
      description: "web only",
      ingress: [
        {
          action: AclAction.ALLOW,
          protocol: AclProtocol.TCP,
          destinationPorts: [80, "8000-8010"],
          source: ["10.0.0.0/8"],
        },
        { action: AclAction.ALLOW, protocol: AclProtocol.ICMP4, icmpType: 8, state: AclRuleState.LOGGED },
      ],
      egress: [{ action: AclAction.REJECT, destination: ["@external"] }],
    });
    const net = new Network(stack, "guarded", { host, incus: { acls: [acl] } });
    new Instance(stack, "web", { host, network: net, incus: { image: "busybox", acls: [acl] } });
    const json = synth(stack);
    const res = only(json, "incus_network_acl");
    expect(res).toMatchObject({
      name: "homelab-web-acl",
      description: "web only",
      config: { "user.cdktf-virt.owner": "homelab/web-acl" },
      ingress: [
        { action: "allow", state: "enabled", protocol: "tcp", destination_port: "80,8000-8010", source: "10.0.0.0/8" },
        { action: "allow", state: "logged", protocol: "icmp4", icmp_type: "8" },
      ],
      egress: [{ action: "reject", state: "enabled", destination: "@external" }],
    });
    const nameRef = "${incus_network_acl.web-acl.name}";
    expect(resource(json, "incus_network", "guarded").config["security.acls"]).toEqual(nameRef);
    const eth0 = only(json, "incus_instance").device.find((d: { name: string }) => d.name === "eth0");
    expect(eth0.properties["security.acls"]).toEqual(nameRef);
  });

  test.each([
    [
      { action: AclAction.ALLOW, destinationPorts: [80] },
      'prop "ingress[0].destinationPorts": ports need protocol tcp or udp',
    ],
    [
      { action: AclAction.ALLOW, protocol: AclProtocol.TCP, destinationPorts: [70000] },
      'prop "ingress[0].destinationPorts": 70000 is not a port',
    ],
    [
      { action: AclAction.ALLOW, protocol: AclProtocol.UDP, sourcePorts: ["9-3"] },
      'prop "ingress[0].sourcePorts": "9-3" is not a port',
    ],
    [
      { action: AclAction.ALLOW, source: ["10.0.0.0/33"] },
      'prop "ingress[0].source": "10.0.0.0/33" is not an IP address',
    ],
    [{ action: AclAction.ALLOW, destination: ["10.0.0.300"] }, 'prop "ingress[0].destination": "10.0.0.300" is not'],
    [
      { action: AclAction.ALLOW, protocol: AclProtocol.TCP, icmpType: 8 },
      'prop "ingress[0].icmpType": needs protocol icmp4 or icmp6',
    ],
    [
      { action: AclAction.ALLOW, protocol: AclProtocol.ICMP6, icmpCode: 0 },
      'prop "ingress[0].icmpCode": needs icmpType',
    ],
    [{ action: "accept" as AclAction }, 'prop "ingress[0].action": "accept" is not allow'],
  ])("a bad rule is a synth error naming the ACL and the rule: %j", (rule, message) => {
    const { stack, host } = incusLab();
    expect(errorOf(() => new NetworkAcl(stack, "bad", { host, ingress: [rule] }))).toContain(
      `NetworkAcl "homelab/bad", ${message}`,
    );
  });

  test("IPv6 subnets, ranges and references are accepted", () => {
    const { stack, host } = incusLab();
    new NetworkAcl(stack, "v6", {
      host,
      egress: [{ action: AclAction.ALLOW, destination: ["fd00::/64", "10.0.0.5-10.0.0.9", "@internal", "other-acl"] }],
    });
    expect(only(synth(stack), "incus_network_acl").egress[0].destination).toBe(
      "fd00::/64,10.0.0.5-10.0.0.9,@internal,other-acl",
    );
  });

  test("on a libvirt host (typed IHost) it is a synth error", () => {
    const stack = newStack();
    const host: IHost = new LibvirtHost(stack, "kvm");
    expect(errorOf(() => new NetworkAcl(stack, "acl", { host }))).toContain(
      'NetworkAcl "homelab/acl", prop "host": the host is a LibvirtHost; NetworkAcl is Incus only',
    );
  });

  test("an ACL of another host, and NIC ACLs without a network, are synth errors", () => {
    const { stack, host, network } = incusLab();
    const other = new IncusHost(stack, "other");
    const acl = new NetworkAcl(stack, "acl", { host: other });
    expect(errorOf(() => new Instance(stack, "a", { host, network, incus: { image: "x", acls: [acl] } }))).toContain(
      'Instance "homelab/a", prop "incus.acls": the ACL "homelab/acl" is on another host',
    );
    const mine = new NetworkAcl(stack, "mine", { host });
    expect(errorOf(() => new Instance(stack, "b", { host, incus: { image: "x", acls: [mine] } }))).toContain(
      'Instance "homelab/b", prop "acls": needs a `network`',
    );
    expect(
      errorOf(() => new Network(stack, "n2", { host, incus: { acls: [mine], config: { "security.acls": "x" } } })),
    ).toContain('prop "config"');
  });
});

describe("NetworkForward", () => {
  test("instance.forward() sends the listen port to the instance's fixed address; one forward per listen address", () => {
    const { stack, host, network } = incusLab();
    const web = new Instance(stack, "web", { host, network, incus: { image: "busybox", ipv4Address: "10.77.0.10" } });
    const fwd = web.forward({ listenAddress: "198.51.100.7", port: 8080, targetPort: 80 });
    const again = web.forward({ listenAddress: "198.51.100.7", port: 5353, protocol: ForwardProtocol.UDP });
    expect(again).toBe(fwd);
    const json = synth(stack);
    const eth0 = only(json, "incus_instance").device.find((d: { name: string }) => d.name === "eth0");
    expect(eth0.properties["ipv4.address"]).toBe("10.77.0.10");
    expect(only(json, "incus_network_forward")).toMatchObject({
      listen_address: "198.51.100.7",
      network: "${incus_network.net.name}",
      ports: [
        { protocol: "tcp", listen_port: "8080", target_port: "80", target_address: "10.77.0.10" },
        { protocol: "udp", listen_port: "5353", target_port: "5353", target_address: "10.77.0.10" },
      ],
    });
    expect(resource(json, "incus_network_forward", Object.keys(json.resource.incus_network_forward)[0])).toBeDefined();
  });

  test("a NetworkForward with ports to several instances", () => {
    const { stack, host, network } = incusLab();
    const a = new Instance(stack, "a", { host, network, incus: { image: "x", ipv4Address: "10.77.0.11" } });
    const b = new Instance(stack, "b", { host, network, incus: { image: "x", ipv4Address: "10.77.0.12" } });
    new NetworkForward(stack, "fwd", {
      network,
      listenAddress: "2001:db8::7",
      ports: [
        { listenPort: "8000-8001", target: a, targetPort: "80-81" },
        { listenPort: 9000, target: b },
      ],
    });
    const forward = only(synth(stack), "incus_network_forward");
    expect(forward.ports).toEqual([
      expect.objectContaining({ listen_port: "8000-8001", target_port: "80-81", target_address: "10.77.0.11" }),
      expect.objectContaining({ listen_port: "9000", target_port: "9000", target_address: "10.77.0.12" }),
    ]);
    // The ownership marker: a deploy that died after the create adopts the forward on the next run.
    expect(forward.config).toEqual({ "user.cdktf-virt.owner": "homelab/fwd" });
  });

  test("an instance without a fixed address is refused: its address could change when it is rebuilt", () => {
    const { stack, host, network } = incusLab();
    const web = new Instance(stack, "web", { host, network, stableMac: true, incus: { image: "busybox" } });
    expect(errorOf(() => web.forward({ listenAddress: "198.51.100.7", port: 80 }))).toContain(
      'NetworkForward "homelab/web/Forward-198-51-100-7", prop "ports": the instance "homelab/web" has no fixed address to forward to',
    );
  });

  test.each([
    [
      { listenAddress: "198.51.100.999", port: 80 },
      'prop "listenAddress": "198.51.100.999" is not an IPv4 or IPv6 address',
    ],
    [{ listenAddress: "198.51.100.7", port: 0 }, 'prop "ports": listenPort 0 is not a port'],
    [
      { listenAddress: "198.51.100.7", port: "80-82", targetPort: "80-81" },
      'prop "ports": targetPort 80-81 is a range of another length',
    ],
    [
      { listenAddress: "198.51.100.7", port: 80, protocol: "sctp" as ForwardProtocol },
      'prop "ports": protocol "sctp" is not tcp or udp',
    ],
  ])("bad forward options are synth errors: %j", (options, message) => {
    const { stack, host, network } = incusLab();
    const web = new Instance(stack, "web", { host, network, incus: { image: "x", ipv4Address: "10.77.0.10" } });
    expect(errorOf(() => web.forward(options))).toContain(message);
  });

  test("the same port twice, another network's instance, a bad fixed address", () => {
    const { stack, host, network } = incusLab();
    const web = new Instance(stack, "web", { host, network, incus: { image: "x", ipv4Address: "10.77.0.10" } });
    web.forward({ listenAddress: "198.51.100.7", port: "80-90" });
    expect(errorOf(() => web.forward({ listenAddress: "198.51.100.7", port: 85 }))).toContain(
      "tcp port 85 of 198.51.100.7 is forwarded twice",
    );
    const other = new Network(stack, "other", { host });
    expect(
      errorOf(
        () =>
          new NetworkForward(stack, "f", {
            network: other,
            listenAddress: "198.51.100.8",
            ports: [{ listenPort: 1, target: web }],
          }),
      ),
    ).toContain('the instance "homelab/web" is not plugged into the network "homelab/other"');
    expect(
      errorOf(() => new Instance(stack, "bad", { host, network, incus: { image: "x", ipv4Address: "10.77.0" } })),
    ).toContain('Instance "homelab/bad", prop "incus.ipv4Address": "10.77.0" is not an IPv4 address');
  });

  test("on a libvirt host (typed IHost): forward() and NetworkForward are synth errors", () => {
    const stack = newStack();
    const host: IHost = new LibvirtHost(stack, "kvm");
    const network = new Network(stack, "net", { host });
    const vm = new Instance(stack, "vm", { host, network });
    expect(errorOf(() => vm.forward({ listenAddress: "198.51.100.7", port: 80 }))).toContain(
      'Instance "homelab/vm", prop "forward": forwards are Incus only',
    );
    expect(errorOf(() => new NetworkForward(stack, "f", { network, listenAddress: "198.51.100.7" }))).toContain(
      'NetworkForward "homelab/f", prop "network": the network "homelab/net" is on a libvirt host; NetworkForward is Incus only',
    );
  });
});
