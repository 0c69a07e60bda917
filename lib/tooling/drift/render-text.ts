// The drift report in words, for a scheduled pipeline's log or a terminal.
import type { DriftFinding, DriftReport } from "./findings";

const FAMILY_WORDS: { readonly [family: string]: string } = {
  instance: "instance",
  volume: "volume",
  pool: "storage pool",
  network: "network",
  profile: "profile",
};

export function renderDriftText(report: DriftReport): string {
  const where = report.stack !== undefined ? ` in stack ${report.stack}` : "";
  const out: string[] = [];
  if (report.summary.checked === 0) {
    out.push(nothingDeployedSentence(report));
  } else if (!report.drifted) {
    out.push(`No drift${where}: ${noDriftSentence(report)}.`);
  } else {
    out.push(`Drift${where}: ${driftSummary(report)}.`, "");
    for (const finding of report.findings) out.push(...findingLines(finding));
    out.push("", DEPLOY_ADVICE);
  }
  if (report.runtimeChanges.length > 0)
    out.push(
      "",
      runtimeSentence(report, (text) => text),
    );
  return `${out.join("\n")}\n`;
}

/** What a deploy does about drift. */
export const DEPLOY_ADVICE =
  "A deploy makes these objects match the code again (`cdktf-virt explain` shows how); to keep a change, put it into the code first.";

/** "3 objects changed outside the code since the last deploy (2 changed, 1 deleted)". */
export function driftSummary(report: DriftReport): string {
  const { changed, deleted } = report.summary;
  const total = changed + deleted;
  const detail = [changed > 0 ? `${changed} changed` : "", deleted > 0 ? `${deleted} deleted` : ""]
    .filter((p) => p !== "")
    .join(", ");
  return `${total} object${total === 1 ? "" : "s"} changed outside the code since the last deploy (${detail})`;
}

/** "No drift: all 5 objects are as the last deploy left them" (without the stack). */
export function noDriftSentence(report: DriftReport): string {
  const { checked } = report.summary;
  return `${checked === 1 ? "the object is" : `all ${checked} objects are`} as the last deploy left ${
    checked === 1 ? "it" : "them"
  }`;
}

/** The values that moved but are no drift; `code` marks up addresses (Markdown) or leaves them (text). */
export function runtimeSentence(report: DriftReport, code: (text: string) => string): string {
  const moved = report.runtimeChanges.map((r) => `${code(r.address)} ${r.paths.join(", ")}`).join("; ");
  return `Not drift (values that move while the objects run): ${moved}.`;
}

/** What a deploy does with an object deleted outside the code. */
export function deletedConsequence(finding: DriftFinding): string | undefined {
  if (finding.inCode === true) return `the code still has it: a deploy creates it again${recreated(finding)}`;
  if (finding.inCode === false) return "the code no longer has it either: a deploy only drops it from the state";
  return undefined;
}

function findingLines(finding: DriftFinding): string[] {
  const path = finding.constructPath !== undefined ? ` (${finding.constructPath})` : "";
  const head = `  ${finding.address}${path}: ${describeObject(finding)}`;
  if (finding.action === "changed")
    return [`${head} changed`, ...finding.changes.map((change) => `    - ${change.text}`)];
  const consequence = deletedConsequence(finding);
  return [`${head} was DELETED outside the code`, ...(consequence !== undefined ? [`    - ${consequence}`] : [])];
}

/** `instance "homelab-db"`, `volume "homelab-data" in pool "default"`. */
export function describeObject(finding: DriftFinding): string {
  const what = FAMILY_WORDS[finding.family] ?? finding.type;
  const name = finding.name !== undefined ? ` "${finding.name}"` : "";
  const pool = finding.family === "volume" && finding.pool !== undefined ? ` in pool "${finding.pool}"` : "";
  return `${what}${name}${pool}`;
}

function recreated(finding: DriftFinding): string {
  switch (finding.family) {
    case "volume":
      return " (a new volume: the data that was on the old one is gone)";
    case "instance":
      return " (a new instance from its image)";
    default:
      return "";
  }
}

/** The sentence for a stack whose state holds no objects, by why it holds none. */
export function nothingDeployedSentence(report: DriftReport): string {
  const where = report.stack !== undefined ? ` in stack ${report.stack}` : "";
  switch (report.nothingDeployed) {
    case "never-deployed":
      return `Nothing to compare${where}: it was never deployed (there is no state yet).`;
    case "destroyed":
      return `Nothing deployed${where}: its state holds no objects (the stack was destroyed, or every object was removed from it).`;
    default:
      return `Nothing deployed${where}: its state holds no objects.`;
  }
}
