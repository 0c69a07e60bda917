// The GitHub Actions job summary: a report appended as Markdown to the file GITHUB_STEP_SUMMARY names, so the job's
// summary page shows it. A file that cannot be written is a warning only: the report itself was printed.
import * as fs from "node:fs";
import * as path from "node:path";
import type { ToolIO } from "./io";

/** Appends `markdown` to the job summary when GITHUB_STEP_SUMMARY is set; `command` names who says so. */
export function appendJobSummary(command: string, markdown: string, io: ToolIO): void {
  const file = (io.env ?? process.env).GITHUB_STEP_SUMMARY;
  if (!file) return;
  try {
    fs.appendFileSync(path.resolve(io.cwd ?? process.cwd(), file), `${markdown}\n`);
    io.stderr.write(`${command}: added the report to the job summary (${file})\n`);
  } catch (err) {
    io.stderr.write(
      `${command}: warning: cannot append the report to GITHUB_STEP_SUMMARY (${file}): ${(err as Error).message}\n`,
    );
  }
}
