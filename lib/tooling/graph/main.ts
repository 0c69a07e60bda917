// `cdktf-virt graph [STACK]`: draws a synthesized stack with its lifecycle coupling, as Mermaid, DOT, SVG or an HTML page.
import * as fs from "node:fs";
import * as path from "node:path";
import { parseCommandArgs } from "../common/args";
import { reportError, UsageError } from "../common/errors";
import { EXIT_OK } from "../common/io";
import type { ToolIO } from "../common/io";
import { refuseStaleStack } from "../stack/staleness";
import { locateStackDir, readSynthesizedStack, STACK_FILE } from "../stack/synthesized-stack";
import { buildStackGraph } from "./graph-model";
import { renderDot } from "./render-dot";
import { renderMermaid } from "./render-mermaid";
import { renderHtml } from "./render-html";
import { renderSvg } from "./render-svg";

export const GRAPH_USAGE = `Usage: cdktf-virt graph [STACK] [options]

Draws the hosts, projects, pools, volumes, instances and networks of a synthesized stack, how volumes are coupled
to instances (ephemeral, persistent, shared, rebuildOnChange), each volume's removal policy, and what volumes
leave behind: final copies, released volumes, snapshots taken before a rebuild.

STACK is a cdk.tf.json, a stack directory (cdktf.out/stacks/<name>) or a cdktf app directory (default: the
current directory).

Options:
  --format FORMAT    mermaid (default), dot, svg, html (one page with the picture and a legend) or json;
                     svg and html need no Graphviz installation
  --output FILE      write to FILE instead of standard output
  --stack NAME       the stack to draw in an app directory with several stacks
  --allow-stale      use a synthesized stack older than the app's sources (refused by default:
                     run \`cdktf synth\` first)
  -h, --help         show this help
`;

const FORMATS = ["mermaid", "dot", "svg", "html", "json"] as const;
type GraphFormat = (typeof FORMATS)[number];

/** Kept for callers of earlier versions: SVG is laid out in-process now, so there is nothing to substitute. */
export type GraphDependencies = { readonly [key: string]: never };

export async function main(argv: string[], io: ToolIO, _deps: GraphDependencies = {}): Promise<number> {
  try {
    const args = parseCommandArgs(
      "graph",
      argv,
      {
        format: { type: "string" },
        output: { type: "string" },
        stack: { type: "string" },
        "allow-stale": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      1,
    );
    if (args.flags.help) {
      io.stdout.write(GRAPH_USAGE);
      return EXIT_OK;
    }
    const format = (args.values.format ?? "mermaid") as GraphFormat;
    if (!FORMATS.includes(format))
      throw new UsageError(`graph: unknown --format "${format}"; use one of ${FORMATS.join(", ")}`);
    const cwd = io.cwd ?? process.cwd();
    const target = path.resolve(cwd, args.positionals[0] ?? ".");
    const file =
      target.endsWith(".json") && fs.existsSync(target)
        ? target
        : path.join(locateStackDir(target, args.values.stack), STACK_FILE);
    refuseStaleStack(file, "graph", args.flags["allow-stale"]);
    const stack = readSynthesizedStack(file);
    const graph = buildStackGraph(stack);
    const name = path.basename(path.dirname(file));
    const text = await render(graph, format, name);
    if (args.values.output !== undefined) {
      const output = path.resolve(cwd, args.values.output);
      fs.writeFileSync(output, text);
      io.stderr.write(`graph: wrote ${format} for ${file} to ${output}\n`);
    } else {
      io.stdout.write(text);
    }
    return EXIT_OK;
  } catch (err) {
    return reportError(err, io, GRAPH_USAGE);
  }
}

async function render(graph: ReturnType<typeof buildStackGraph>, format: GraphFormat, name: string): Promise<string> {
  switch (format) {
    case "json":
      return `${JSON.stringify(graph, null, 2)}\n`;
    case "dot":
      return renderDot(graph, name);
    case "svg":
      return renderSvg(renderDot(graph, name));
    case "html":
      return renderHtml(graph, await renderSvg(renderDot(graph, name)), name);
    default:
      return renderMermaid(graph);
  }
}
