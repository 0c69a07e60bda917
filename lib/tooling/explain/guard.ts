// The pipeline gate: a plan is refused when it would destroy or replace a persistent or shared volume, or a
// protected instance, or delete with force_destroy a project that holds volumes whose removal policy keeps data. A volume whose removal policy keeps its data when it is deleted (retain: left on the host;
// snapshot: a final copy first) passes, and is said so. Objects listed with --allow are let through (a
// deliberate, reviewed destruction).
import type { Cause } from "./changes";
import type { ExplainReport, RemovalReport, VolumeReport } from "./report";

export interface GuardOffender {
  readonly address: string;
  /** "persistent volume \"pgdata\"", "shared volume \"cluster\"", "protected instance \"db\"", "project \"apps\" (force_destroy)". */
  readonly description: string;
  readonly action: "delete" | "replace";
  /** Why terraform wants to do it, in words. */
  readonly why: string;
  /** For a volume: its removal policy as the state records it, and what it makes of the delete. */
  readonly removalPolicy?: RemovalReport["policy"];
  readonly removal?: string;
}

export interface GuardResult {
  readonly passed: boolean;
  readonly offenders: readonly GuardOffender[];
  /** Offenders let through by --allow. */
  readonly allowed: readonly GuardOffender[];
  /** Persistent or shared volumes deleted whose data their removal policy keeps: not refused. */
  readonly keptByPolicy: readonly GuardOffender[];
  /** --allow addresses that match nothing the plan destroys (likely a typo). */
  readonly unusedAllows: readonly string[];
  /** The plan is incomplete (terraform reported errors): never passes. */
  readonly incompletePlan: boolean;
}

/** Applies the guard rules to a report. */
export function evaluateGuard(report: ExplainReport, allow: readonly string[] = []): GuardResult {
  const candidates: GuardOffender[] = [];
  const keptByPolicy: GuardOffender[] = [];
  for (const volume of report.volumes) {
    if (volume.kind === "ephemeral" || (volume.action !== "delete" && volume.action !== "replace")) continue;
    const offender: GuardOffender = {
      address: volume.address,
      description: `${volume.kind} volume "${volume.name}"`,
      action: volume.action,
      why: describeCauses(volume.causes),
      ...(volume.removal ? { removalPolicy: volume.removal.policy, removal: volume.removal.text } : {}),
    };
    if (dataKeptOnDelete(volume)) keptByPolicy.push(offender);
    else candidates.push(offender);
  }
  for (const instance of report.instances) {
    if (!instance.protected || (instance.action !== "delete" && instance.action !== "replace")) continue;
    candidates.push({
      address: instance.address,
      description: `protected instance "${instance.name}"`,
      action: instance.action,
      why: describeCauses(instance.causes),
    });
  }
  for (const deletion of report.deletions) {
    if (deletion.container?.dataDestroyed !== true) continue;
    candidates.push({
      address: deletion.address,
      description: deletion.description,
      action: deletion.replaced ? "replace" : "delete",
      why: deletion.container.text,
    });
  }
  candidates.sort((a, b) => a.address.localeCompare(b.address));
  const allowSet = new Set(allow);
  const offenders = candidates.filter((c) => !allowSet.has(c.address));
  const allowed = candidates.filter((c) => allowSet.has(c.address));
  const unusedAllows = allow.filter((a) => !candidates.some((c) => c.address === a));
  keptByPolicy.sort((a, b) => a.address.localeCompare(b.address));
  return {
    passed: offenders.length === 0 && report.complete,
    offenders,
    allowed,
    keptByPolicy,
    unusedAllows,
    incompletePlan: !report.complete,
  };
}

/**
 * A delete that loses no data: retain leaves the volume on the host, snapshot keeps a final copy first. A
 * replacement is still refused under snapshot (the copy is kept, but the instance gets an empty volume in its
 * place: a review, then --allow) and under retain (the provider refuses it: the kept volume holds the name).
 */
function dataKeptOnDelete(volume: VolumeReport): boolean {
  return volume.action === "delete" && (volume.removal?.outcome === "kept" || volume.removal?.outcome === "final-copy");
}

/** One line of causes: "image: "a" → "b""; nested trigger causes are followed to their leaves. */
export function describeCauses(causes: readonly Cause[]): string {
  const parts = causes.map((cause) => {
    if (cause.kind === "trigger" && cause.causes.length > 0) return `${cause.text}: ${describeCauses(cause.causes)}`;
    return cause.text;
  });
  return parts.length > 0 ? parts.join("; ") : "no reason recorded in the plan";
}

/** The message printed when the guard refuses a plan (and the verdict when it passes). */
export function renderGuard(result: GuardResult): string {
  const lines: string[] = [];
  if (result.incompletePlan) {
    lines.push("explain --guard: REFUSED: terraform reported errors while planning; fix them and plan again.");
  }
  if (result.offenders.length > 0) {
    const count = result.offenders.length;
    lines.push(
      `explain --guard: REFUSED: this plan would destroy the data of ${count} object${count === 1 ? "" : "s"} ` +
        `(persistent or shared volumes, protected instances, projects deleted with force_destroy over volumes whose removal policy keeps data):`,
    );
    for (const o of result.offenders) {
      const verbText = o.action === "replace" ? "be REPLACED (destroyed, then created empty)" : "be DESTROYED";
      const policy = o.removalPolicy !== undefined ? `; removal policy ${o.removalPolicy}: ${o.removal}` : "";
      lines.push(`  - ${o.address}: ${o.description} would ${verbText}, because ${o.why}${policy}`);
    }
    lines.push(
      "To keep the data, change the code so these objects are not replaced or removed (for a volume removed on " +
        "purpose, a `removed` block with destroy = false forgets it without deleting it). If the destruction is " +
        "intended and reviewed, re-run with --allow <address> for each object.",
    );
  }
  for (const o of result.keptByPolicy) {
    lines.push(
      `explain --guard: not refused: ${o.address} (${o.description}) is deleted, because ${o.why}, but no data is lost: ` +
        `removal policy ${o.removalPolicy}: ${o.removal}`,
    );
  }
  for (const o of result.allowed)
    lines.push(
      `explain --guard: allowed by --allow: ${o.address} (${o.description}) would be ${
        o.action === "replace" ? "replaced" : "destroyed"
      }`,
    );
  for (const a of result.unusedAllows)
    lines.push(`explain --guard: note: --allow ${a} matches nothing this plan destroys`);
  if (result.passed) {
    lines.push(
      result.keptByPolicy.length > 0
        ? "explain --guard: passed: no persistent or shared volume loses its data (their removal policies keep it) and no protected instance would be destroyed or replaced."
        : "explain --guard: passed: no persistent or shared volume and no protected instance would be destroyed or replaced.",
    );
  }
  return lines.join("\n") + "\n";
}
