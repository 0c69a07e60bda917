// The copies the removal policies keep in a libvirt pool, told apart by name (libvirt volumes carry no metadata):
// a retained volume has its release record "<name>.cdktf-virt-released" next to it, a SNAPSHOT volume's final copy
// is "<name>-final-<yyyymmddThhmmssZ>", and the copy taken before a rebuild is "<name>.rebuild-<domain>-<stamp>".
// A pool that holds any of them is never deleted: its Delete leaves it on the host and says what it keeps.
import { isFinalCopyName, isRebuildCopyName, releaseRecordName } from "../../../records";

export interface PoolContents {
  /** Kept copies: "name: why". */
  readonly kept: readonly { readonly name: string; readonly why: string }[];
  /** Everything else. */
  readonly others: readonly string[];
}

/** Sorts the volume names of a pool into kept copies (with their release records) and others. */
export function sortPoolContents(names: readonly string[]): PoolContents {
  const all = new Set(names);
  const kept: { name: string; why: string }[] = [];
  const others: string[] = [];
  for (const name of names) {
    const record = name.endsWith(releaseRecordName("")) && all.has(name.slice(0, -releaseRecordName("").length));
    if (all.has(releaseRecordName(name))) kept.push({ name, why: "released (removal policy retain)" });
    else if (record) kept.push({ name, why: "release record of the retained volume beside it" });
    else if (isFinalCopyName(name)) kept.push({ name, why: "final copy (removal policy snapshot)" });
    else if (isRebuildCopyName(name)) kept.push({ name, why: "copy taken before a rebuild (snapshotBeforeRebuild)" });
    else others.push(name);
  }
  return { kept, others };
}

/** The warning of a pool Delete that leaves the pool on the host because it holds kept copies. */
export function keptPoolNotice(uri: string, pool: string, contents: PoolContents): { summary: string; detail: string } {
  const lines = [
    "It still holds data that removal policies keep, so it is left on the host and dropped from the state:",
    ...contents.kept.map((v) => `  - ${v.name}: ${v.why}`),
    ...contents.others.map((name) => `  - ${name}`),
    "Adopt a retained volume with a Volume of the same name and adoptReleased: true. When the copies are no longer needed, delete them by hand, then the pool:",
    ...[...contents.kept.map((v) => v.name), ...contents.others].map(
      (name) => `  virsh -c ${uri} vol-delete --pool ${pool} ${name}`,
    ),
    `  virsh -c ${uri} pool-destroy ${pool} && virsh -c ${uri} pool-undefine ${pool}`,
  ];
  return { summary: `Pool ${pool} was kept: it holds kept copies`, detail: lines.join("\n") };
}
