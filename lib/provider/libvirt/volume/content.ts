// Initial volume content (`create.content.url`): a local path, a file:// URL or an http(s):// URL. Remote content
// is downloaded to a private temporary file first, so the upload through virsh streams from disk and a failed
// download never leaves a half-written volume behind.
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";

export interface LocalContent {
  /** A local file holding the content. */
  readonly path: string;
  readonly size: number;
  /** Removes the temporary download (a no-op for local files). */
  dispose(): Promise<void>;
}

/** Makes the content available as a local file. Relative paths are taken from Terraform's working directory. */
export async function localContent(url: string, signal: AbortSignal): Promise<LocalContent> {
  if (/^https?:\/\//i.test(url)) return download(url, signal);
  const path = /^file:\/\//i.test(url) ? fileURLToPath(url) : resolve(url);
  let info;
  try {
    info = await stat(path);
  } catch (err) {
    throw new Error(`create.content.url: cannot read ${path}: ${(err as Error).message}`);
  }
  if (!info.isFile()) throw new Error(`create.content.url: ${path} is not a regular file`);
  return { path, size: info.size, dispose: async () => undefined };
}

async function download(url: string, signal: AbortSignal): Promise<LocalContent> {
  const dir = await mkdtemp(join(tmpdir(), "cdktf-virt-content-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const response = await fetch(url, { signal });
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status} ${response.statusText}`);
    const path = join(dir, "content");
    await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), createWriteStream(path));
    return { path, size: (await stat(path)).size, dispose };
  } catch (err) {
    await dispose();
    throw new Error(`create.content.url: downloading ${url} failed: ${(err as Error).message}`);
  }
}
