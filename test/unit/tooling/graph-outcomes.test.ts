// graph on a stack built with the constructs: Incus objects in their project, every volume's lifecycle and removal
// policy, and what volumes leave behind (final copies, released volumes, snapshots before a rebuild, an adopted
// released volume, a managed snapshot), in the model, in DOT and as SVG laid out without a Graphviz installation.
import { buildStackGraph, parseSynthesizedStack, renderDot, renderMermaid, renderSvg } from "../../../lib/tooling";
import type { StackGraph } from "../../../lib/tooling";
import { newStack, synthWithComments } from "../constructs/support";
import { graphApp } from "./support/graph-stack";

function graphOf(): StackGraph {
  const stack = newStack();
  graphApp(stack);
  return buildStackGraph(parseSynthesizedStack(synthWithComments(stack), "graph stack"));
}

const graph = graphOf();
const node = (id: string) => {
  const found = graph.nodes.find((n) => n.id === id);
  if (found === undefined) throw new Error(`no node ${id}; have ${graph.nodes.map((n) => n.id).join(", ")}`);
  return found;
};
const edgesOf = (kind: string) =>
  graph.edges.filter((e) => e.kind === kind).map((e) => `${e.from} -> ${e.to}${e.label ? ` (${e.label})` : ""}`);

describe("graph of projects, removal policies and what volumes leave behind", () => {
  test("Incus objects sit in their project; the pool and libvirt objects do not", () => {
    expect(node("incus_project.apps")).toMatchObject({ kind: "project", label: "gr-apps", host: "host:incus:lab" });
    for (const id of ["incus_storage_volume.pgdata", "incus_instance.db", "incus_instance.web"])
      expect(node(id).project).toBe("incus_project.apps");
    expect(node("incus_storage_pool.pool").project).toBeUndefined();
    expect(node("libvirt_volume.vmdata").project).toBeUndefined();
  });

  test("volumes carry lifecycle and removal policy as recorded", () => {
    const facts = (id: string) => [node(id).lifecycle, node(id).removalPolicy];
    expect(facts("incus_storage_volume.pgdata")).toEqual(["persistent", "snapshot"]);
    expect(facts("incus_storage_volume.logs")).toEqual(["persistent", "retain"]);
    expect(facts("incus_storage_volume.media")).toEqual(["shared", "protect"]);
    expect(facts("incus_storage_volume.scratch")).toEqual(["ephemeral", "destroy"]);
    expect(facts("incus_storage_volume.cache")).toEqual(["persistent", "destroy"]);
    expect(facts("libvirt_volume.vmdata")).toEqual(["persistent", "retain"]);
    expect(facts("libvirt_volume.debian")).toEqual(["persistent", "protect"]);
  });

  test("kept copies, released volumes and snapshots before a rebuild point from their volume", () => {
    expect(edgesOf("final-copy")).toEqual(["incus_storage_volume.pgdata -> final-copy:incus_storage_volume.pgdata"]);
    expect(node("final-copy:incus_storage_volume.pgdata")).toMatchObject({
      kind: "snapshot",
      label: "gr-pgdata-final-<time>",
      project: "incus_project.apps",
    });
    expect(edgesOf("released")).toEqual([
      "incus_storage_volume.logs -> released:incus_storage_volume.logs",
      "libvirt_volume.vmdata -> released:libvirt_volume.vmdata",
    ]);
    expect(edgesOf("rebuild-snapshots")).toEqual([
      "incus_storage_volume.pgdata -> rebuild-snapshots:incus_storage_volume.pgdata:incus_instance.db (before gr-db is rebuilt)",
      // libvirt: read from the domain's metadata.
      "libvirt_volume.vmdata -> rebuild-snapshots:libvirt_volume.vmdata:libvirt_domain.vm (before gr-vm is rebuilt)",
    ]);
    expect(node("rebuild-snapshots:libvirt_volume.vmdata:libvirt_domain.vm")).toMatchObject({
      label: "rebuild-gr-vm-<time>",
      notes: ["snapshots before a rebuild, the last 4 kept"],
    });
    expect(node("rebuild-snapshots:incus_storage_volume.pgdata:incus_instance.db").notes).toEqual([
      "snapshots before a rebuild, the last 2 kept",
    ]);
    expect(edgesOf("adopts")).toEqual(["adopted:incus_storage_volume.logs -> incus_storage_volume.logs"]);
    expect(edgesOf("snapshot")).toEqual([
      "incus_storage_volume.pgdata -> incus_storage_volume_snapshot.pgdata-before-upgrade",
    ]);
    expect(node("incus_storage_volume_snapshot.pgdata-before-upgrade").label).toBe("gr-pgdata/before-upgrade");
  });

  test("DOT nests the project cluster in its host and draws policy borders and lifecycle fills", () => {
    const dot = renderDot(graph, "homelab");
    expect(dot).toMatch(/subgraph "cluster_0" \{[\s\S]*subgraph "cluster_0_0" \{\n {6}label="project gr-apps";/);
    expect(dot).toContain(
      '"incus_storage_volume.logs" [label="volume gr-logs\\npersistent\\nremoval: retain", shape=cylinder, style="filled,solid", fillcolor="#d5f5e3", color="#d35400", penwidth=3];',
    );
    expect(dot).toContain(
      '"incus_storage_volume.scratch" [label="volume gr-scratch\\nephemeral\\nremoval: destroy", shape=cylinder, style="filled,solid", fillcolor="#fadbd8", color="#7b7d7d", penwidth=1];',
    );
  });

  test("Mermaid nests the project in its host and names the policy and what is kept", () => {
    const text = renderMermaid(graph);
    expect(text).toMatch(
      /^ {2}subgraph n_host_incus_lab\[[^\n]*\n {4}subgraph n_incus_project_apps\["project gr-apps"\]\n/m,
    );
    expect(text).toContain('n_incus_storage_volume_logs[("volume gr-logs<br/>persistent, removal: retain")]');
    expect(text).toContain(
      'n_incus_storage_volume_pgdata -.->|"final copy on removal"| n_final_copy_incus_storage_volume_pgdata',
    );
    expect(text).toContain('n_adopted_incus_storage_volume_logs ==>|"adopted on create"| n_incus_storage_volume_logs');
  });

  test("SVG is laid out in-process: every object's name is a text element", async () => {
    const svg = await renderSvg(renderDot(graph, "homelab"));
    expect(svg).toMatch(/^<\?xml[\s\S]*<svg [\s\S]*<\/svg>\s*$/);
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => decodeEntities(m[1]));
    for (const name of [
      "gr-pgdata",
      "gr-logs",
      "gr-media",
      "gr-scratch",
      "gr-cache",
      "gr-db",
      "gr-web",
      "gr-vm",
      "gr-pool",
      "gr-images",
    ]) {
      expect([name, texts.some((t) => t.includes(name))]).toEqual([name, true]);
    }
    expect(texts).toContain("removal: snapshot");
    expect(texts).toContain("project gr-apps");
  });
});

/** Graphviz writes "-" as "&#45;" and escapes markup characters. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}
