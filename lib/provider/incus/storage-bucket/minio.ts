// Buckets on local pools (dir, btrfs, lvm, zfs) are served by a MinIO process incusd starts; a server without the
// `minio` binary refuses every such bucket with "Couldn't find the MinIO client tool". That refusal becomes a
// diagnostic naming the missing component, the bucket and the pool.
import { DiagnosticError } from "../../framework";

const MINIO_MISSING = /MinIO/i;

/** The error to report for a failed bucket create: a clear one when incusd lacks MinIO, else `err` itself. */
export function bucketCreateError(err: unknown, resourceType: string, pool: string, name: string): unknown {
  const message = err instanceof Error ? err.message : String(err);
  if (!MINIO_MISSING.test(message)) return err;
  return new DiagnosticError(
    `${resourceType}: the Incus server has no MinIO to serve bucket ${JSON.stringify(name)}`,
    `Buckets on local storage pools (such as ${JSON.stringify(pool)}) are served by MinIO, which incusd starts ` +
      "itself, and the server has no `minio` binary on its PATH. Nothing was created. Install MinIO on the server " +
      `(the \`minio\` server binary, in incusd's PATH), or use a pool whose driver serves buckets itself (cephobject). ` +
      `Incus said: ${message}`,
    ["pool"],
  );
}
