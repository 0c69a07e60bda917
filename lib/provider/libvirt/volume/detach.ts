// Before a volume is deleted it must leave the running domains using it: Terraform deletes a removed volume before
// it updates the domain whose removed attach() takes the disk away, and deleting a disk under a running guest would
// pull it from under the guest. The disk is unplugged live where the bus allows it (SCSI, USB; virtio when the guest
// handles ACPI hotplug); otherwise the domain is restarted without it, the restart its own update would have made. The proof that a domain may be touched: its own metadata marker and the volume's
// `owner` (from the volume's state) name the same stack, so the domain is ours and its pending update removes the
// disk anyway. Any other user — a domain without a marker, of another stack, or a volume without an owner — stops
// the delete with an error naming it, before anything is detached.
import type { LibvirtClient, VirshCallOptions } from "../../../libvirt";
import { stackOfOwner } from "../../../records";
import type { Diagnostics } from "../../framework";
import { stopForChange } from "../common/stop";
import { SHUTDOWN_TIMEOUT_ENV } from "../provider-data";
import { rememberDetached } from "./detached-disks";

export interface DetachRequest {
  readonly client: LibvirtClient;
  /** The provider's connection URI (the key of the memory of detached disks). */
  readonly uri: string;
  readonly call: VirshCallOptions;
  readonly pool: string;
  readonly name: string;
  readonly path: string;
  /** The volume's `owner` from its state. */
  readonly owner: string | undefined;
  /** How long a guest gets to release a disk after the unplug request. */
  readonly releaseTimeoutMs: number;
  /** How long a guest gets to power off when the disk cannot be unplugged live. */
  readonly shutdownTimeoutMs: number;
  readonly log: { info(message: string, fields?: Record<string, unknown>): void };
  readonly diagnostics: Diagnostics;
}

/** Detaches the volume from every running domain of its stack; throws (touching nothing) when another user has it. */
export async function detachFromOwnDomains(req: DetachRequest): Promise<void> {
  const { client, call } = req;
  const users = await client.domains.diskUsers(req.path, { pool: req.pool, name: req.name }, call);
  if (users.length === 0) return;
  const stack = stackOfOwner(req.owner);
  const ours: typeof users = [];
  for (const user of users) {
    const marker = (await client.domains.find(user.domain, call))?.ownerMarker;
    if (stack !== undefined && stackOfOwner(marker) === stack) {
      ours.push(user);
      continue;
    }
    const why =
      stack === undefined
        ? "the volume has no owner in its state, so no domain can be proven to belong to the same stack (deploy it once with " +
          "this version of the constructs, which writes the owner, then remove it)"
        : marker !== undefined
          ? `the domain is marked ${JSON.stringify(marker)}, not as part of stack ${JSON.stringify(stack)}`
          : "the domain carries no cdktf-virt owner marker in its metadata";
    throw new Error(
      `volume ${req.pool}/${req.name} is in use by running domain ${user.domain} (${user.target}), and ${why}, so the domain was ` +
        "left untouched and nothing was deleted. Detach the disk from that domain first (in its own configuration, or with " +
        `\`virsh detach-disk ${user.domain} ${user.target} --live --config\`), then apply again.`,
    );
  }
  for (const user of ours) {
    // Kept for a create of the same volume in this apply (a replacement), which plugs it back in.
    const diskXml = await client.domains.diskElementXml(user.domain, user.target, call);
    if (diskXml !== undefined) rememberDetached(req.uri, req.pool, req.name, { ...user, diskXml });
    try {
      await client.domains.detachDiskLive(user.domain, user.target, { timeoutMs: req.releaseTimeoutMs }, call);
      req.log.info("detached the volume from a running domain of its stack before deleting it", {
        volume: `${req.pool}/${req.name}`,
        ...user,
      });
    } catch (err) {
      // The bus cannot unplug it (SATA, virtio without ACPI hotplug) or the guest did not release it: do what the
      // domain's pending update would do for a removed disk — stop, redefine without it, start — only earlier.
      req.log.info("the disk cannot be unplugged while the domain runs; restarting the domain without it", {
        volume: `${req.pool}/${req.name}`,
        ...user,
        reason: (err as Error).message,
      });
      await stopForChange({
        client,
        call,
        name: user.domain,
        gracefulTimeoutMs: req.shutdownTimeoutMs,
        why: `to take away the disk of volume ${req.pool}/${req.name}, which cannot be unplugged while it runs`,
        timeoutSetting: SHUTDOWN_TIMEOUT_ENV,
        diagnostics: req.diagnostics,
      });
      await client.domains.detachDiskFromDefinition(user.domain, user.target, call);
      await client.domains.start(user.domain, call);
    }
  }
}
