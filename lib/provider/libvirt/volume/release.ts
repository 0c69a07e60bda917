// The release record of a retained libvirt volume. Incus volumes carry their owner marker in their config, so a
// retained one is marked "released:<old owner>" in place; libvirt storage volumes have no metadata to write. The
// record is therefore a small raw volume next to it in the same pool, "<name>.cdktf-virt-released", whose bytes are
// the released marker. It proves on the host that the volume was let go on purpose: adoption (`adopt`) takes over
// only a volume with a record that matches, and removes the record when it does. A volume without one may belong to
// a live stack (its owner lives in that stack's state) and is never taken over.
import type { LibvirtClient, VirshCallOptions } from "../../../libvirt";
import { decodeReleaseRecord, encodeReleaseRecord, releaseRecordName } from "../../../records";
import { ignoreNotFound } from "../common";

export { releaseRecordName };

/** Writes the record holding `marker` ("released:<old owner>"), replacing an older one. */
export async function writeReleaseRecord(
  client: LibvirtClient,
  pool: string,
  name: string,
  marker: string,
  call: VirshCallOptions,
): Promise<void> {
  const record = releaseRecordName(name);
  const bytes = encodeReleaseRecord(marker);
  await ignoreNotFound(client.volumes.delete(pool, record, call), "volume");
  await client.volumes.create(pool, { name: record, capacity: bytes.length, format: "raw" }, call);
  await client.volumes.upload(pool, record, bytes, {}, call);
}

/** The released marker recorded for volume `name`, or undefined when it has no record. */
export async function readReleaseRecord(
  client: LibvirtClient,
  pool: string,
  name: string,
  call: VirshCallOptions,
): Promise<string | undefined> {
  const record = releaseRecordName(name);
  if (!(await client.volumes.find(pool, record, call))) return undefined;
  return decodeReleaseRecord(await client.volumes.download(pool, record, {}, call));
}

/** Removes the record (after an adoption). */
export async function deleteReleaseRecord(
  client: LibvirtClient,
  pool: string,
  name: string,
  call: VirshCallOptions,
): Promise<void> {
  await ignoreNotFound(client.volumes.delete(pool, releaseRecordName(name), call), "volume");
}
