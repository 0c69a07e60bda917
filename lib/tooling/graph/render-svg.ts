// SVG from DOT with Graphviz compiled to WebAssembly (@viz-js/viz): no Graphviz installation needed. The module is
// loaded on first use only, so the other formats and commands never pay for the WebAssembly start-up.
import { ToolError } from "../common/errors";

/** The part of @viz-js/viz this uses (its CommonJS build: `require("@viz-js/viz")`). */
interface VizModule {
  instance(): Promise<{
    render(
      dot: string,
      options: { format: string },
    ): { status: "success" | "failure"; output?: string; errors: { level?: string; message: string }[] };
  }>;
}

let viz: ReturnType<VizModule["instance"]> | undefined;

/** Renders DOT to an SVG document. */
export async function renderSvg(dot: string): Promise<string> {
  const result = (await vizInstance()).render(dot, { format: "svg" });
  if (result.status !== "success" || result.output === undefined) {
    const errors = result.errors.map((e) => `${e.level ?? "error"}: ${e.message.trim()}`).join("; ");
    throw new ToolError(`Graphviz could not lay out the graph: ${errors || "no output"}`);
  }
  return result.output;
}

function vizInstance(): ReturnType<VizModule["instance"]> {
  if (viz === undefined) {
    let module: VizModule;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use; missing, it is explained
      module = require("@viz-js/viz") as VizModule;
    } catch (err) {
      throw new ToolError(
        `graph --format svg/html needs the npm package @viz-js/viz, a dependency of cdktf-virt that is missing here ` +
          `(${
            (err as Error).message.split("\n")[0]
          }). Reinstall cdktf-virt (npm ci), or use --format mermaid or --format dot.`,
      );
    }
    viz = module.instance();
  }
  return viz;
}
