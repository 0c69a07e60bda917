// The stack graph as a Mermaid flowchart: one subgraph per host, a shape per object kind, an arrow style per edge
// kind (dashed for ephemeral, solid for persistent and shared, thick for rebuildOnChange).
import type { GraphEdge, GraphNode, StackGraph } from "./graph-model";

const SHAPES: { readonly [kind in GraphNode["kind"]]: [string, string] } = {
  host: ["[", "]"],
  pool: ["[/", "/]"],
  volume: ["[(", ")]"],
  instance: ["[", "]"],
  network: ["{{", "}}"],
  acl: ["[\\", "/]"],
  forward: [">", "]"],
  zone: ["[", "]"],
  bucket: ["[(", ")]"],
  project: ["[", "]"],
  snapshot: ["[[", "]]"],
  released: ["[(", ")]"],
};

const ARROWS: { readonly [kind in GraphEdge["kind"]]: string } = {
  contains: "-.-",
  ephemeral: "-.->",
  persistent: "-->",
  shared: "-->",
  rebuildOnChange: "==>",
  network: "---",
  acl: "-.->",
  forward: "-->",
  "root-disk": "-.->",
  backing: "-.->",
  snapshot: "-.->",
  "final-copy": "-.->",
  "rebuild-snapshots": "-.->",
  released: "-.->",
  adopts: "==>",
};

export function renderMermaid(graph: StackGraph): string {
  const ids = mermaidIds(graph.nodes);
  const lines = ["flowchart LR"];
  const hosts = graph.nodes.filter((n) => n.kind === "host");
  const projects = graph.nodes.filter((n) => n.kind === "project");
  for (const host of hosts) {
    lines.push(`  subgraph ${ids.get(host.id)}["${escape(hostTitle(host))}"]`);
    for (const project of projects.filter((p) => p.host === host.id)) {
      lines.push(`    subgraph ${ids.get(project.id)}["project ${escape(project.label)}"]`);
      for (const node of graph.nodes.filter((n) => n.project === project.id))
        lines.push(`      ${nodeText(node, ids)}`);
      lines.push("    end");
    }
    for (const node of graph.nodes.filter((n) => n.host === host.id && n.kind !== "project" && n.project === undefined))
      lines.push(`    ${nodeText(node, ids)}`);
    lines.push("  end");
  }
  const placed = (n: GraphNode) =>
    n.kind === "host" || n.kind === "project" || n.project !== undefined || hosts.some((h) => h.id === n.host);
  for (const node of graph.nodes.filter((n) => !placed(n))) {
    lines.push(`  ${nodeText(node, ids)}`);
  }
  for (const edge of graph.edges) {
    const label = edgeLabel(edge);
    lines.push(
      `  ${ids.get(edge.from)} ${ARROWS[edge.kind]}${label ? `|"${escape(label)}"|` : ""} ${ids.get(edge.to)}`,
    );
  }
  return lines.join("\n") + "\n";
}

/** "persistent /var/lib/postgresql", "rebuildOnChange", "final copy on removal", "" for containment. */
export function edgeLabel(edge: GraphEdge): string {
  switch (edge.kind) {
    case "contains":
    case "snapshot":
      return "";
    case "root-disk":
      return "root disk";
    case "final-copy":
      return "final copy on removal";
    case "released":
      return "released on removal";
    case "adopts":
      return "adopted on create";
    case "rebuild-snapshots":
      return edge.label ? `snapshots ${edge.label}` : "snapshots before a rebuild";
    default:
      return edge.label ? `${edge.kind} ${edge.label}` : edge.kind;
  }
}

export function hostTitle(host: GraphNode): string {
  return host.notes.length > 0 ? `${host.label} (${host.notes.join(", ")})` : host.label;
}

function nodeText(node: GraphNode, ids: Map<string, string>): string {
  const [open, close] = SHAPES[node.kind];
  const facts = [...node.notes, ...(shownPolicy(node) ? [`removal: ${node.removalPolicy}`] : [])];
  const notes = facts.length > 0 ? `<br/>${facts.join(", ")}` : "";
  return `${ids.get(node.id)}${open}"${node.kind} ${escape(node.label)}${escape(notes, true)}"${close}`;
}

/** The removal policy is worth a word unless it is the plain delete, or "protect" already said as "protected". */
function shownPolicy(node: GraphNode): boolean {
  return (
    node.removalPolicy !== undefined &&
    node.removalPolicy !== "destroy" &&
    !(node.removalPolicy === "protect" && node.notes.includes("protected"))
  );
}

/** Readable, unique Mermaid ids derived from the node ids. */
function mermaidIds(nodes: readonly GraphNode[]): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  for (const node of nodes) {
    const base = `n_${node.id.replace(/[^A-Za-z0-9_]+/g, "_")}`;
    let id = base;
    for (let i = 2; used.has(id); i++) id = `${base}_${i}`;
    used.add(id);
    ids.set(node.id, id);
  }
  return ids;
}

/** Mermaid label text: quotes become #quot; (markup we add ourselves, like <br/>, is kept). */
function escape(text: string, keepMarkup = false): string {
  const quoted = text.replace(/"/g, "#quot;");
  return keepMarkup ? quoted : quoted.replace(/</g, "#lt;").replace(/>/g, "#gt;");
}
