// Which requests may be sent again after the connection closed before any answer came (a pooled keep-alive
// connection the daemon had already closed): Incus may have received and applied the first one, so only a request
// whose second application leaves the same result may be repeated. One table, so the rule is the same for every
// caller; a request not listed is never sent twice.
//
// GET and HEAD change nothing. PUT replaces an object (or sets an instance's state) with the same body again.
// DELETE leaves the object gone either way; when the first one had been applied, the second answers NOT_FOUND,
// as any delete of an object already gone does. PATCH merges the same config keys again. POST creates, renames,
// copies, runs commands: repeating it would do it twice, except where listed below.
//
// A repeated request carries the same If-Match ETag: when the first one had been applied, the object's ETag has
// changed and the second answers PRECONDITION_FAILED, as a concurrent change would.

/** A POST or PATCH known to be idempotent. */
interface IdempotentWrite {
  readonly method: "POST" | "PATCH";
  /** Matched against the request path without its query. */
  readonly path: RegExp;
  /** Further conditions on the request headers (lower-case names). */
  readonly headers?: (headers: Readonly<Record<string, string>>) => boolean;
}

const NAME = "[^/]+";

const IDEMPOTENT_WRITES: readonly IdempotentWrite[] = [
  // Config merges of the server and of single objects.
  { method: "PATCH", path: /^\/1\.0$/ },
  { method: "PATCH", path: new RegExp(`^/1\\.0/(instances|profiles|networks|projects|storage-pools|images)/${NAME}$`) },
  { method: "PATCH", path: new RegExp(`^/1\\.0/storage-pools/${NAME}/volumes/${NAME}/${NAME}$`) },
  // A file written whole (x-incus-write: overwrite, Incus's default) or a directory created ("an existing
  // directory is left as is"); appending or creating a symlink is not repeatable.
  {
    method: "POST",
    path: new RegExp(`^/1\\.0/instances/${NAME}/files$`),
    headers: (h) =>
      (h["x-incus-type"] ?? "file") === "file"
        ? (h["x-incus-write"] ?? "overwrite") === "overwrite"
        : h["x-incus-type"] === "directory",
  },
];

/** Whether sending `method path` (with these headers) a second time leaves the same result as sending it once. */
export function isIdempotent(method: string, path: string, headers: Readonly<Record<string, string>> = {}): boolean {
  if (method === "GET" || method === "HEAD" || method === "PUT" || method === "DELETE") return true;
  const bare = path.split("?")[0];
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return IDEMPOTENT_WRITES.some((w) => w.method === method && w.path.test(bare) && (w.headers?.(lower) ?? true));
}
