// graph and explain: the web-forward example's network ACL and forward are graph nodes, with edges to the network
// the ACL guards, the forward's network and the instance its port goes to; explain names them when they are deleted.
import { Testing } from "cdktf";
import { WebForwardStack } from "../../../examples/web-forward/stack";
import { buildStackGraph, explainPlan, parseSynthesizedStack, renderDot, renderMermaid } from "../../../lib/tooling";
import { change, planOf } from "./support/plans";
import { familyOf } from "../../../lib/tooling/stack/resource-kinds";

const stack = new WebForwardStack(Testing.app(), "web", {
  image: "img",
  subnet: "10.50.0",
  listenAddress: "192.0.2.80",
});
const json = JSON.parse(Testing.synth(stack));
const graph = buildStackGraph(parseSynthesizedStack(json, "web-forward"));

test("the ACL and the forward are nodes of their kinds on the Incus host", () => {
  const kinds = Object.fromEntries(graph.nodes.map((n) => [n.id, n.kind]));
  expect(kinds["incus_network_acl.web-acl"]).toBe("acl");
  const forward = Object.keys(kinds).find((id) => id.startsWith("incus_network_forward."));
  expect(forward && kinds[forward]).toBe("forward");
  expect(graph.nodes.find((n) => n.id === forward)?.host).toBe(
    graph.nodes.find((n) => n.id === "incus_network.net")?.host,
  );
});

test("edges: ACL → network, forward → network and forward → the instance at the target address", () => {
  const edges = graph.edges.map((e) => `${e.kind}: ${e.from} -> ${e.to}${e.label ? ` (${e.label})` : ""}`);
  const forward = graph.nodes.find((n) => n.kind === "forward")!.id;
  expect(edges).toEqual(
    expect.arrayContaining([
      "acl: incus_network_acl.web-acl -> incus_network.net",
      `network: ${forward} -> incus_network.net`,
      `forward: ${forward} -> incus_instance.web (8080→80)`,
    ]),
  );
  expect(renderMermaid(graph)).toContain("incus_network_acl");
  expect(renderDot(graph)).toContain("shape=cds");
});

test("the tooling knows the resource types", () => {
  expect(familyOf("incus_network_acl")).toBe("acl");
  expect(familyOf("incus_network_forward")).toBe("forward");
});

test("explain names a deleted network ACL and forward", () => {
  const acl = { name: "web-web-acl", remote: "local", description: "", config: {}, ingress: [], egress: [] };
  const forward = { network: "web-net", listen_address: "192.0.2.80", remote: "local", description: "", ports: [] };
  const report = explainPlan(
    planOf([
      change("incus_network_acl.web-acl", "delete", acl, null),
      change("incus_network_forward.f", "delete", forward, null),
    ]),
    parseSynthesizedStack(json, "web-forward"),
  );
  expect(report.deletions.map((d) => [d.address, d.description, d.dataDestroyed])).toEqual([
    ["incus_network_acl.web-acl", 'network ACL "web-web-acl"', false],
    ["incus_network_forward.f", 'network forward "192.0.2.80"', false],
  ]);
});
