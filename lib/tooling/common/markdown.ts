// GitHub-flavoured Markdown pieces the reports share (drift and explain as pull-request comments and Actions job
// summaries): code spans and fenced blocks that survive backticks, table cells, text that must not turn into markup.

/** An inline code span that survives backticks in the text. */
export function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = "`".repeat(longest + 1);
  const pad = longest > 0 || text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** A fenced code block whose fence is longer than any run of backticks in the text. */
export function fenced(text: string, language: string): string[] {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return [`${fence}${language}`, text, fence];
}

/** Table cell content: one line, pipes escaped (GitHub reads \| as a pipe, even inside code spans). */
export function cell(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");
}

/** Plain text that must not turn into markup (emphasis, HTML, links). */
export function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A collapsible block: a one-line summary, then the body (Markdown, separated by blank lines so it renders). */
export function collapsible(summary: string, body: readonly string[]): string[] {
  return ["<details>", `<summary>${escapeHtml(summary)}</summary>`, "", ...body, "", "</details>"];
}
