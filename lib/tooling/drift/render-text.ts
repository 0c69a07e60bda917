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
    out.push(`Nothing to compare${where}: its state holds no objects (it was never deployed).`);
  } else if (!report.drifted) {
    const { checked } = report.summary;
    out.push(`No drift${where}: ${checked === 1 ? "the object is" : `all ${checked} objects are`} as the last deploy left ${checked === 1 ? "it" : "them"}.`);
  } else {
    const { changed, deleted } = report.summary;
    const total = changed + deleted;
    const detail = [changed > 0 ? `${changed} changed` : "", deleted > 0 ? `${deleted} deleted` : ""].filter((p) => p !== "").join(", ");
    out.push(`Drift${where}: ${total} object${total === 1 ? "" : "s"} changed outside the code since the last deploy (${detail}).`, "");
    for (const finding of report.findings) out.push(...findingLines(finding));
    out.push(
      "",
      "A deploy makes these objects match the code again (`cdktf-virt explain` shows how); to keep a change, put it into the code first.",
    );
  }
  if (report.runtimeChanges.length > 0) {
    const moved = report.runtimeChanges.map((r) => `${r.address} ${r.paths.join(", ")}`).join("; ");
    out.push("", `Not drift (values that move while the objects run): ${moved}.`);
  }
  return `${out.join("\n")}\n`;
}

function findingLines(finding: DriftFinding): string[] {
  const path = finding.constructPath !== undefined ? ` (${finding.constructPath})` : "";
  const head = `  ${finding.address}${path}: ${describeObject(finding)}`;
  if (finding.action === "changed") return [`${head} changed`, ...finding.changes.map((change) => `    - ${change.text}`)];
  const lines = [`${head} was DELETED outside the code`];
  if (finding.inCode === true) lines.push(`    - the code still has it: a deploy creates it again${recreated(finding)}`);
  if (finding.inCode === false) lines.push("    - the code no longer has it either: a deploy only drops it from the state");
  return lines;
}

/** `instance "homelab-db"`, `volume "homelab-data" in pool "default"`. */
function describeObject(finding: DriftFinding): string {
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
