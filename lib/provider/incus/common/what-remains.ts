// What is still in a project or a storage pool when its Delete comes, read from the object's `used_by`: the copies
// the removal policies keep (released volumes, final copies, volumes whose policy is not destroy), which a delete
// of the project or pool must never take, and everything else, which the error names instead of Incus's bare
// "Only empty projects can be removed" / "The storage pool is currently in use".
import {
  decodeIncusRemovalPolicy,
  FINAL_COPY_OF_CONFIG_KEY,
  isReleased,
  OWNER_CONFIG_KEY,
  REMOVAL_POLICY_CONFIG_KEY,
} from "../../../records";
import type { CallOptions, ConfigMap, IncusClient } from "../../../incus";
import type { UsedByRef } from "../../../incus/used-by";
import { ignoreNotFound } from "../../../incus";
import { parseUsedBy } from "../../../incus/used-by";
import type { CliRemote } from "../../../incus/cli-command";
import { incusCommand, printedCommands, shellWord } from "../../../incus/cli-command";

/** A custom volume whose data a removal policy keeps. */
export interface KeptVolume {
  readonly pool: string;
  readonly name: string;
  readonly project: string;
  /** "released (removal policy retain)", "final copy of p/v (removal policy snapshot)", "removal policy protect". */
  readonly why: string;
}

export interface Remaining {
  readonly kept: readonly KeptVolume[];
  /** Everything else, in words ("instance web in project p"). */
  readonly others: readonly string[];
}

/** Why the data of a volume with `config` is kept, or undefined when nothing keeps it. */
export function keptBecause(config: ConfigMap | null | undefined): string | undefined {
  const finalCopyOf = config?.[FINAL_COPY_OF_CONFIG_KEY];
  if (finalCopyOf) return `final copy of ${finalCopyOf} (removal policy snapshot)`;
  if (isReleased(config?.[OWNER_CONFIG_KEY])) return `released (removal policy retain)`;
  const { policy } = decodeIncusRemovalPolicy(config);
  if (policy === "unknown")
    return `removal policy ${JSON.stringify(
      config?.[REMOVAL_POLICY_CONFIG_KEY],
    )} (not a known policy, so its data is kept)`;
  return policy === "destroy" ? undefined : `removal policy ${policy}`;
}

/**
 * Sorts `usedBy` into kept volumes and other objects. `ignore` drops entries the delete takes care of by itself
 * (a project's own default profile, a pool's cached images).
 */
export async function whatRemains(
  client: IncusClient,
  usedBy: readonly string[],
  call: CallOptions,
  ignore: (ref: UsedByRef) => boolean = () => false,
): Promise<Remaining> {
  const kept: KeptVolume[] = [];
  const others: string[] = [];
  for (const path of usedBy) {
    const ref = parseUsedBy(path);
    if (ref === undefined) {
      others.push(path);
      continue;
    }
    // A volume's snapshots go with it (the volume is listed too).
    if (ignore(ref) || ref.volume?.snapshot !== undefined) continue;
    const project = ref.project ?? "default";
    if (ref.volume?.type === "custom") {
      const live = await ignoreNotFound(client.storageVolumes.get(ref.name, ref.volume.name, { ...call, project }));
      if (live === undefined) continue; // deleted meanwhile
      const why = keptBecause(live.value.config);
      if (why !== undefined) {
        kept.push({ pool: ref.name, name: ref.volume.name, project, why });
        continue;
      }
    }
    others.push(describeRef(ref, project));
  }
  return { kept, others };
}

function describeRef(ref: UsedByRef, project: string): string {
  const where = ` in project ${project}`;
  if (ref.volume) return `${ref.volume.type} volume ${ref.name}/${ref.volume.name}${where}`;
  const kind = ref.kind.replace(/s$/, "").replace(/-/g, " ");
  return `${kind} ${ref.name}${ref.snapshot ? `/${ref.snapshot}` : ""}${where}`;
}

export interface KeptNotice {
  /** "Project" or "Storage pool". */
  readonly kind: string;
  readonly name: string;
  /** How the printed commands address the host: the incus client's own name for it (cli-command.ts). */
  readonly cliRemote: CliRemote;
  /** The command that deletes the emptied object, e.g. "incus project delete". */
  readonly deleteCommand: string;
  readonly remaining: Remaining;
  /** The project's force_destroy was set. */
  readonly forced?: boolean;
}

/** The warning of a Delete that leaves the project or pool in place because it holds kept copies. */
export function keptNotice(notice: KeptNotice): { summary: string; detail: string } {
  const { prefix } = notice.cliRemote;
  const lines = [
    `It still holds data that removal policies keep, so it is left on the host and dropped from the state:`,
    ...notice.remaining.kept.map((v) => `  - custom volume ${v.pool}/${v.name} in project ${v.project}: ${v.why}`),
    ...notice.remaining.others.map((o) => `  - ${o}`),
  ];
  if (notice.forced)
    lines.push("force_destroy never deletes kept copies: they are the data the removal policies promised to keep.");
  lines.push(
    "Adopt a kept volume with a Volume of the same name and adoptReleased: true, or import it. When the copies are no longer needed, delete them by hand, then the " +
      `${notice.kind.toLowerCase()}:`,
    printedCommands(notice.cliRemote, [
      ...notice.remaining.kept.map((v) =>
        incusCommand(["storage", "volume", "delete", shellWord(`${prefix}${v.pool}`), shellWord(v.name)], v.project),
      ),
      `${notice.deleteCommand} ${shellWord(`${prefix}${notice.name}`)}`,
    ]),
  );
  return { summary: `${notice.kind} ${notice.name} was kept: it holds kept copies`, detail: lines.join("\n") };
}

/** The error of a Delete refused because the project or pool holds objects this configuration does not delete. */
export function notEmptyError(
  kind: string,
  name: string,
  others: readonly string[],
  advice: string,
): { summary: string; detail: string } {
  return {
    summary: `${kind} ${name} is not empty`,
    detail: [
      `Incus deletes only an empty ${kind.toLowerCase()}; it still holds:`,
      ...others.map((o) => `  - ${o}`),
      advice,
    ].join("\n"),
  };
}
