// One self-contained HTML page a user opens in a browser: the stack's picture as inline SVG and a legend that says
// what each shape, fill, border and line means. No scripts, no external files, nothing fetched. The picture is
// scaled to the window's width, so nothing is cut off; the browser's zoom enlarges it.
import type { StackGraph } from "./graph-model";
import { EDGE_STYLES, LIFECYCLE_FILLS, NODE_STYLES, REMOVAL_BORDERS } from "./graph-style";
import type { LineStyle } from "./graph-style";

/** The page for `svg` (a document from renderSvg) of the stack `name`. */
export function renderHtml(graph: StackGraph, svg: string, name: string): string {
  const counts = (["host", "project", "pool", "volume", "instance"] as const)
    .map(
      (kind) =>
        [
          kind,
          graph.nodes.filter((n) => n.kind === kind && !n.notes.includes("not managed by this stack")).length,
        ] as const,
    )
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}${count === 1 ? "" : "s"}`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(name)}: cdktf-virt graph</title>
<style>
body { font-family: Helvetica, Arial, sans-serif; margin: 1.5rem; color: #17202a; }
h1 { font-size: 1.3rem; margin: 0 0 .3rem; }
p.summary { margin: 0 0 1rem; color: #515a5a; }
figure.graph { margin: 0; border: 1px solid #d5d8dc; padding: .5rem; }
figure.graph svg { max-width: 100%; height: auto; }
section.legend { margin-top: 1.5rem; display: flex; flex-wrap: wrap; gap: 1.5rem; }
section.legend h2 { font-size: 1rem; margin: 0 0 .4rem; }
section.legend table { border-collapse: collapse; }
section.legend td { padding: .15rem .5rem .15rem 0; vertical-align: middle; font-size: .9rem; }
</style>
</head>
<body>
<h1>Stack ${escape(name)}</h1>
<p class="summary">${escape(
    counts.join(", ") || "no objects",
  )}. Made by <code>cdktf-virt graph --format html</code>.</p>
<figure class="graph">
${inlineSvg(svg)}
</figure>
<section class="legend" aria-label="Legend">
${legendTable(
  "Objects",
  Object.values(NODE_STYLES).map((s) => [shapeSwatch(s.fill, s.border, 1, s.line, s.shape), s.meaning]),
)}
${legendTable(
  "Volume fill: lifecycle",
  Object.values(LIFECYCLE_FILLS).map((s) => [
    shapeSwatch(s.fill, NODE_STYLES.volume.border, 1, "solid", "cylinder"),
    s.meaning,
  ]),
)}
${legendTable(
  "Volume border: removal policy",
  Object.values(REMOVAL_BORDERS).map((s) => [shapeSwatch("#ffffff", s.color, s.width, s.line, "cylinder"), s.meaning]),
)}
${legendTable(
  "Lines",
  Object.values(EDGE_STYLES).map((s) => [lineSwatch(s.color, s.line, s.arrow), s.meaning]),
)}
</section>
</body>
</html>
`;
}

/** The SVG element alone: the XML declaration and DOCTYPE belong to a standalone file, not inside HTML. */
function inlineSvg(svg: string): string {
  const start = svg.indexOf("<svg");
  return (start >= 0 ? svg.slice(start) : svg).trim();
}

function legendTable(title: string, rows: [string, string][]): string {
  const body = rows.map(([swatch, meaning]) => `<tr><td>${swatch}</td><td>${escape(meaning)}</td></tr>`).join("\n");
  return `<div><h2>${escape(title)}</h2><table>\n${body}\n</table></div>`;
}

function dash(line: LineStyle, width: number): string {
  if (line === "dashed") return ` stroke-dasharray="${4 * width} ${3 * width}"`;
  if (line === "dotted") return ` stroke-dasharray="1 ${3 * width}"`;
  return "";
}

/** A small drawing of a node: a cylinder for volumes, a rectangle for everything else. */
function shapeSwatch(fill: string, border: string, width: number, line: LineStyle, shape: string): string {
  const stroke = `fill="${fill}" stroke="${border}" stroke-width="${line === "bold" ? width * 2 : width}"${dash(
    line,
    1,
  )}`;
  const body =
    shape === "cylinder"
      ? `<path d="M6 6 v12 a10 3 0 0 0 20 0 v-12" ${stroke}/><ellipse cx="16" cy="6" rx="10" ry="3" ${stroke}/>`
      : `<rect x="3" y="4" width="26" height="16" rx="${shape === "box" ? 0 : 2}" ${stroke}/>`;
  return `<svg width="32" height="24" viewBox="0 0 32 24" aria-hidden="true">${body}</svg>`;
}

function lineSwatch(color: string, line: LineStyle, arrow: boolean): string {
  const head = arrow ? `<path d="M34 6 l6 4 l-6 4 z" fill="${color}"/>` : "";
  return `<svg width="42" height="20" viewBox="0 0 42 20" aria-hidden="true"><line x1="2" y1="10" x2="${
    arrow ? 34 : 40
  }" y2="10" stroke="${color}" stroke-width="${line === "bold" ? 3 : 1.5}"${dash(line, 1)}/>${head}</svg>`;
}

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
