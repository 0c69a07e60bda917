// Upload bodies with a known length for files that may be far larger than memory (image tarballs, backups, ISO
// images): one file as application/octet-stream, or a streaming multipart/form-data body. Files are read as the
// request is sent.
import { randomBytes } from "node:crypto";
import { createReadStream, promises as fs } from "node:fs";
import { Readable } from "node:stream";
import { IncusError } from "./errors";
import type { RawBody } from "./request";

/** A part's content: bytes in memory, or `{ path }` of a file to stream. */
export type PartContent = Buffer | Uint8Array | { readonly path: string };

export interface MultipartPart {
  /** Form field name (what the server looks for). */
  readonly name: string;
  readonly filename: string;
  readonly content: PartContent;
}

export interface MultipartBody {
  readonly stream: Readable;
  /** `multipart/form-data; boundary=...` */
  readonly contentType: string;
  readonly contentLength: number;
}

function quoted(value: string): string {
  return value.replace(/["\\\r\n]/g, "_");
}

async function sizeOf(content: PartContent): Promise<number> {
  if (content instanceof Uint8Array) return content.byteLength;
  try {
    const stat = await fs.stat(content.path);
    if (!stat.isFile()) throw new Error("not a regular file");
    return stat.size;
  } catch (err) {
    throw new IncusError("INVALID_OPTIONS", `Cannot read upload file ${content.path}: ${(err as Error).message}`);
  }
}

/** One local file as an application/octet-stream body; its size is read now so Content-Length can be sent. */
export async function fileBody(path: string): Promise<RawBody> {
  const contentLength = await sizeOf({ path });
  return { data: createReadStream(path), contentType: "application/octet-stream", contentLength };
}

/** Builds the body; file sizes are read now so Content-Length can be sent. */
export async function multipartBody(parts: readonly MultipartPart[]): Promise<MultipartBody> {
  const boundary = `cdktf-virt-${randomBytes(16).toString("hex")}`;
  const heads = parts.map((p) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(p.name)}"; filename="${quoted(
        p.filename,
      )}"\r\n` + `Content-Type: application/octet-stream\r\n\r\n`,
      "utf8",
    ),
  );
  const crlf = Buffer.from("\r\n", "utf8");
  const tail = Buffer.from(`--${boundary}--\r\n`, "utf8");
  const sizes = await Promise.all(parts.map((p) => sizeOf(p.content)));
  const contentLength = heads.reduce((n, h, i) => n + h.length + sizes[i] + crlf.length, 0) + tail.length;

  async function* chunks(): AsyncGenerator<Buffer> {
    for (let i = 0; i < parts.length; i++) {
      yield heads[i];
      const content = parts[i].content;
      if (content instanceof Uint8Array) yield Buffer.from(content.buffer, content.byteOffset, content.byteLength);
      else for await (const chunk of createReadStream(content.path)) yield chunk as Buffer;
      yield crlf;
    }
    yield tail;
  }

  return {
    stream: Readable.from(chunks(), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength,
  };
}
