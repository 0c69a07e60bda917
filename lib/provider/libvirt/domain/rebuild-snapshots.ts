// Snapshots before a rebuild on libvirt: when a domain whose metadata asks for them (the constructs' attach option
// snapshotBeforeRebuild) is deleted — removed, destroyed or replaced — each named volume is copied after the guest
// has stopped and before the domain is undefined, to "<volume>.rebuild-<domain>-<yyyymmddThhmmssZ>" in the same pool
// (a standalone copy: an overlay is flattened). Only the newest `keep` copies of that domain are kept. A failed copy
// stops the delete, so the domain is never rebuilt without the snapshot it asked for.
import type { LibvirtClient, VirshCallOptions } from "../../../libvirt";
import { extractMetadataXml } from "../../../libvirt/metadata";
import {
  decodeRebuildSnapshotsXml as rebuildSnapshotSpecs,
  rebuildCopyName,
  rebuildCopyPrefix,
} from "../../../records";
import type { Diagnostics } from "../../framework";

/** A copy made before a domain was deleted. */
export interface RebuildCopy {
  readonly pool: string;
  readonly volume: string;
  readonly copy: string;
}

/** Copies the volumes the domain's definition asks for and prunes old copies; returns what was kept. */
export async function snapshotBeforeDelete(
  client: LibvirtClient,
  domain: string,
  definitionXml: string,
  call: VirshCallOptions,
  log: { info(message: string, fields?: Record<string, unknown>): void },
): Promise<RebuildCopy[]> {
  const kept: RebuildCopy[] = [];
  for (const spec of rebuildSnapshotSpecs(extractMetadataXml(definitionXml))) {
    if (!(await client.volumes.find(spec.pool, spec.volume, call))) continue; // gone already: nothing to keep
    const copy = rebuildCopyName(spec.volume, domain);
    try {
      await client.volumes.copy(spec.pool, spec.volume, copy, { ...call, timeoutMs: 60 * 60 * 1000 });
    } catch (err) {
      throw new Error(
        `the snapshot before rebuild of volume ${spec.pool}/${
          spec.volume
        } (${copy}) failed, so domain ${domain} was not deleted: ${(err as Error).message}`,
      );
    }
    kept.push({ pool: spec.pool, volume: spec.volume, copy });
    log.info("copied a volume before its domain is deleted", { volume: `${spec.pool}/${spec.volume}`, copy });
    const prefix = rebuildCopyPrefix(spec.volume, domain);
    const copies = (await client.volumes.list(spec.pool, call))
      .map((v) => v.name)
      .filter((n) => n.startsWith(prefix))
      .sort();
    for (const old of copies.slice(0, Math.max(0, copies.length - spec.keep))) {
      await client.volumes.delete(spec.pool, old, call);
      log.info("removed an old snapshot before rebuild", { volume: `${spec.pool}/${old}` });
    }
  }
  return kept;
}

/**
 * The command that keeps a copy's bytes as a volume of their own, "<volume>.restored-<stamp of the copy>": the copy
 * itself is deleted by the retention count at a later rebuild. `-c` names the provider's URI, so the command reaches
 * the same libvirtd whatever virsh's default connection is.
 */
export function rebuildCopyCommand(uri: string, kept: RebuildCopy, domain: string): string {
  const restored = `${kept.volume}.restored-${kept.copy.slice(rebuildCopyPrefix(kept.volume, domain).length)}`;
  return `virsh -c ${uri} vol-clone --pool ${kept.pool} ${kept.copy} ${restored}`;
}

/** One warning per copy: its name and the virsh command that brings its bytes back as a new volume. */
export function reportRebuildCopies(
  domain: string,
  uri: string,
  kept: readonly RebuildCopy[],
  diagnostics: Diagnostics,
): void {
  for (const k of kept) {
    diagnostics.warning(
      `Domain ${domain}: snapshot before rebuild kept as ${k.pool}/${k.copy}`,
      `Before the domain was deleted, volume ${k.pool}/${k.volume} was copied to ${k.pool}/${k.copy} (a standalone copy; only ` +
        "the newest copies are kept, as the domain's metadata asks). Keep its bytes as a volume of their own, to attach in " +
        `place of ${k.volume}, with:\n  ${rebuildCopyCommand(uri, k, domain)}`,
    );
  }
}
