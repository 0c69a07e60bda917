// graph and explain know the Incus objects of the constructs: a zone and a bucket are nodes of their kinds (the
// bucket in its pool), a load balancer is drawn like a forward with edges to its backends; explain names every one
// of them when it is deleted, and a deleted bucket destroys data.
import { TerraformStack, Testing } from "cdktf";
import {
  Certificate,
  ClusterGroup,
  DnsRecordType,
  IncusHost,
  Instance,
  Network,
  NetworkLoadBalancer,
  NetworkZone,
  StorageBucket,
  StoragePool,
} from "../../../lib";
import { buildStackGraph, explainPlan, parseSynthesizedStack, renderDot, renderMermaid } from "../../../lib/tooling";
import { familyOf } from "../../../lib/tooling/stack/resource-kinds";
import { change, planOf } from "./support/plans";

const stack = new TerraformStack(Testing.app(), "objs");
const host = new IncusHost(stack, "lab", { clusterMembers: ["m1", "m2"] });
const pool = new StoragePool(stack, "pool", { host });
const network = new Network(stack, "ovn", { host, incus: { type: "ovn" } });
const web = new Instance(stack, "web", { host, network, incus: { image: "x", ipv4Address: "10.9.0.5" } });
new NetworkLoadBalancer(stack, "lb", {
  network,
  listenAddress: "198.51.100.30",
  backends: [{ name: "web", target: web, targetPort: 8080 }],
  ports: [{ listenPort: 80, backends: ["web"] }],
});
new NetworkZone(stack, "zone", {
  host,
  zoneName: "lab.example.org",
  records: [{ name: "www", entries: [{ type: DnsRecordType.A, value: "10.9.0.5" }] }],
});
new StorageBucket(stack, "backups", { pool, keys: [{ name: "reader" }] });
new Certificate(stack, "ci", {
  host,
  certificate: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
});
new ClusterGroup(stack, "fast", { host, members: ["m1"] });
const json = JSON.parse(Testing.synth(stack));
const synthesized = parseSynthesizedStack(json, "objs");
const graph = buildStackGraph(synthesized);

test("zone, bucket and load balancer are graph nodes; the bucket is in its pool, the balancer goes to its backend", () => {
  const kinds = Object.fromEntries(graph.nodes.map((n) => [n.id, n.kind]));
  expect(kinds["incus_network_zone.zone"]).toBe("zone");
  expect(kinds["incus_storage_bucket.backups"]).toBe("bucket");
  expect(kinds["incus_network_lb.lb"]).toBe("forward");
  expect(graph.nodes.find((n) => n.id === "incus_network_lb.lb")).toMatchObject({
    label: "198.51.100.30",
    notes: ["network load balancer"],
  });
  const edges = graph.edges.map((e) => `${e.kind}: ${e.from} -> ${e.to}${e.label ? ` (${e.label})` : ""}`);
  expect(edges).toEqual(
    expect.arrayContaining([
      "contains: incus_storage_pool.pool -> incus_storage_bucket.backups",
      "network: incus_network_lb.lb -> incus_network.ovn",
      "forward: incus_network_lb.lb -> incus_instance.web (web)",
    ]),
  );
  expect(renderMermaid(graph)).toContain("incus_storage_bucket");
  expect(renderDot(graph)).toContain("shape=tab");
});

test("the tooling knows the resource types", () => {
  expect(familyOf("incus_network_zone")).toBe("zone");
  expect(familyOf("incus_storage_bucket")).toBe("bucket");
  expect(familyOf("incus_network_lb")).toBe("forward");
});

test("explain names each deleted object; a deleted bucket destroys data", () => {
  const report = explainPlan(
    planOf([
      change("incus_network_zone.zone", "delete", { name: "lab.example.org" }, null),
      change("incus_network_zone_record.r", "delete", { name: "www", zone: "lab.example.org" }, null),
      change("incus_certificate.ci", "delete", { name: "objs-ci" }, null),
      change("incus_cluster_group.fast", "delete", { name: "objs-fast" }, null),
      change("incus_storage_bucket.backups", "delete", { name: "objs-backups", pool: "objs-pool" }, null),
      change("incus_storage_bucket_key.k", "delete", { name: "reader" }, null),
      change("incus_network_lb.lb", "delete", { network: "objs-ovn", listen_address: "198.51.100.30" }, null),
    ]),
    synthesized,
  );
  const deletions = report.deletions.map((d) => [d.address, d.description, d.dataDestroyed]);
  expect(deletions.sort()).toEqual(
    [
      ["incus_network_zone.zone", 'network zone "lab.example.org"', false],
      ["incus_network_zone_record.r", 'zone record "www"', false],
      ["incus_certificate.ci", 'trusted certificate "objs-ci"', false],
      ["incus_cluster_group.fast", 'cluster group "objs-fast"', false],
      ["incus_storage_bucket.backups", 'storage bucket "objs-backups"', true],
      ["incus_storage_bucket_key.k", 'bucket key "reader"', false],
      ["incus_network_lb.lb", 'network load balancer "198.51.100.30"', false],
    ].sort(),
  );
});
