// What a planned delete or replacement of a volume does to its data under the volume's removal policy, in the words
// of docs/lifecycle.md ("Removal policies"): protect is refused, retain keeps the volume on the host, snapshot keeps
// a final copy first, destroy deletes the data. The policy is read from the volume's state (the plan's before
// values), as the providers read it on Delete: a volume removed from the code has no configuration left.
import {
  ADOPT_CONFIG_KEY,
  decodeRebuildSnapshotsXml,
  finalCopyPattern,
  OWNER_CONFIG_KEY,
  rebuildCopyPrefix,
  rebuildSnapshotPrefix,
  releasedOwner,
  releaseRecordName,
  SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY,
} from "../../records";
import type { RemovalPolicyName } from "../../records";
import { volumeCopyCommand } from "../../incus/cli-command";
import type { CliRemote } from "../../incus/cli-command";
import { recordedRebuildSnapshots, recordedRemovalPolicy } from "../stack/removal-policy";
import type { RecordedRemovalPolicy } from "../stack/removal-policy";
import type { CouplingModel } from "../stack/coupling";
import type { CliRemoteLookup } from "../stack/incus-cli-remotes";
import { configValue } from "../stack/resource-kinds";
import type { ResourceChange } from "./changes";

/** libvirt's default connection, as the bundled provider uses it when its uri is not set. */
export const DEFAULT_LIBVIRT_URI = "qemu:///system";

/** The time part of a final copy's name: when the delete runs, so it is not known at plan time. */
const STAMP = "<yyyymmddThhmmssZ>";

export interface RemovalReport {
  readonly policy: RemovalPolicyName | "unknown";
  /**
   * Where the policy was read: the state (before values), prevent_destroy in the configuration, or nothing
   * recorded in the state (the providers delete).
   */
  readonly policyFrom: "state" | "configuration" | "unset";
  /**
   * refused: the provider (or prevent_destroy) refuses it; kept: the volume stays on the host with its data;
   * final-copy: deleted after a copy is kept in the pool; destroyed: the data is gone.
   */
  readonly outcome: "refused" | "kept" | "final-copy" | "destroyed";
  readonly dataDestroyed: boolean;
  /** The final copy the snapshot policy keeps, and the one command that restores it. */
  readonly finalCopy?: {
    readonly pool: string;
    readonly name: string;
    readonly restore: string;
    /** The `incus remote add` to run first when the incus client has no remote at the host's address. */
    readonly addRemote?: string;
  };
  /** The owner marker a retained Incus volume gets, and how a configuration adopts it. */
  readonly released?: { readonly owner: string; readonly adopt: string };
  /** The configuration names another policy: it takes effect only after this delete. */
  readonly configuredPolicy?: RemovalPolicyName | "unknown";
  /** The sentence explain prints (after "removal policy <policy>: "). */
  readonly text: string;
}

export interface RemovalInput {
  readonly address: string;
  readonly type: string;
  readonly action: "delete" | "replace";
  /** The volume's values in state (the plan's before values); undefined when the plan has none. */
  readonly state: { readonly [key: string]: unknown } | undefined;
  /** The volume's attributes in the configuration, when it is still there. */
  readonly configured?: { readonly [key: string]: unknown };
  /** prevent_destroy in the configuration. */
  readonly preventDestroy: boolean;
  /** The libvirt provider's connection URI, for the restore command. */
  readonly libvirtUri?: string;
  /** How the incus client names the volume's remote, for the restore command. @default the provider's remote name */
  readonly incusRemote?: CliRemoteLookup;
}

