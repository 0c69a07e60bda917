// Type tests, checked by `tsc -p tsconfig.test.json` and never run: NetworkZone, Certificate, ClusterGroup,
// StorageBucket and NetworkLoadBalancer are Incus objects, so placing one on a LibvirtHost (or a pool or network of
// one) is a compile error; with a host typed IHost it compiles and the constructs check it at synth.
import type { TerraformStack } from "cdktf";
import type { IHost } from "../../lib";
import {
  Certificate,
  ClusterGroup,
  DnsRecordType,
  IncusHost,
  Instance,
  LibvirtHost,
  Network,
  NetworkLoadBalancer,
  NetworkZone,
  StorageBucket,
  StoragePool,
} from "../../lib";

export function incusObjectHosts(stack: TerraformStack): void {
  const host = new IncusHost(stack, "lab", { clusterMembers: ["m1"] });
  const pool = new StoragePool(stack, "pool", { host });
  const network = new Network(stack, "net", { host, incus: { type: "ovn" } });
  const web = new Instance(stack, "web", { host, network, incus: { image: "x", ipv4Address: "10.0.0.2" } });
  new NetworkZone(stack, "zone", {
    host,
    zoneName: "lab.example.org",
    records: [{ name: "www", entries: [{ type: DnsRecordType.A, value: "10.0.0.2" }] }],
  });
  new Certificate(stack, "cert", { host, certificateFile: "client.crt" });
  new ClusterGroup(stack, "group", { host, members: ["m1"] });
  const bucket = new StorageBucket(stack, "bucket", { pool });
  const secret: string = bucket.addKey({ name: "k" }).secretKey;
  void secret;
  new NetworkLoadBalancer(stack, "lb", {
    network,
    listenAddress: "198.51.100.7",
    backends: [{ name: "web", target: web }],
    ports: [{ listenPort: 80, backends: ["web"] }],
  });

  const kvm = new LibvirtHost(stack, "kvm");
  const kvmPool = new StoragePool(stack, "images", { host: kvm, path: "/var/lib/libvirt/images" });
  const kvmNet = new Network(stack, "kvmnet", { host: kvm });
  // @ts-expect-error a NetworkZone needs an IncusHost
  new NetworkZone(stack, "wrongzone", { host: kvm, zoneName: "a.org" });
  // @ts-expect-error a Certificate needs an IncusHost
  new Certificate(stack, "wrongcert", { host: kvm, certificateFile: "client.crt" });
  // @ts-expect-error a ClusterGroup needs an IncusHost
  new ClusterGroup(stack, "wronggroup", { host: kvm });
  // @ts-expect-error a StorageBucket needs a pool of an IncusHost
  new StorageBucket(stack, "wrongbucket", { pool: kvmPool });
  // @ts-expect-error a NetworkLoadBalancer needs a network of an IncusHost
  new NetworkLoadBalancer(stack, "wronglb", { network: kvmNet, listenAddress: "198.51.100.9" });

  const any: IHost = kvm;
  new NetworkZone(stack, "checked-at-synth", { host: any, zoneName: "a.org" });
}
