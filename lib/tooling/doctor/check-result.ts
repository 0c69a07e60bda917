// What one doctor check found, and the report of all of them.

export type CheckStatus = "ok" | "warn" | "fail";

export interface CheckResult {
  /** Short name of what was checked: "node", "terraform", "providers", "incus", "libvirt", "certificates". */
  readonly name: string;
  readonly status: CheckStatus;
  /** One line: what was found. */
  readonly summary: string;
  /** What to do about it (for warn and fail). */
  readonly fix?: string;
  /** More lines worth showing (paths looked at, versions found). */
  readonly details?: readonly string[];
}

export function ok(name: string, summary: string, details?: string[]): CheckResult {
  return { name, status: "ok", summary, details };
}

export function warn(name: string, summary: string, fix: string, details?: string[]): CheckResult {
  return { name, status: "warn", summary, fix, details };
}

export function fail(name: string, summary: string, fix: string, details?: string[]): CheckResult {
  return { name, status: "fail", summary, fix, details };
}

/** Something absent: a warning, or a failure when the user said it is required (--require). */
export function absent(name: string, required: boolean, summary: string, fix: string, details?: string[]): CheckResult {
  return required ? fail(name, summary, fix, details) : warn(name, summary, fix, details);
}

const LABELS: { readonly [status in CheckStatus]: string } = { ok: "ok  ", warn: "warn", fail: "FAIL" };

/** The results as aligned lines, each problem followed by its fix, and a closing verdict. */
export function renderChecks(results: readonly CheckResult[]): string {
  const width = Math.max(...results.map((r) => r.name.length), 4);
  const lines: string[] = [];
  for (const r of results) {
    lines.push(`${LABELS[r.status]}  ${r.name.padEnd(width)}  ${r.summary}`);
    const indent = " ".repeat(width + 8);
    for (const detail of r.details ?? []) lines.push(`${indent}${detail}`);
    if (r.fix !== undefined && r.status !== "ok") lines.push(`${indent}fix: ${r.fix}`);
  }
  const failures = results.filter((r) => r.status === "fail").length;
  const warnings = results.filter((r) => r.status === "warn").length;
  lines.push("");
  if (failures > 0)
    lines.push(
      `${failures} problem${failures === 1 ? "" : "s"} to fix${
        warnings > 0 ? `, ${warnings} warning${warnings === 1 ? "" : "s"}` : ""
      }.`,
    );
  else if (warnings > 0) lines.push(`No problems; ${warnings} warning${warnings === 1 ? "" : "s"}.`);
  else lines.push("Everything looks fine.");
  return lines.join("\n") + "\n";
}