export function removalOf(input: RemovalInput): RemovalReport {
  const state = input.state ?? {};
  const recorded: RecordedRemovalPolicy = input.preventDestroy
    ? { policy: "protect", source: "policy-key" }
    : recordedRemovalPolicy(input.type, state);
  const written = input.configured ? recordedRemovalPolicy(input.type, input.configured) : undefined;
  // A reference ("${...}") is resolved only at apply: no claim about it.
  const configured = written?.value?.includes("${") ? undefined : written;
  const base = {
    policy: recorded.policy,
    policyFrom: input.preventDestroy
      ? ("configuration" as const)
      : recorded.source === "unset"
        ? ("unset" as const)
        : ("state" as const),
    ...(configured && configured.policy !== recorded.policy && !input.preventDestroy
      ? { configuredPolicy: configured.policy }
      : {}),
  };
  const name = String(state.name ?? input.address.split(".")[1]);
  const pool = String(state.pool ?? "?");
  const incus = input.type === "incus_storage_volume";
  switch (recorded.policy) {
    case "protect":
      return {
        ...base,
        outcome: "refused",
        dataDestroyed: false,
        text: input.preventDestroy
          ? "refused: prevent_destroy is set, terraform does not apply this plan"
          : `refused: the provider does not ${
              input.action === "replace" ? "replace" : "delete"
            } a protected volume (deploy it with another removal policy first)`,
      };
    case "unknown":
      return {
        ...base,
        outcome: "refused",
        dataDestroyed: false,
        text: `refused: ${JSON.stringify(
          recorded.value,
        )} is not a removal policy (protect, retain, snapshot, destroy), so the provider fails the delete`,
      };
    case "retain": {
      if (input.action === "replace") {
        return {
          ...base,
          outcome: "refused",
          dataDestroyed: false,
          text: "refused: a retained volume cannot be replaced (the kept volume would hold the name the new one needs)",
        };
      }
      if (!incus) {
        return {
          ...base,
          outcome: "kept",
          dataDestroyed: false,
          text:
            `kept on the host (its file stays), dropped from state, released (record ${pool}/${releaseRecordName(
              name,
            )}); ` +
            `adopt it with adopt = "released" (adoptReleased: true on a Volume) or terraform import ${input.address} ${pool}/${name}`,
        };
      }
      const owner = releasedOwner(configValue(state, OWNER_CONFIG_KEY));
      return {
        ...base,
        outcome: "kept",
        dataDestroyed: false,
        released: { owner, adopt: `${ADOPT_CONFIG_KEY} = "released"` },
        text: `kept on the host with its data, dropped from state, marked released (owner "${owner}"); adopt it with config ${ADOPT_CONFIG_KEY} = "released" (adoptReleased: true on a Volume)`,
      };
    }
    case "snapshot": {
      const copy = finalCopyPattern(name, STAMP);
      const remote = incus ? cliRemoteOf(state, input.incusRemote) : undefined;
      const restore = remote
        ? volumeCopyCommand(remote, pool, copy, name, typeof state.project === "string" ? state.project : undefined)
        : `virsh -c ${input.libvirtUri ?? DEFAULT_LIBVIRT_URI} vol-clone --pool ${pool} ${copy} ${name}`;
      const what = input.action === "replace" ? "replaced by a new, empty volume" : "deleted";
      const first = remote?.addRemote
        ? ` (your incus client has no remote at this address yet: run ${remote.addRemote} first)`
        : "";
      return {
        ...base,
        outcome: "final-copy",
        dataDestroyed: false,
        finalCopy: { pool, name: copy, restore, ...(remote?.addRemote ? { addRemote: remote.addRemote } : {}) },
        text: `${what} after a final copy ${copy} in pool "${pool}" (${STAMP}: the UTC time of the delete); restore: ${restore}${first}`,
      };
    }
    default:
      return {
        ...base,
        outcome: "destroyed",
        dataDestroyed: true,
        text:
          input.action === "replace"
            ? "replaced by a new, empty volume, its data is gone"
            : "deleted, its data is gone",
      };
  }
}

/**
 * What each volume the plan deletes or replaces goes through, by address: its policy from `stateOf` (the plan's
 * before values, else the prior state), compared with the configuration's when the volume is still in the code.
 */
