// The explain report in words, for people reading a pipeline log or a terminal.
import { RELEASED_OWNER_PREFIX } from "../../records";
import type { Cause, ChangeKind } from "./changes";
import type {
  ActionCounts,
  DeletionReport,
  ExplainReport,
  InstanceReport,
  RemovalReport,
  VolumeReport,
} from "./report";

export const ACTION_WORDS: { readonly [kind in ChangeKind]: string } = {
  create: "will be created",
  update: "will be updated in place",
  replace: "will be REPLACED (destroyed and created again)",
  delete: "will be DELETED",
  forget: "will be forgotten (removed from the state, left on the host)",
  "no-op": "is unchanged",
  read: "is read",
};

const PAST: { readonly [kind in ChangeKind]: string } = {
  create: "created",
  update: "updated",
  replace: "replaced",
  delete: "deleted",
  forget: "forgotten",
  "no-op": "unchanged",
  read: "read",
};

export function renderExplainText(report: ExplainReport): string {
  const out: string[] = [];
  out.push(summaryLine(report));
  if (report.instances.length > 0) {
    out.push("", "Instances");
    for (const instance of report.instances) out.push(...instanceLines(instance));
  }
  const volumes = changedVolumes(report);
  if (volumes.length > 0) {
    out.push("", "Volumes");
    for (const volume of volumes) out.push(...volumeLines(volume));
  }
  if (report.others.length > 0) {
    out.push("", "Other changes");
    for (const other of report.others) {
      out.push(`  ${other.address} ${ACTION_WORDS[other.action]}`);
      out.push(...causeLines(other.causes, "    "));
    }
  }
  if (report.deletions.length > 0) {
    out.push("", "Would be deleted");
    for (const d of report.deletions) {
      const notes = deletionNotes(d);
      out.push(`  - ${d.address}: ${d.description}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`);
    }
  }
  if (report.warnings.length > 0) {
    out.push("", "Warnings");
    for (const warning of report.warnings) out.push(`  - ${warning}`);
  }
  return out.join("\n") + "\n";
}

/** The volumes that change on their own: not the ones deleted or replaced together with their instance. */
export function changedVolumes(report: ExplainReport): VolumeReport[] {
  const togetherWithInstance = new Set(
    report.instances.flatMap((i) => i.volumes.filter((v) => v.effect.endsWith("-with-instance")).map((v) => v.address)),
  );
  return report.volumes.filter(
    (v) => v.action !== "no-op" && v.action !== "read" && !togetherWithInstance.has(v.address),
  );
}

/** What a deletion does besides deleting: replaced by a new one, what becomes of its data. */
export function deletionNotes(d: DeletionReport): string[] {
  const data = d.removal
    ? REMOVAL_NOTES[d.removal.outcome]
    : d.container
      ? d.container.text
      : d.dataDestroyed
        ? "its data is destroyed"
        : undefined;
  return [d.replaced ? "replaced by a new one" : undefined, data].filter((n): n is string => n !== undefined);
}

/** The one-line summary both renderings start with. */
export function summaryLine(report: ExplainReport): string {
  const { summary } = report;
  const parts = [
    countsText("instance", summary.instances),
    countsText("volume", summary.volumes),
    countsText("other object", summary.others),
  ].filter((p) => p !== "");
  if (parts.length === 0) return "No changes: nothing is created, changed or deleted.";
  const losing = summary.volumesLosingData;
  const tail = [
    summary.deletions > 0 ? `${summary.deletions} object${summary.deletions === 1 ? "" : "s"} deleted or replaced` : "",
    losing > 0 ? `${losing} volume${losing === 1 ? " loses its" : "s lose their"} data` : "no volume loses data",
    summary.volumesKeptByPolicy > 0
      ? `${summary.volumesKeptByPolicy} volume${
          summary.volumesKeptByPolicy === 1 ? " keeps its" : "s keep their"
        } data by removal policy`
      : "",
    summary.containersTakingKeptData > 0
      ? `${summary.containersTakingKeptData} project${
          summary.containersTakingKeptData === 1 ? " is" : "s are"
        } deleted with force_destroy over data meant to be kept`
      : "",
  ].filter((p) => p !== "");
  const rest = tail.join(", ");
  return `Plan: ${parts.join("; ")}. ${rest.charAt(0).toUpperCase()}${rest.slice(1)}.`;
}

function countsText(noun: string, counts: ActionCounts): string {
  const entries = Object.entries(counts).filter(([, n]) => (n ?? 0) > 0);
  if (entries.length === 0) return "";
  const total = entries.reduce((sum, [, n]) => sum + (n ?? 0), 0);
  const detail = entries.map(([action, n]) => `${n} ${PAST[action as ChangeKind]}`).join(", ");
  return `${total} ${noun}${total === 1 ? "" : "s"} (${detail})`;
}

