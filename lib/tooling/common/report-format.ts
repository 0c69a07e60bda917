// The report formats drift and explain print: text for a terminal or a pipeline log, Markdown for a pull-request
// comment, JSON for programs. --json is the same as --format json.
import { UsageError } from "./errors";

export const REPORT_FORMATS = ["text", "markdown", "json"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The format --format and --json ask for; a UsageError for an unknown one or a contradiction. */
export function reportFormat(command: string, format: string | undefined, json: boolean): ReportFormat {
  const chosen = format ?? (json ? "json" : "text");
  if (!(REPORT_FORMATS as readonly string[]).includes(chosen))
    throw new UsageError(`${command}: unknown --format "${chosen}"; use one of ${REPORT_FORMATS.join(", ")}`);
  if (json && chosen !== "json")
    throw new UsageError(`${command}: --json and --format ${chosen} contradict each other; give one`);
  return chosen as ReportFormat;
}
