// The drift report as GitHub-flavoured Markdown, for a pull-request comment or the Actions job summary: a heading and
// a summary line, then per drifted object a table of what changed (before / after). Values too long for a table cell
// go into a collapsible <details> block below the table, in full.
import { capitalize, cell, code, collapsible, escapeText, fenced } from "../common/markdown";
import type { DriftChange, DriftFinding, DriftReport } from "./findings";
import {
  DEPLOY_ADVICE,
  deletedConsequence,
  describeObject,
  driftSummary,
  nothingDeployedSentence,
  noDriftSentence,
  runtimeSentence,
} from "./render-text";

/** Values longer than this (or on several lines) are shown in a <details> block instead of the table cell. */
const CELL_LIMIT = 60;

export function renderDriftMarkdown(report: DriftReport): string {
  const out: string[] = [`## cdktf-virt drift${report.stack !== undefined ? `: stack ${code(report.stack)}` : ""}`, ""];
  if (report.summary.checked === 0) {
    out.push(nothingDeployedSentence(report));
  } else if (!report.drifted) {
    out.push(`**No drift**: ${noDriftSentence(report)}.`);
  } else {
    out.push(`**Drift**: ${driftSummary(report)}.`);
    for (const finding of report.findings) out.push("", ...findingBlock(finding));
    out.push("", DEPLOY_ADVICE);
  }
  if (report.runtimeChanges.length > 0) out.push("", runtimeSentence(report, code));
  return `${out.join("\n")}\n`;
}

function findingBlock(finding: DriftFinding): string[] {
  const title = `### ${code(finding.address)}: ${escapeText(describeObject(finding))} ${
    finding.action === "deleted" ? "deleted outside the code" : "changed"
  }`;
  const out = [title, ""];
  if (finding.constructPath !== undefined) out.push(`Construct: ${code(finding.constructPath)}`, "");
  if (finding.action === "deleted") {
    const consequence = deletedConsequence(finding);
    out.push(
      `**Deleted outside the code.**${consequence !== undefined ? ` ${escapeText(capitalize(consequence))}.` : ""}`,
    );
    return out;
  }
  const details: string[] = [];
  out.push("| What | Before | After |", "| --- | --- | --- |");
  for (const change of finding.changes) {
    const [before, after] = sides(change);
    const side = (value: string | undefined) =>
      value !== undefined && isLong(value) ? "_in full below_" : valueCell(value, change);
    if ([before, after].some((v) => v !== undefined && isLong(v))) details.push(...detailsBlock(change, before, after));
    out.push(`| ${cell(what(change))} | ${side(before)} | ${side(after)} |`);
  }
  const sentences = finding.changes.filter((c) => c.kind === "power").map((c) => `- ${escapeText(c.text)}`);
  if (sentences.length > 0) out.push("", ...sentences);
  if (details.length > 0) out.push("", ...details);
  return out;
}

/** The two sides of a change as text (undefined: absent). Sensitive values are never shown. */
function sides(change: DriftChange): [string | undefined, string | undefined] {
  if (change.kind === "power") {
    return [
      change.before ? "running" : "stopped",
      `${change.after ? "running" : "stopped"}${change.statusAfter !== undefined ? ` (${change.statusAfter})` : ""}`,
    ];
  }
  if (change.sensitive) return ["(sensitive)", "(sensitive)"];
  const show = (value: unknown) =>
    value === undefined || value === null
      ? undefined
      : typeof value === "string"
        ? value
        : JSON.stringify(value, null, 2);
  return [show(change.before), show(change.after)];
}

function what(change: DriftChange): string {
  if (change.kind === "power") return "power state";
  if (change.kind === "config") return `config key ${code(change.key)}`;
  return code(change.path);
}

function valueCell(value: string | undefined, change: DriftChange): string {
  if (value === undefined) return "_(none)_";
  return change.kind === "power" || change.sensitive ? escapeText(value) : cell(code(value));
}

function isLong(value: string): boolean {
  return value.length > CELL_LIMIT || value.includes("\n");
}

/** A collapsible block with both values in full, in fenced code blocks. */
function detailsBlock(change: DriftChange, before: string | undefined, after: string | undefined): string[] {
  const json =
    change.kind === "attribute" && [change.before, change.after].some((v) => typeof v === "object" && v !== null);
  const block = (label: string, value: string | undefined) =>
    value === undefined ? [`${label}: _(none)_`] : [`${label}:`, "", ...fenced(value, json ? "json" : "")];
  return collapsible(`${change.path}: before and after`, [...block("Before", before), "", ...block("After", after)]);
}