function instanceLines(instance: InstanceReport): string[] {
  const flags = instance.protected ? ` [protected: ${instance.protectionSource ?? "yes"}]` : "";
  const lines = [`  ${instance.address}: instance "${instance.name}" ${ACTION_WORDS[instance.action]}${flags}`];
  lines.push(...causeLines(instance.causes, "    "));
  if (instance.volumes.length > 0) {
    lines.push("    volumes:");
    for (const v of instance.volumes) {
      const at = v.path !== undefined ? ` at ${v.path}` : "";
      const rebuild = v.rebuildOnChange ? ", rebuildOnChange" : "";
      lines.push(`      - ${v.kind} volume "${v.name}" (${v.address}${rebuild})${at}: ${v.text}`);
    }
  }
  return lines;
}

function volumeLines(volume: VolumeReport): string[] {
  const where = volume.pool !== undefined ? ` in pool "${volume.pool}"` : "";
  const data = volume.removal
    ? DATA_WORDS[volume.removal.outcome]
    : volume.dataDestroyed
      ? "; its data is DESTROYED"
      : "";
  const lines = [`  ${volume.address}: ${volume.kind} volume "${volume.name}"${where} ${actionWords(volume)}${data}`];
  lines.push(...causeLines(volume.causes, "    "));
  if (volume.removal !== undefined && volume.kind !== "ephemeral") lines.push(...removalLines(volume.removal, "    "));
  if (volume.kindSource === "default" && volume.origin !== "config" && volume.dataDestroyed) {
    lines.push("    (its lifecycle is not recorded anywhere: treated as persistent, the default)");
  }
  return lines;
}

/** "will be created", or for a volume that adopts a released one, what it takes over (the plan cannot see the host). */
function actionWords(volume: VolumeReport): string {
  if (volume.adopts === undefined || volume.action !== "create") return ACTION_WORDS[volume.action];
  const which =
    volume.adopts === "released"
      ? ""
      : ` (only the one "${volume.adopts.slice(RELEASED_OWNER_PREFIX.length)}" released)`;
  return `adopts the released volume "${volume.name}"${which} with its data, if one is on the host (adopt = "${volume.adopts}"); otherwise it will be created`;
}

/** What the data's fate adds to a volume's heading line, per removal outcome. */
export const DATA_WORDS: { readonly [outcome in RemovalReport["outcome"]]: string } = {
  destroyed: "; its data is DESTROYED",
  kept: "; its data is KEPT on the host",
  "final-copy": "; a final copy of its data is kept",
  refused: "; REFUSED by its removal policy",
};

export const REMOVAL_NOTES: { readonly [outcome in RemovalReport["outcome"]]: string } = {
  destroyed: "its data is destroyed",
  kept: "kept on the host with its data",
  "final-copy": "a final copy of its data is kept",
  refused: "refused by its removal policy",
};

/** "removal policy snapshot: deleted after a final copy …", and a note when the code names another policy. */
function removalLines(removal: RemovalReport, indent: string): string[] {
  return removalSentences(removal).map((line) => `${indent}${line}`);
}

/** "removal policy snapshot: …", and when the code names another policy, the note that the state's one applies. */
export function removalSentences(removal: RemovalReport): string[] {
  const recorded = removal.policyFrom === "unset" ? " (none recorded: the providers delete)" : "";
  const lines = [`removal policy ${removal.policy}${recorded}: ${removal.text}`];
  if (removal.configuredPolicy !== undefined) {
    lines.push(
      `(the code now says ${removal.configuredPolicy}, but the provider follows the policy in the state: ` +
        `deploy the new policy first, then delete or replace the volume)`,
    );
  }
  return lines;
}

/** "why: …" followed by one line per cause; trigger causes list their own causes beneath. */
function causeLines(causes: readonly Cause[], indent: string): string[] {
  if (causes.length === 0) return [];
  if (causes.length === 1 && causes[0].kind !== "trigger") return [`${indent}why: ${causes[0].text}`];
  const lines = [`${indent}why:`];
  const walk = (list: readonly Cause[], depth: number): void => {
    for (const cause of list) {
      lines.push(
        `${indent}${"  ".repeat(depth)}- ${cause.text}${
          cause.kind === "trigger" && cause.causes.length > 0 ? ":" : ""
        }`,
      );
      if (cause.kind === "trigger") walk(cause.causes, depth + 1);
    }
  };
  walk(causes, 1);
  return lines;
}
