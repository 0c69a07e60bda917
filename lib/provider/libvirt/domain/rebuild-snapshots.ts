// Snapshots before a rebuild on libvirt: when a domain whose metadata asks for them (the constructs' attach option
// snapshotBeforeRebuild) is deleted — removed, destroyed or replaced — each named volume is copied after the guest
// has stopped and before the domain is undefined, to "<volume>.rebuild-<domain>-<yyyymmddThhmmssZ>" in the same pool
// (a standalone copy: an overlay is flattened). Only the newest `keep` copies of that domain are kept. A failed copy
// stops the delete, so the domain is never rebuilt without the snapshot it asked for.
import type { LibvirtClient, VirshCallOptions } from "../../../libvirt";
import { extractMetadataXml, rebuildSnapshotSpecs } from "../../../libvirt";
import { rebuildSnapshotName, rebuildSnapshotPrefix } from "../../../removal-policy";

/** The copy's name: the volume's name, then the snapshot name Incus would use. */
export function rebuildCopyPrefix(volume: string, domain: string): string {
  return `${volume}.${rebuildSnapshotPrefix(domain)}`;
}

/** Copies the volumes the domain's definition asks for and prunes old copies; returns what was kept. */
export async function snapshotBeforeDelete(
  client: LibvirtClient,
  domain: string,
  definitionXml: string,
  call: VirshCallOptions,
  log: { info(message: string, fields?: Record<string, unknown>): void },
): Promise<string[]> {
  const kept: string[] = [];
  for (const spec of rebuildSnapshotSpecs(extractMetadataXml(definitionXml))) {
    if (!(await client.volumes.find(spec.pool, spec.volume, call))) continue; // gone already: nothing to keep
    const copy = `${spec.volume}.${rebuildSnapshotName(domain)}`;
    try {
      await client.volumes.copy(spec.pool, spec.volume, copy, { ...call, timeoutMs: 60 * 60 * 1000 });
    } catch (err) {
      throw new Error(
        `the snapshot before rebuild of volume ${spec.pool}/${spec.volume} (${copy}) failed, so domain ${domain} was not deleted: ${(err as Error).message}`,
      );
    }
    kept.push(`${spec.pool}/${copy}`);
    log.info("copied a volume before its domain is deleted", { volume: `${spec.pool}/${spec.volume}`, copy });
    const prefix = rebuildCopyPrefix(spec.volume, domain);
    const copies = (await client.volumes.list(spec.pool, call)).map((v) => v.name).filter((n) => n.startsWith(prefix)).sort();
    for (const old of copies.slice(0, Math.max(0, copies.length - spec.keep))) {
      await client.volumes.delete(spec.pool, old, call);
      log.info("removed an old snapshot before rebuild", { volume: `${spec.pool}/${old}` });
    }
  }
  return kept;
}
