// The stack graph in Graphviz DOT: one cluster per host, shapes per object kind, edge styles per coupling kind.
import type { GraphEdge, GraphNode, StackGraph } from "./graph-model";
import { edgeLabel, hostTitle } from "./render-mermaid";

const SHAPES: { readonly [kind in GraphNode["kind"]]: string } = {
  host: "box",
  pool: "folder",
  volume: "cylinder",
  instance: "box3d",
  network: "hexagon",
};

const STYLES: { readonly [kind in GraphEdge["kind"]]: string } = {
  contains: 'style=dotted, arrowhead=none',
  ephemeral: 'style=dashed, color="#c0392b"',
  persistent: 'style=solid, color="#1e8449"',
  shared: 'style=solid, color="#2471a3"',
  rebuildOnChange: 'style=bold, color="#7d3c98"',
  network: "style=solid, arrowhead=none",
  "root-disk": "style=dashed",
  backing: "style=dashed",
};

export function renderDot(graph: StackGraph, name = "cdktf_virt"): string {
  const lines = [`digraph ${quote(name)} {`, "  rankdir=LR;", '  node [fontname="Helvetica", fontsize=11];', '  edge [fontname="Helvetica", fontsize=9];'];
  const hosts = graph.nodes.filter((n) => n.kind === "host");
  hosts.forEach((host, index) => {
    lines.push(`  subgraph ${quote(`cluster_${index}`)} {`);
    lines.push(`    label=${quote(hostTitle(host))};`);
    for (const node of graph.nodes.filter((n) => n.host === host.id)) lines.push(`    ${nodeText(node)}`);
    lines.push("  }");
  });
  for (const node of graph.nodes.filter((n) => n.kind !== "host" && (n.host === undefined || !hosts.some((h) => h.id === n.host)))) {
    lines.push(`  ${nodeText(node)}`);
  }
  for (const edge of graph.edges) {
    const label = edgeLabel(edge);
    lines.push(`  ${quote(edge.from)} -> ${quote(edge.to)} [${label ? `label=${quote(label)}, ` : ""}${STYLES[edge.kind]}];`);
  }
  lines.push("}");
  return lines.join("\n") + "\n";
}

function nodeText(node: GraphNode): string {
  const label = [`${node.kind} ${node.label}`, ...(node.notes.length > 0 ? [node.notes.join(", ")] : [])].join("\n");
  const dashed = node.notes.includes("not managed by this stack") ? ", style=dashed" : "";
  return `${quote(node.id)} [label=${quote(label)}, shape=${SHAPES[node.kind]}${dashed}];`;
}

/** A DOT double-quoted string. */
function quote(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
}
