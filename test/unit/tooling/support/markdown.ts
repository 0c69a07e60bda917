// Markdown rendered by a real renderer: marked (a devDependency), the CommonMark + GitHub-flavoured parser many
// Markdown previews use. marked ships only as an ES module, which jest's CommonJS module system cannot load, so it
// runs in a child node process that reads the Markdown on stdin and prints its tokens and HTML as JSON.
import { spawnSync } from "node:child_process";

/** The parts of marked's tokens these tests look at. */
export interface MarkdownToken {
  readonly type: string;
  readonly depth?: number;
  readonly text?: string;
  readonly raw: string;
  readonly header?: readonly { readonly text: string }[];
  readonly rows?: readonly (readonly { readonly text: string }[])[];
  readonly items?: readonly { readonly text: string }[];
}

export interface RenderedMarkdown {
  readonly tokens: readonly MarkdownToken[];
  readonly html: string;
}

const SCRIPT = `
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
const require = createRequire(process.cwd() + "/");
const { marked } = await import(pathToFileURL(require.resolve("marked")).href);
let input = "";
for await (const chunk of process.stdin) input += chunk;
process.stdout.write(JSON.stringify({ tokens: marked.lexer(input, { gfm: true }), html: marked.parse(input, { gfm: true }) }));
`;

export function renderMarkdown(markdown: string): RenderedMarkdown {
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", SCRIPT], {
    input: markdown,
    encoding: "utf8",
    cwd: process.cwd(),
  });
  if (result.status !== 0) throw new Error(`marked failed (exit ${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout) as RenderedMarkdown;
}
