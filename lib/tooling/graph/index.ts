// graph: a synthesized stack and its lifecycle coupling as Mermaid, DOT, SVG or an HTML page.
export { main, GRAPH_USAGE } from "./main";
export type { GraphDependencies } from "./main";
export { buildStackGraph } from "./graph-model";
export type { StackGraph, GraphNode, GraphEdge, GraphNodeKind, GraphEdgeKind } from "./graph-model";
export { renderMermaid } from "./render-mermaid";
export { renderDot } from "./render-dot";
export { renderSvg } from "./render-svg";
export { renderHtml } from "./render-html";
