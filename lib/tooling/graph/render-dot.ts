// The stack graph in Graphviz DOT: a cluster per host and, inside it, per Incus project; shapes per object kind, a
// fill per volume lifecycle, a border per removal policy and a line per edge kind (graph-style.ts).
import type { GraphEdge, GraphNode, StackGraph } from "./graph-model";
import { dotLineStyle, EDGE_STYLES, LIFECYCLE_FILLS, NODE_STYLES, REMOVAL_BORDERS } from "./graph-style";
import { edgeLabel, hostTitle } from "./render-mermaid";

export function renderDot(graph: StackGraph, name = "cdktf_virt"): string {
  const lines = [
    `digraph ${quote(name)} {`,
    "  rankdir=LR;",
    '  graph [fontname="Helvetica", fontsize=12];',
    '  node [fontname="Helvetica", fontsize=11, style=filled];',
    '  edge [fontname="Helvetica", fontsize=9];',
  ];
  const hosts = graph.nodes.filter((n) => n.kind === "host");
  const projects = graph.nodes.filter((n) => n.kind === "project");
  const inCluster = (node: GraphNode, host: string) =>
    node.host === host && node.kind !== "project" && node.project === undefined;
  hosts.forEach((host, index) => {
    const style = NODE_STYLES.host;
    lines.push(`  subgraph ${quote(`cluster_${index}`)} {`);
    lines.push(
      `    label=${quote(hostTitle(host))}; style=filled; fillcolor=${quote(style.fill)}; color=${quote(
        style.border,
      )};`,
    );
    projects
      .filter((p) => p.host === host.id)
      .forEach((project, p) => {
        const ps = NODE_STYLES.project;
        lines.push(`    subgraph ${quote(`cluster_${index}_${p}`)} {`);
        lines.push(
          `      label=${quote(projectTitle(project))}; style="filled,dashed"; fillcolor=${quote(
            ps.fill,
          )}; color=${quote(ps.border)};`,
        );
        for (const node of graph.nodes.filter((n) => n.project === project.id)) lines.push(`      ${nodeText(node)}`);
        lines.push("    }");
      });
    for (const node of graph.nodes.filter((n) => inCluster(n, host.id))) lines.push(`    ${nodeText(node)}`);
    lines.push("  }");
  });
  const placed = (n: GraphNode) =>
    n.kind === "host" || n.kind === "project" || n.project !== undefined || hosts.some((h) => h.id === n.host);
  for (const node of graph.nodes.filter((n) => !placed(n))) lines.push(`  ${nodeText(node)}`);
  for (const edge of graph.edges) lines.push(`  ${quote(edge.from)} -> ${quote(edge.to)} [${edgeAttributes(edge)}];`);
  lines.push("}");
  return lines.join("\n") + "\n";
}

/** "project apps" (and "not managed by this stack" for a project only named). */
function projectTitle(project: GraphNode): string {
  return [`project ${project.label}`, ...project.notes].join("\n");
}

function edgeAttributes(edge: GraphEdge): string {
  const style = EDGE_STYLES[edge.kind];
  const label = edgeLabel(edge);
  return [
    ...(label ? [`label=${quote(label)}`] : []),
    `style=${dotLineStyle(style.line)}`,
    `color=${quote(style.color)}`,
    ...(style.arrow ? [] : ["arrowhead=none"]),
  ].join(", ");
}

/** The text lines of a node: what it is, its facts, and for volumes the removal policy. */
export function nodeLines(node: GraphNode): string[] {
  const removal = node.removalPolicy !== undefined ? [`removal: ${node.removalPolicy}`] : [];
  return [`${node.kind} ${node.label}`, ...(node.notes.length > 0 ? [node.notes.join(", ")] : []), ...removal];
}

function nodeText(node: GraphNode): string {
  const style = NODE_STYLES[node.kind];
  const unmanaged = node.notes.includes("not managed by this stack");
  const fill = node.lifecycle !== undefined ? LIFECYCLE_FILLS[node.lifecycle].fill : style.fill;
  const border =
    node.removalPolicy !== undefined
      ? REMOVAL_BORDERS[node.removalPolicy]
      : { color: style.border, width: 1, line: style.line };
  const line = unmanaged ? "dashed" : border.line;
  return (
    `${quote(node.id)} [label=${quote(nodeLines(node).join("\n"))}, shape=${style.shape}, ` +
    `style="filled,${dotLineStyle(line)}", fillcolor=${quote(fill)}, color=${quote(border.color)}, penwidth=${
      border.width
    }];`
  );
}

/** A DOT double-quoted string. */
function quote(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
}
