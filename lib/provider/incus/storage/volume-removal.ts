// Delete of incus_storage_volume, carrying out the removal policy the volume's config names
// (user.cdktf-virt.removal-policy, written by the constructs and kept in state):
//   destroy (or unset)  delete the volume;
//   protect             refuse (the plan already refuses; this holds for any path that still reaches Delete);
//   retain              leave the volume and its bytes, mark it released (owner "released:<old owner>"), forget it;
//   snapshot            keep a final copy "<name>-final-<yyyymmddThhmmssZ>" in the same pool, released, then delete.
// Before a delete the volume leaves the instances of its own stack that still use it (see volume-detach.ts).
import {
  ADOPT_CONFIG_KEY,
  decodeRemovalPolicy,
  decodeSnapshotBeforeRebuild,
  encodeFinalCopyOf,
  FINAL_COPY_OF_CONFIG_KEY,
  finalCopyName,
  finalCopyPattern,
  incusRemovalPolicy,
  PROTECT_CONFIG_KEY,
  releasedConfig,
  releasedOwner,
  REMOVAL_POLICY_CONFIG_KEY,
  SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY,
} from "../../../records";
import type { RemovalPolicyName } from "../../../records";
import type { CallOptions, ConfigMap, IncusClient, StorageVolume } from "../../../incus";
import { ignoreNotFound } from "../../../incus";
import type { Diagnostics, ResourceContext } from "../../framework";
import {
  callFor,
  cliRemote,
  configMap,
  optionalString,
  OWNER_KEY,
  printedCommands,
  volumeCopyCommand,
} from "../common";
import type { CliRemote } from "../common";
import type { IncusProviderData } from "../provider-data";
import { DATA_COPY_BUDGET_MS } from "./rebuild-snapshots";
import { detachFromOwnInstances } from "./volume-detach";
import type { VolumeAddress, VolumeState } from "./volume-schema";

type Ctx = ResourceContext<IncusProviderData>;

/** The policy recorded in a volume's config; "protect" also when the older protect flag is set. */
export function volumeRemovalPolicy(config: ConfigMap | null | undefined, where: string): RemovalPolicyName {
  return incusRemovalPolicy(config, where);
}

/** Reports a removal policy or snapshot retention that is not one of the accepted values (unknown values pass). */
export function validatePolicyKeys(config: ConfigMap, diagnostics: Diagnostics): void {
  const checks: [string, (v: string) => unknown][] = [
    [REMOVAL_POLICY_CONFIG_KEY, (v) => decodeRemovalPolicy(v, `config "${REMOVAL_POLICY_CONFIG_KEY}"`)],
    [
      SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY,
      (v) => decodeSnapshotBeforeRebuild(v, `config "${SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY}"`),
    ],
  ];
  for (const [key, parse] of checks) {
    if (config[key] === undefined) continue;
    try {
      parse(config[key]);
    } catch (err) {
      diagnostics.error(`Invalid ${key}`, (err as Error).message, ["config", key]);
    }
  }
}

/**
 * Keys a final copy leaves out: how the managed volume is handled (a released leftover has no policy), and its
 * snapshot schedule (an archive would otherwise keep taking snapshots of itself).
 */
const NOT_COPIED = [
  REMOVAL_POLICY_CONFIG_KEY,
  PROTECT_CONFIG_KEY,
  SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY,
  "snapshots.schedule",
];

/** The command that restores a final copy under the volume's old name, as the user's incus CLI names the remote. */
export function restoreCommand(prior: VolumeAddress, copy: string, remote: CliRemote): string {
  return volumeCopyCommand(remote, prior.pool, copy, prior.name, optionalString(prior.project));
}

/** What Delete will do, in words, for the plan (undefined for a plain delete). */
export function describeRemoval(prior: VolumeAddress & Pick<VolumeState, "config">): string | undefined {
  const where = `${prior.pool}/${prior.name}`;
  let policy: RemovalPolicyName;
  try {
    policy = volumeRemovalPolicy(configMap(prior.config), `storage volume ${where}`);
  } catch {
    return undefined; // reported by the delete itself
  }
  if (policy === "retain") {
    return `Storage volume ${where} will be kept on the host with its data (removal policy retain): it is only removed from the state, and its ${OWNER_KEY} becomes "${releasedOwner(
      configMap(prior.config)[OWNER_KEY],
    )}".`;
  }
  if (policy === "snapshot") {
    return `Storage volume ${where} will be deleted after a final copy is kept as ${prior.pool}/${finalCopyPattern(
      prior.name,
    )} (removal policy snapshot; the time in the name is when the delete runs, in UTC).`;
  }
  return undefined;
}

