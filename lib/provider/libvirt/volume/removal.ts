// Delete of libvirt_volume, carrying out its removal_policy (an addition to the 0.9.x schema: libvirt storage
// volumes have no metadata element, so the policy travels as an attribute and is read from the prior state):
//   destroy (or unset)  delete the volume, after detaching it from running domains of its own stack (refused while
//                       any other domain or an overlay uses it);
//   protect             refused at plan time, and here for any path that still reaches Delete;
//   retain              leave the volume file on the host, write its release record (release.ts), forget it;
//   snapshot            copy it to "<name>-final-<yyyymmddThhmmssZ>" in the same pool (standalone: an overlay is
//                       flattened, so the copy does not depend on its base), then delete it.
import { decodeRemovalPolicy, finalCopyName, finalCopyPattern, releasedOwner } from "../../../records";
import type { RemovalPolicyName } from "../../../records";
import type { Diagnostics, ModifyPlanRequest, ModifyPlanResponse, ResourceContext } from "../../framework";
import { clientOf, ignoreNotFound, knownString } from "../common";
import type { LibvirtProviderData } from "../provider-data";
import { detachFromOwnDomains } from "./detach";
import { releaseRecordName, writeReleaseRecord } from "./release";
import type { volumeSchema, VolumeState } from "./schema";

/** How long a guest gets to release a disk after a hot-unplug request before its domain is restarted without it. */
const DISK_RELEASE_TIMEOUT_MS = 10_000;

type Ctx = ResourceContext<LibvirtProviderData>;

function policyOf(values: Pick<VolumeState, "removal_policy">): RemovalPolicyName {
  return decodeRemovalPolicy(knownString(values.removal_policy), "removal_policy");
}

/** The command that brings a final copy back under the volume's old name. */
export function restoreCommand(uri: string, pool: string, copy: string, name: string): string {
  return `virsh -c ${uri} vol-clone --pool ${pool} ${copy} ${name}`;
}

/** On a planned delete: refuses a protected volume, and says what retain and snapshot will do. */
export function planVolumeRemoval(
  req: ModifyPlanRequest<typeof volumeSchema>,
  diagnostics: Diagnostics,
): ModifyPlanResponse<typeof volumeSchema> {
  const { prior, planned } = req;
  if (planned !== null || prior === null) return { planned };
  const where = `Volume ${prior.pool}/${prior.name}`;
  const policy = policyOf(prior);
  if (policy === "protect") {
    diagnostics.error(
      `${where} is protected`,
      'Its removal_policy is "protect", so this plan would destroy data that is meant to be kept. To delete it on purpose, ' +
        "first deploy it with another removal policy, then remove it. To stop managing it without deleting it, use " +
        "`terraform state rm` or a `removed { lifecycle { destroy = false } }` block.",
      ["removal_policy"],
    );
  } else if (policy === "retain") {
    diagnostics.warning(
      `${where}: removal policy retain`,
      `${where} will be kept on the host with its data; it is only removed from the state.`,
    );
  } else if (policy === "snapshot") {
    diagnostics.warning(
      `${where}: removal policy snapshot`,
      `${where} will be deleted after a standalone copy is kept as ${prior.pool}/${finalCopyPattern(prior.name)} ` +
        "(the time in the name is when the delete runs, in UTC).",
    );
  }
  return { planned };
}

/**
 * Deletes (or keeps) the volume as its policy says. Before a delete (or a final copy and delete) the volume leaves
 * the running domains of its own stack (detach.ts); `checkInUse` then throws when a running domain or an overlay
 * still uses it. Both run before a final copy is made, so a refused delete leaves no copy behind.
 */
export async function removeVolume(
  prior: VolumeState,
  ctx: Ctx,
  checkInUse: (pool: string, name: string, path: string) => Promise<void>,
): Promise<void> {
  const { client, call } = clientOf(ctx);
  const [pool, name] = [prior.pool, prior.name];
  const policy = policyOf(prior);
  if (policy === "protect") {
    ctx.diagnostics.error(
      `Volume ${pool}/${name} is protected`,
      'Its removal_policy is "protect", so the provider does not delete it.',
      ["removal_policy"],
    );
    return;
  }
  const info = await client.volumes.find(pool, name, call);
  if (!info) return;
  if (policy === "retain") {
    const marker = releasedOwner(knownString(prior.owner));
    await writeReleaseRecord(client, pool, name, marker, call);
    ctx.diagnostics.warning(
      `Volume ${pool}/${name} was kept (removal policy retain)`,
      `Its file ${
        info.path ?? "(no path)"
      } stays on the host and is no longer managed by this configuration. It is marked ` +
        `"${marker}" by its release record ${pool}/${releaseRecordName(
          name,
        )}: a configuration adopts it only on purpose, with ` +
        `adopt = "released" on a libvirt_volume of the same name (the constructs: adoptReleased: true on the Volume), ` +
        `or with terraform import libvirt_volume.<resource name> ${pool}/${name}`,
    );
    return;
  }
  if (info.path) {
    await detachFromOwnDomains({
      client,
      uri: ctx.providerData.uri,
      call,
      pool: info.pool,
      name: info.name,
      path: info.path,
      owner: knownString(prior.owner),
      releaseTimeoutMs: DISK_RELEASE_TIMEOUT_MS,
      shutdownTimeoutMs: ctx.providerData.shutdownTimeoutMs,
      log: ctx.log,
      diagnostics: ctx.diagnostics,
    });
    await checkInUse(info.pool, info.name, info.path);
  }
  if (policy === "snapshot") {
    const copy = finalCopyName(name);
    const kept = await client.volumes.copy(pool, name, copy, { ...call, timeoutMs: 60 * 60 * 1000 });
    await ignoreNotFound(client.volumes.delete(pool, name, call), "volume");
    ctx.diagnostics.warning(
      `Volume ${pool}/${name} was deleted; a final copy was kept as ${pool}/${copy}`,
      `Removal policy snapshot: the copy (${
        kept.path ?? copy
      }) holds the volume's bytes as they were just before the delete ` +
        `and does not depend on any base image. Nothing manages it. Restore it under the old name with:\n  ` +
        restoreCommand(ctx.providerData.uri, pool, copy, name),
    );
    return;
  }
  await ignoreNotFound(client.volumes.delete(pool, name, call), "volume");
}