export function plannedRemovals(
  model: CouplingModel,
  changes: ReadonlyMap<string, ResourceChange>,
  stateOf: (address: string) => { readonly [key: string]: unknown } | undefined,
  commands: Pick<RemovalInput, "libvirtUri" | "incusRemote">,
): Map<string, RemovalReport> {
  const removals = new Map<string, RemovalReport>();
  for (const volume of model.volumes.values()) {
    const action = changes.get(volume.address)?.kind;
    if (action !== "delete" && action !== "replace") continue;
    const view = model.views.get(volume.address);
    const configured = view?.origin === "config" ? view : undefined;
    removals.set(
      volume.address,
      removalOf({
        address: volume.address,
        type: volume.type,
        action,
        state: stateOf(volume.address),
        configured: configured?.attributes,
        preventDestroy: configured?.preventDestroy ?? false,
        ...commands,
      }),
    );
  }
  return removals;
}

/** The incus client's name for the volume's remote; without a lookup, the provider's remote name as it is. */
function cliRemoteOf(state: { readonly [key: string]: unknown }, lookup: CliRemoteLookup | undefined): CliRemote {
  const remote = typeof state.remote === "string" && state.remote !== "" ? state.remote : undefined;
  return lookup ? lookup(remote) : { prefix: remote ? `${remote}:` : "" };
}

export interface RebuildSnapshotReport {
  /** Snapshot name pattern: rebuild-<instance>-<yyyymmddThhmmssZ>. */
  readonly name: string;
  /** How many such snapshots of this instance the volume keeps; undefined when the value is not a count. */
  readonly keep?: number;
  readonly text: string;
}

/**
 * The snapshot the Incus provider takes of a kept volume before the instance using it is deleted (a replacement
 * included), as the volume's state asks (SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY).
 */
export function rebuildSnapshotOf(
  volumeType: string,
  state: { readonly [key: string]: unknown } | undefined,
  instanceName: string,
  instanceAction: "delete" | "replace",
): RebuildSnapshotReport | undefined {
  if (state === undefined) return undefined;
  const keep = recordedRebuildSnapshots(volumeType, state);
  if (keep === undefined) return undefined;
  const name = `${rebuildSnapshotPrefix(instanceName)}${STAMP}`;
  const when = instanceAction === "replace" ? "before the rebuild" : "before the instance is deleted";
  if (keep === "invalid") {
    return {
      name,
      text: `its ${SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY} is not a count: the provider refuses to delete the instance`,
    };
  }
  return { name, keep, text: `snapshotted as ${rebuildSnapshotPrefix(instanceName)}… ${when} (keeps ${keep})` };
}

/**
 * The copy the libvirt provider keeps of a volume before the domain using it is deleted (a replacement included), as
 * the domain's metadata in its prior state asks (lib/records/rebuild-snapshot.ts): libvirt volumes carry nothing.
 */
export function libvirtRebuildCopyOf(
  domainBefore: { readonly [key: string]: unknown } | null | undefined,
  volumeState: { readonly [key: string]: unknown } | undefined,
  domainAction: "delete" | "replace",
): RebuildSnapshotReport | undefined {
  const metadata = (domainBefore?.metadata as { xml?: unknown } | null | undefined)?.xml;
  const [domain, pool, volume] = [domainBefore?.name, volumeState?.pool, volumeState?.name];
  if (
    typeof metadata !== "string" ||
    typeof domain !== "string" ||
    typeof pool !== "string" ||
    typeof volume !== "string"
  )
    return undefined;
  const spec = decodeRebuildSnapshotsXml(metadata).find((s) => s.pool === pool && s.volume === volume);
  if (spec === undefined) return undefined;
  const prefix = rebuildCopyPrefix(volume, domain);
  const when = domainAction === "replace" ? "before the rebuild" : "before the domain is deleted";
  return {
    name: `${prefix}${STAMP}`,
    keep: spec.keep,
    text: `copied to ${pool}/${prefix}… ${when} (keeps ${spec.keep})`,
  };
}
