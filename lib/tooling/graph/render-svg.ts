// SVG through Graphviz: the DOT text piped into `dot -Tsvg`. Graphviz is optional; its absence is a clear error.
import { ToolError } from "../common/errors";
import { runCommand } from "../common/process";

/** Renders DOT to SVG with the `dot` executable (or `dotBinary`). */
export async function renderSvg(dot: string, dotBinary = "dot", timeoutMs = 60_000): Promise<string> {
  const result = await runCommand(dotBinary, ["-Tsvg"], { input: dot, timeoutMs });
  switch (result.kind) {
    case "missing":
      throw new ToolError(
        `graph --format svg needs Graphviz, but "${dotBinary}" was not found on PATH. Install Graphviz ` +
          `(Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz), or use --format mermaid or ` +
          `--format dot and render it elsewhere.`,
      );
    case "failed-to-start":
      throw new ToolError(`cannot run ${dotBinary}: ${result.message}`);
    case "timeout":
      throw new ToolError(`${dotBinary} -Tsvg did not finish within ${Math.round(timeoutMs / 1000)} s`);
    default:
      if (result.code !== 0) throw new ToolError(`${dotBinary} -Tsvg failed (exit ${result.code}): ${result.stderr.trim()}`);
      return result.stdout;
  }
}
