// Files inside an instance (/1.0/instances/{name}/files?path=): push, pull, mkdir, symlink, delete.
import type { Readable } from "node:stream";
import type { CallOptions, IncusApi } from "./api";
import { PROJECT, apiPath } from "./api";
import { IncusError } from "./errors";

export type InstanceFileType = "file" | "directory" | "symlink";

/** Ownership and permissions of a pushed file or directory. */
export interface FileOwnership {
  /** @default 0 (root) */
  readonly uid?: number;
  /** @default 0 (root) */
  readonly gid?: number;
  /** Permission bits as a number (0o640) or an octal string ("0640"). @default Incus' default (0644 files, 0755 dirs) */
  readonly mode?: number | string;
}

export interface FilePushOptions extends CallOptions, FileOwnership {
  /** "append" adds to an existing file. @default "overwrite" */
  readonly write?: "overwrite" | "append";
}

/** What GET on a path returned. */
export interface InstanceFile {
  readonly type: InstanceFileType;
  readonly uid: number;
  readonly gid: number;
  /** Permission bits, e.g. 0o640. */
  readonly mode: number;
  /** File contents, or a symlink's target. */
  readonly content?: Buffer;
  /** Directory entries (names), for directories. */
  readonly entries?: string[];
}

/** Formats a mode for the X-Incus-mode header (4 octal digits). */
export function formatMode(mode: number | string): string {
  if (typeof mode === "number") {
    if (!Number.isInteger(mode) || mode < 0 || mode > 0o7777)
      throw new IncusError("INVALID_OPTIONS", `File mode ${mode} is not between 0 and 0o7777`);
    return mode.toString(8).padStart(4, "0");
  }
  if (!/^[0-7]{3,4}$/.test(mode))
    throw new IncusError(
      "INVALID_OPTIONS",
      `File mode ${JSON.stringify(mode)} is not 3 or 4 octal digits (e.g. "0640")`,
    );
  return mode.padStart(4, "0");
}

function checkPath(path: string): void {
  if (!path.startsWith("/"))
    throw new IncusError("INVALID_OPTIONS", `File path ${JSON.stringify(path)} must be absolute (start with /)`);
}

function ownershipHeaders(type: InstanceFileType, o: FileOwnership): Record<string, string> {
  const headers: Record<string, string> = { "x-incus-type": type };
  if (o.uid !== undefined) headers["x-incus-uid"] = String(o.uid);
  if (o.gid !== undefined) headers["x-incus-gid"] = String(o.gid);
  if (o.mode !== undefined) headers["x-incus-mode"] = formatMode(o.mode);
  return headers;
}

function header(headers: Record<string, unknown>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? String(v[0]) : v === undefined ? undefined : String(v);
}

/**
 * The files API of one object: an instance (`/1.0/instances/NAME/files`) or a custom volume
 * (`/1.0/storage-pools/POOL/volumes/custom/NAME/files`, API extension file_storage_volume); both take the same
 * requests and headers. `what` names the object in errors ("instance web").
 */
export class FilesEndpoint {
  constructor(
    private readonly api: IncusApi,
    private readonly endpoint: string,
    readonly what: string,
  ) {}

  /** Writes a file (parent directories must exist). Strings are written as UTF-8. */
  async push(
    path: string,
    content: Buffer | Uint8Array | string | Readable,
    options: FilePushOptions = {},
  ): Promise<void> {
    checkPath(path);
    const { uid, gid, mode, write, ...call } = options;
    const data = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    const headers = { ...ownershipHeaders("file", { uid, gid, mode }), "x-incus-write": write ?? "overwrite" };
    // Incus reads the body only when it is declared as octet-stream.
    await this.api.write("POST", this.endpoint, call, PROJECT, {
      query: { path },
      headers,
      raw: {
        data,
        contentType: "application/octet-stream",
        ...(Buffer.isBuffer(data) || data instanceof Uint8Array ? { contentLength: data.byteLength } : {}),
      },
    });
  }

