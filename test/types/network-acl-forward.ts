// Type tests, checked by `tsc -p tsconfig.test.json` and never run: NetworkAcl and NetworkForward are Incus objects,
// so placing one on a LibvirtHost (or a network of one) is a compile error; with a host typed IHost it compiles and
// the constructs check it at synth.
import type { TerraformStack } from "cdktf";
import type { IHost } from "../../lib";
import { IncusHost, Instance, LibvirtHost, Network, NetworkAcl, NetworkForward } from "../../lib";

export function networkAclAndForwardHosts(stack: TerraformStack): void {
  const host = new IncusHost(stack, "lab");
  const network = new Network(stack, "net", { host });
  const acl = new NetworkAcl(stack, "acl", { host });
  const web = new Instance(stack, "web", {
    host,
    network,
    incus: { image: "x", ipv4Address: "10.0.0.2", acls: [acl] },
  });
  new NetworkForward(stack, "fwd", {
    network,
    listenAddress: "198.51.100.7",
    ports: [{ listenPort: 80, target: web }],
  });
  web.forward({ listenAddress: "198.51.100.8", port: 80 });

  const kvm = new LibvirtHost(stack, "kvm");
  const kvmNet = new Network(stack, "kvmnet", { host: kvm });
  // @ts-expect-error a NetworkAcl needs an IncusHost
  new NetworkAcl(stack, "wrong", { host: kvm });
  // @ts-expect-error a NetworkForward needs a network of an IncusHost
  new NetworkForward(stack, "wrongfwd", { network: kvmNet, listenAddress: "198.51.100.9" });
  // @ts-expect-error NIC ACLs are Incus options
  new Instance(stack, "vm", { host: kvm, network: kvmNet, incus: { acls: [acl] } });

  const any: IHost = kvm;
  new NetworkAcl(stack, "checked-at-synth", { host: any });
}
