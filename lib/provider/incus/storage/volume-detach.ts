// Before a volume is deleted it must leave the instances using it: Terraform deletes a removed volume before it
// updates the instance whose removed attach() takes the disk away, and Incus refuses to delete a volume in use.
// Only instances of the volume's own stack are touched (their pending update removes the device anyway); any
// other user stops the delete with an error that names it and says what to do. A replaced volume gets its
// devices back when it is created again (detached-devices.ts).
import type { CallOptions, IncusClient, StorageVolume } from "../../../incus";
import type { UsedByRef } from "../../../incus/used-by";
import { ignoreNotFound } from "../../../incus";
import { detachVolume, volumeDeviceNames } from "../../../incus/volume-attachments";
import { parseUsedBy } from "../../../incus/used-by";
import { stackOfOwner } from "../../../records";
import type { Diagnostics } from "../../framework";
import { incusCommand, OWNER_KEY, shellWord } from "../common";
import type { CliRemote } from "../common";
import { rememberDetached } from "./detached-devices";

/** Where the volume is and who is asking (for messages and the project of its users). */
export interface DetachRequest {
  readonly client: IncusClient;
  /** The remote's name (the volume's key in the memory of detached devices). */
  readonly remote: string;
  /** How the user's incus client names that remote, for the commands a refusal prints. */
  readonly cliRemote: CliRemote;
  readonly pool: string;
  readonly name: string;
  readonly call: CallOptions;
  readonly diagnostics: Diagnostics;
  readonly log: { info(message: string, fields?: Record<string, unknown>): void };
}

/**
 * Detaches the volume from every instance of its stack that uses it. Returns false (with errors recorded) when a
 * user may not be touched: an instance of another stack or without the marker, a profile, or anything else.
 */
export async function detachFromOwnInstances(req: DetachRequest, volume: StorageVolume): Promise<boolean> {
  const users = (volume.used_by ?? []).map((path) => parseUsedBy(path) ?? { kind: "unknown", name: path, path });
  if (users.length === 0) return true;
  const stack = stackOfOwner(volume.config?.[OWNER_KEY]);
  let ok = true;
  for (const user of users) {
    if (user.kind !== "instances" || user.snapshot) {
      refuse(req, user, `${describe(user)} uses it; the provider only detaches volumes from instances.`);
      ok = false;
      continue;
    }
    if (!(await detachFromInstance(req, user, stack))) ok = false;
  }
  return ok;
}

async function detachFromInstance(req: DetachRequest, user: UsedByRef, stack: string | undefined): Promise<boolean> {
  const call = user.project ? { ...req.call, project: user.project } : req.call;
  const live = await ignoreNotFound(req.client.instances.get(user.name, call));
  if (!live) return true; // gone meanwhile
  const owner = live.value.config?.[OWNER_KEY];
  const instanceStack = stackOfOwner(owner);
  if (stack === undefined || instanceStack !== stack) {
    const why =
      stack === undefined
        ? `the volume carries no ${OWNER_KEY} marker, so no instance can be proven to belong to the same stack`
        : owner
          ? `the instance is marked ${JSON.stringify(owner)}, not as part of stack ${JSON.stringify(stack)}`
          : `the instance carries no ${OWNER_KEY} marker`;
    refuse(
      req,
      user,
      `It is attached to ${describe(user)}, and ${why}, so the instance was left untouched.`,
      volumeDeviceNames(live.value.devices, req.pool, req.name),
    );
    return false;
  }
  const result = await detachVolume(req.client.instances, user.name, req.pool, req.name, call);
  if (result.viaProfiles.length > 0) {
    refuse(
      req,
      user,
      `${describe(user)} gets it through a profile (device ${result.viaProfiles.join(
        ", ",
      )}); remove the device from the profile first.`,
    );
    return false;
  }
  rememberDetached(req.remote, req.call.project, req.pool, req.name, {
    instance: user.name,
    call: { ...call, signal: undefined },
    devices: result.removed,
  });
  req.log.info("detached the volume from an instance of its stack before deleting it", {
    volume: `${req.pool}/${req.name}`,
    instance: user.name,
    devices: Object.keys(result.removed),
  });
  return true;
}

function describe(user: UsedByRef): string {
  const where = user.project ? ` in project ${JSON.stringify(user.project)}` : "";
  if (user.kind === "instances" && user.snapshot)
    return `snapshot ${JSON.stringify(user.snapshot)} of instance ${JSON.stringify(user.name)}${where}`;
  if (user.kind === "instances") return `instance ${JSON.stringify(user.name)}${where}`;
  if (user.kind === "profiles") return `profile ${JSON.stringify(user.name)}${where}`;
  return JSON.stringify(user.path);
}

/** Records the error; `devices` are the user's devices of the volume when known (else the command has a placeholder). */
function refuse(req: DetachRequest, user: UsedByRef, why: string, devices: readonly string[] = []): void {
  const words = user.kind === "profiles" ? ["profile", "device", "remove"] : ["config", "device", "remove"];
  const target = shellWord(`${req.cliRemote.prefix}${user.name}`);
  const project = user.project ?? req.call.project;
  const commands = (devices.length > 0 ? devices.map(shellWord) : ["<device>"]).map((d) =>
    incusCommand([...words, target, d], project),
  );
  const first = req.cliRemote.addRemote
    ? `\`${req.cliRemote.addRemote}\` (your incus client has no remote at this address yet), then `
    : "";
  req.diagnostics.error(
    `Storage volume ${req.pool}/${req.name} is still in use by ${describe(user)}`,
    `${why} Nothing was deleted. Remove the volume from it first (in its own configuration, or with ${first}` +
      `${commands.map((c) => `\`${c}\``).join(" and ")}), then apply again.`,
  );
}