  /** Creates a directory (its parent must exist; an existing directory is left as is). */
  async mkdir(path: string, options: CallOptions & FileOwnership = {}): Promise<void> {
    checkPath(path);
    const { uid, gid, mode, ...call } = options;
    await this.api.write("POST", this.endpoint, call, PROJECT, {
      query: { path },
      headers: ownershipHeaders("directory", { uid, gid, mode }),
    });
  }

  /** Creates a symlink at `path` pointing to `target`. */
  async symlink(path: string, target: string, options: CallOptions & FileOwnership = {}): Promise<void> {
    checkPath(path);
    const { uid, gid, mode, ...call } = options;
    await this.api.write("POST", this.endpoint, call, PROJECT, {
      query: { path },
      headers: ownershipHeaders("symlink", { uid, gid, mode }),
      raw: { data: Buffer.from(target, "utf8"), contentType: "application/octet-stream" },
    });
  }

  /** Reads a path: file bytes, symlink target or directory entries, with owner and mode. */
  async get(path: string, call?: CallOptions): Promise<InstanceFile> {
    checkPath(path);
    const res = await this.api.download(this.endpoint, call, PROJECT, { path });
    const headers = res.headers as Record<string, unknown>;
    const type = (header(headers, "x-incus-type") ?? "file") as InstanceFileType;
    const meta = {
      type,
      uid: Number(header(headers, "x-incus-uid") ?? 0),
      gid: Number(header(headers, "x-incus-gid") ?? 0),
      mode: parseInt(header(headers, "x-incus-mode") ?? "0", 8),
    };
    if (type === "directory") return { ...meta, entries: (res.envelope?.metadata as string[] | null) ?? [] };
    return { ...meta, content: res.bytes ?? Buffer.alloc(0) };
  }

  /** Reads a file's bytes; a directory is an INVALID_OPTIONS error. */
  async pull(path: string, call?: CallOptions): Promise<Buffer> {
    const file = await this.get(path, call);
    if (file.type === "directory") {
      throw new IncusError("INVALID_OPTIONS", `${path} in ${this.what} is a directory; use get() to list it`);
    }
    return file.content ?? Buffer.alloc(0);
  }

  /** Deletes a file, symlink or empty directory. */
  async delete(path: string, call?: CallOptions): Promise<void> {
    checkPath(path);
    await this.api.write("DELETE", this.endpoint, call, PROJECT, { query: { path } });
  }
}

export class InstanceFilesApi {
  constructor(private readonly api: IncusApi) {}

  /** The files of one instance. */
  of(instance: string): FilesEndpoint {
    return new FilesEndpoint(this.api, apiPath("instances", instance, "files"), `instance ${instance}`);
  }

  /** Writes a file (parent directories must exist). Strings are written as UTF-8. */
  push(
    instance: string,
    path: string,
    content: Buffer | Uint8Array | string | Readable,
    options: FilePushOptions = {},
  ): Promise<void> {
    return this.of(instance).push(path, content, options);
  }

  /** Creates a directory (its parent must exist; an existing directory is left as is). */
  mkdir(instance: string, path: string, options: CallOptions & FileOwnership = {}): Promise<void> {
    return this.of(instance).mkdir(path, options);
  }

  /** Creates a symlink at `path` pointing to `target`. */
  symlink(instance: string, path: string, target: string, options: CallOptions & FileOwnership = {}): Promise<void> {
    return this.of(instance).symlink(path, target, options);
  }

  /** Reads a path: file bytes, symlink target or directory entries, with owner and mode. */
  get(instance: string, path: string, call?: CallOptions): Promise<InstanceFile> {
    return this.of(instance).get(path, call);
  }

  /** Reads a file's bytes; a directory is an INVALID_OPTIONS error. */
  pull(instance: string, path: string, call?: CallOptions): Promise<Buffer> {
    return this.of(instance).pull(path, call);
  }

  /** Deletes a file, symlink or empty directory. */
  delete(instance: string, path: string, call?: CallOptions): Promise<void> {
    return this.of(instance).delete(path, call);
  }
}
