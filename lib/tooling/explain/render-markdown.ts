// The explain report as GitHub-flavoured Markdown, for a pull-request comment or the Actions job summary: a heading
// and the summary line (and the guard's verdict), the instances replaced or deleted with why and what happens to the
// data of each of their volumes, the volumes that change on their own and their data; the rest (instances created or
// updated, other changes, the list of deletions) in collapsible <details> blocks.
import { cell, code, collapsible, escapeText } from "../common/markdown";
import type { Cause } from "./changes";
import type { GuardResult } from "./guard";
import type { ExplainReport, InstanceReport, VolumeReport } from "./report";
import { ACTION_WORDS, changedVolumes, DATA_WORDS, deletionNotes, removalSentences, summaryLine } from "./render-text";

export interface ExplainMarkdownOptions {
  /** The stack's name, for the heading. */
  readonly stack?: string;
  /** The verdict of --guard, when it was asked for. */
  readonly guard?: GuardResult;
}

export function renderExplainMarkdown(report: ExplainReport, options: ExplainMarkdownOptions = {}): string {
  const out: string[] = [
    `## cdktf-virt explain${options.stack !== undefined ? `: stack ${code(options.stack)}` : ""}`,
    "",
  ];
  out.push(escapeText(summaryLine(report)).replace(/^([^:]+):/, "**$1**:")); // "**Plan**: …", "**No changes**: …"
  if (options.guard !== undefined) out.push("", ...guardLines(options.guard));
  if (!report.complete)
    out.push("", "**Incomplete plan**: terraform reported errors while planning, so this is not the whole story.");

  const rebuilt = report.instances.filter((i) => i.action === "replace" || i.action === "delete");
  if (rebuilt.length > 0) {
    out.push("", "### Instances replaced or deleted");
    for (const instance of rebuilt) out.push("", ...instanceBlock(instance));
  }
  const volumes = changedVolumes(report);
  if (volumes.length > 0) {
    out.push("", "### Volumes", "");
    for (const volume of volumes) out.push(...volumeItem(volume));
  }
  if (report.warnings.length > 0) {
    out.push("", "### Warnings", "", ...report.warnings.map((w) => `- ${escapeText(w)}`));
  }

  const changed = report.instances.filter((i) => !rebuilt.includes(i) && i.action !== "no-op" && i.action !== "read");
  if (changed.length > 0) {
    const items = changed.flatMap((i) => [
      `- ${code(i.address)}: instance "${escapeText(i.name)}" ${ACTION_WORDS[i.action]}`,
      ...causeItems(i.causes, "  "),
    ]);
    out.push("", ...collapsible(`Instances created or updated (${changed.length})`, items));
  }
  if (report.others.length > 0) {
    const items = report.others.flatMap((o) => [
      `- ${code(o.address)} ${ACTION_WORDS[o.action]}`,
      ...causeItems(o.causes, "  "),
    ]);
    out.push("", ...collapsible(`Other changes (${report.others.length})`, items));
  }
  if (report.deletions.length > 0) {
    const items = report.deletions.map((d) => {
      const notes = deletionNotes(d);
      return `- ${code(d.address)}: ${escapeText(d.description)}${
        notes.length > 0 ? ` (${escapeText(notes.join("; "))})` : ""
      }`;
    });
    out.push("", ...collapsible(`Would be deleted (${report.deletions.length})`, items));
  }
  return `${out.join("\n")}\n`;
}

function guardLines(guard: GuardResult): string[] {
  if (guard.passed)
    return [
      "**Guard: passed.** No persistent or shared volume loses its data and no protected instance is destroyed or replaced.",
    ];
  const lines = ["**Guard: refused.** The plan would destroy data or protected objects:", ""];
  for (const o of guard.offenders)
    lines.push(`- ${code(o.address)}: ${escapeText(o.description)} (${o.action}): ${escapeText(o.why)}`);
  if (guard.incompletePlan) lines.push("- the plan is incomplete (terraform reported errors)");
  return lines;
}

function instanceBlock(instance: InstanceReport): string[] {
  const flags = instance.protected ? ` (protected: ${escapeText(instance.protectionSource ?? "yes")})` : "";
  const out = [
    `#### ${code(instance.address)}: instance "${escapeText(instance.name)}" ${ACTION_WORDS[instance.action]}${flags}`,
    "",
  ];
  const why = causeItems(instance.causes, "");
  if (why.length > 0) out.push("Why:", "", ...why);
  if (instance.volumes.length > 0) {
    out.push("", "| Volume | Kind | Path | What happens to its data |", "| --- | --- | --- | --- |");
    for (const v of instance.volumes) {
      const rebuild = v.rebuildOnChange ? ", rebuildOnChange" : "";
      out.push(
        `| ${code(v.address)} "${cellText(v.name)}" | ${v.kind}${rebuild} | ${
          v.path !== undefined ? cell(code(v.path)) : ""
        } | ${cellText(v.text)} |`,
      );
    }
  }
  return out;
}

function volumeItem(volume: VolumeReport): string[] {
  const where = volume.pool !== undefined ? ` in pool "${escapeText(volume.pool)}"` : "";
  const data = volume.removal
    ? DATA_WORDS[volume.removal.outcome]
    : volume.dataDestroyed
      ? "; its data is DESTROYED"
      : "";
  const lines = [
    `- ${code(volume.address)}: ${volume.kind} volume "${escapeText(volume.name)}"${where} ${escapeText(
      ACTION_WORDS[volume.action],
    )}${data}`,
  ];
  lines.push(...causeItems(volume.causes, "  "));
  if (volume.removal !== undefined && volume.kind !== "ephemeral") {
    lines.push(...removalSentences(volume.removal).map((s) => `  - ${escapeText(s)}`));
    const copy = volume.removal.finalCopy;
    if (copy?.addRemote) lines.push(`  - first add the remote: ${code(copy.addRemote)}`);
    if (copy) lines.push(`  - restore: ${code(copy.restore)}`);
  }
  return lines;
}

/** Causes as a nested list ("why"), trigger causes with their own causes beneath. */
function causeItems(causes: readonly Cause[], indent: string): string[] {
  const lines: string[] = [];
  const walk = (list: readonly Cause[], depth: string): void => {
    for (const cause of list) {
      lines.push(`${depth}- ${escapeText(cause.text)}`);
      if (cause.kind === "trigger") walk(cause.causes, `${depth}  `);
    }
  };
  walk(causes, indent);
  return lines;
}

/** Text in a table cell: escaped, on one line. */
function cellText(text: string): string {
  return escapeText(text).replace(/\r?\n/g, " ");
}
