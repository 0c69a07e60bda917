// Initial volume content (`create.content`): a local path, a file:// URL or an http(s):// URL. Remote content is
// downloaded to a private temporary file first (download.ts), so the upload through virsh streams from disk, and
// the checksum and size are checked before anything reaches the pool: a refused download leaves no volume behind.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { downloadTo, RefusedDownload } from "./download";

/** The largest download accepted when neither capacity nor create.content.max_bytes says otherwise. */
export const DEFAULT_MAX_DOWNLOAD_BYTES = 32 * 1024 ** 3;

/** "sha256:<64 hex>" or "sha512:<128 hex>". */
export const CHECKSUM_PATTERN = /^(sha256:[0-9a-fA-F]{64}|sha512:[0-9a-fA-F]{128})$/;

export interface ContentSource {
  readonly url: string;
  /** Expected digest, "<algorithm>:<hex>". */
  readonly checksum?: string;
  /**
   * Refuse a download larger than this (bytes): create.content.max_bytes, else the volume's capacity. Left unset, a
   * server must announce the size (Content-Length), and DEFAULT_MAX_DOWNLOAD_BYTES still caps what it sends.
   */
  readonly maxBytes?: number;
  /** Accept plain http. @default false */
  readonly allowInsecureHttp?: boolean;
}

export interface LocalContent {
  /** A local file holding the content. */
  readonly path: string;
  readonly size: number;
  /** Removes the temporary download (a no-op for local files). */
  dispose(): Promise<void>;
}

/** A content problem the user fixes in the configuration: `attribute` is the create.content attribute to name. */
export class ContentError extends Error {
  constructor(
    readonly summary: string,
    message: string,
    readonly attribute: string,
  ) {
    super(message);
  }
}

/** Makes the content available as a local file whose checksum matched. Relative paths are taken from Terraform's working directory. */
export async function localContent(source: ContentSource, signal: AbortSignal): Promise<LocalContent> {
  const expected = parseChecksum(source.checksum);
  if (/^https?:\/\//i.test(source.url)) return download(source, expected, signal);
  const path = /^file:\/\//i.test(source.url) ? fileURLToPath(source.url) : resolve(source.url);
  let info;
  try {
    info = await stat(path);
  } catch (err) {
    throw new ContentError(
      "Content not readable",
      `create.content.url: cannot read ${path}: ${(err as Error).message}`,
      "url",
    );
  }
  if (!info.isFile())
    throw new ContentError("Content not readable", `create.content.url: ${path} is not a regular file`, "url");
  if (expected) checkDigest(source.url, expected, await fileDigest(path, expected.algorithm));
  return { path, size: info.size, dispose: async () => undefined };
}

async function download(
  source: ContentSource,
  expected: Checksum | undefined,
  signal: AbortSignal,
): Promise<LocalContent> {
  const dir = await mkdtemp(join(tmpdir(), "cdktf-virt-content-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const path = join(dir, "content");
    const got = await downloadTo(source.url, path, {
      maxBytes: source.maxBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES,
      allowInsecureHttp: source.allowInsecureHttp === true,
      requireLength: source.maxBytes === undefined,
      algorithm: expected?.algorithm ?? "sha256",
      signal,
    });
    if (expected) checkDigest(source.url, expected, got.digest);
    return { path, size: got.size, dispose };
  } catch (err) {
    await dispose();
    if (err instanceof ContentError) throw err;
    if (err instanceof RefusedDownload)
      throw new ContentError("Download refused", `create.content.${err.attribute}: ${err.message}`, err.attribute);
    throw new ContentError(
      "Download failed",
      `create.content.url: downloading ${source.url} failed: ${(err as Error).message}`,
      "url",
    );
  }
}

interface Checksum {
  readonly algorithm: string;
  readonly hex: string;
}

function parseChecksum(checksum: string | undefined): Checksum | undefined {
  if (checksum === undefined) return undefined;
  if (!CHECKSUM_PATTERN.test(checksum)) {
    throw new ContentError(
      "Invalid checksum",
      `create.content.checksum: expected "sha256:<64 hex digits>" or "sha512:<128 hex digits>", got ${JSON.stringify(
        checksum,
      )}`,
      "checksum",
    );
  }
  const [algorithm, hex] = checksum.split(":");
  return { algorithm, hex: hex.toLowerCase() };
}

function checkDigest(url: string, expected: Checksum, actual: string): void {
  if (actual === expected.hex) return;
  throw new ContentError(
    "Content checksum mismatch",
    `create.content.checksum: ${url} has ${expected.algorithm}:${actual}, but the configuration expects ${expected.algorithm}:${expected.hex}; ` +
      "nothing was uploaded and no volume was created.",
    "checksum",
  );
}

async function fileDigest(path: string, algorithm: string): Promise<string> {
  const hash = createHash(algorithm);
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