/** Deletes (or keeps) the volume in `prior` as its removal policy says; a volume already gone counts as deleted. */
export async function removeVolume(client: IncusClient, prior: VolumeState, ctx: Ctx): Promise<void> {
  const pool = prior.pool;
  const name = prior.name;
  const where = `storage volume ${pool}/${name}`;
  const policy = volumeRemovalPolicy(configMap(prior.config), where);
  if (policy === "protect") {
    ctx.diagnostics.error(
      `Storage volume ${pool}/${name} is protected`,
      `Its removal policy is "protect", so the provider does not delete it. Deploy it with another removal policy first, then remove it.`,
    );
    return;
  }
  const call = callFor(ctx, prior);
  const live = await client.storageVolumes.find(pool, name, call);
  if (!live) return; // already gone: deleted

  if (policy === "retain") {
    await client.storageVolumes.patch(
      pool,
      name,
      { config: { [OWNER_KEY]: releasedOwner(live.value.config?.[OWNER_KEY]) } },
      { ...call, etag: live.etag },
    );
    ctx.diagnostics.warning(
      `Storage volume ${pool}/${name} was kept (removal policy retain)`,
      `It stays on the host with its data and is no longer managed by this configuration. Its ${OWNER_KEY} is now ` +
        `"${releasedOwner(live.value.config?.[OWNER_KEY])}": a configuration adopts it only on purpose, with ` +
        `config "${ADOPT_CONFIG_KEY}" = "released" on a volume of the same name (the constructs: adoptReleased: true on the ` +
        "Volume), or with terraform import.",
    );
    return;
  }

  const detached = await detachFromOwnInstances(
    {
      client,
      remote: ctx.providerData.remoteName(optionalString(prior.remote)),
      cliRemote: cliRemote(ctx.providerData.remoteInfo(optionalString(prior.remote))),
      pool,
      name,
      call,
      diagnostics: ctx.diagnostics,
      log: ctx.log,
    },
    live.value,
  );
  if (!detached) return;

  if (policy === "snapshot") {
    const remote = cliRemote(ctx.providerData.remoteInfo(optionalString(prior.remote)));
    const copy = await keepFinalCopy(client, pool, live.value, call);
    await ignoreNotFound(client.storageVolumes.delete(pool, name, call));
    ctx.diagnostics.warning(
      `Storage volume ${pool}/${name} was deleted; a final copy was kept as ${pool}/${copy}`,
      `Removal policy snapshot: the copy holds the volume's data as it was just before the delete (with its snapshots) and ` +
        `is marked released (without its snapshot schedule), so nothing manages or deletes it. Restore it under the old name with:\n` +
        printedCommands(remote, [restoreCommand(prior, copy, remote)]),
    );
    return;
  }
  await ignoreNotFound(client.storageVolumes.delete(pool, name, call));
}

/** Copies the volume to `<name>-final-<stamp>` in its pool, released and labelled; returns the copy's name. */
async function keepFinalCopy(
  client: IncusClient,
  pool: string,
  volume: StorageVolume,
  call: CallOptions,
): Promise<string> {
  const copy = finalCopyName(volume.name);
  // Incus replaces (does not merge) the source's config when a copy names one: pass all of it, minus what only
  // the server sets and what only a managed volume has.
  const config: ConfigMap = {};
  for (const [k, v] of Object.entries(volume.config ?? {})) {
    if (!k.startsWith("volatile.") && !NOT_COPIED.includes(k)) config[k] = v;
  }
  await client.storageVolumes.copy(
    pool,
    copy,
    { pool, name: volume.name },
    {
      ...call,
      timeoutMs: DATA_COPY_BUDGET_MS,
      config: { ...releasedConfig(config), [FINAL_COPY_OF_CONFIG_KEY]: encodeFinalCopyOf(pool, volume.name) },
      description: `Final copy of ${pool}/${
        volume.name
      }, made ${new Date().toISOString()} before it was deleted (removal policy snapshot)`,
    },
  );
  return copy;
}
