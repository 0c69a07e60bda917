// Downloads volume content over http(s) into a local file, hashing it on the way and stopping at a size cap.
// https trusts node's bundled roots plus NODE_EXTRA_CA_CERTS (moved to CDKTF_VIRT_NODE_EXTRA_CA_CERTS by the
// provider's launcher; the same anchors Incus remotes use), so a corporate mirror with its own CA works. Plain http
// and redirects to it are refused unless the configuration allows them.
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import * as http from "node:http";
import * as https from "node:https";
import { finished } from "node:stream/promises";
// The one file, not the remotes index: the libvirt provider needs the anchors, nothing else of the Incus client.
import { systemTrustAnchors } from "../../../system-trust";

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface DownloadOptions {
  /** Refuse a body larger than this many bytes. */
  readonly maxBytes: number;
  /** Accept http:// (and redirects to it). */
  readonly allowInsecureHttp: boolean;
  /**
   * Refuse a response that does not announce its size (no Content-Length): set when neither the volume's capacity
   * nor create.content.max_bytes bounds the download, as the official provider needs the size up front.
   */
  readonly requireLength: boolean;
  /** Digest algorithm to compute on the way ("sha256", "sha512"). */
  readonly algorithm: string;
  readonly signal: AbortSignal;
}

export interface Downloaded {
  readonly size: number;
  /** Hex digest of the body in `options.algorithm`. */
  readonly digest: string;
}

/** Thrown for a download the configuration refuses (insecure scheme, too large); the message names the setting. */
export class RefusedDownload extends Error {
  constructor(
    message: string,
    readonly attribute: string,
  ) {
    super(message);
  }
}

/** Fetches `url` (following up to five redirects) into `path`. */
export async function downloadTo(url: string, path: string, options: DownloadOptions): Promise<Downloaded> {
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    checkScheme(target, options, hop > 0 ? url : undefined);
    const response = await request(target, options.signal);
    const location = response.headers.location;
    if (REDIRECTS.has(response.statusCode ?? 0) && location) {
      response.resume();
      if (hop >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
      target = new URL(location, target);
      continue;
    }
    if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) > 299) {
      response.resume();
      throw new Error(`HTTP ${response.statusCode} ${response.statusMessage ?? ""}`.trim());
    }
    return save(response, path, options, target.href);
  }
}

function checkScheme(target: URL, options: DownloadOptions, redirectedFrom: string | undefined): void {
  if (target.protocol === "https:") return;
  if (target.protocol === "http:" && options.allowInsecureHttp) return;
  const how = redirectedFrom ? ` (redirected from ${redirectedFrom})` : "";
  if (target.protocol === "http:") {
    throw new RefusedDownload(
      `${target.href}${how} is plain http: anyone on the path can change the image. Use https, or set ` +
        "create.content.allow_insecure_http = true (best together with create.content.checksum).",
      "allow_insecure_http",
    );
  }
  throw new RefusedDownload(`${target.href}${how}: only http(s) URLs can be downloaded`, "url");
}

function request(target: URL, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const options = { signal, headers: { "user-agent": "cdktf-virt libvirt provider" } };
    const req =
      target.protocol === "https:"
        ? https.get(target, { ...options, ca: systemTrustAnchors() }, resolve)
        : http.get(target, options, resolve);
    req.on("error", reject);
  });
}

/** Streams the body to `path`, hashing it and stopping at the cap (announced by Content-Length or counted). */
async function save(
  response: http.IncomingMessage,
  path: string,
  options: DownloadOptions,
  href: string,
): Promise<Downloaded> {
  const tooLarge = (size: string) =>
    new RefusedDownload(
      `${href} is ${size}, more than the ${options.maxBytes} bytes allowed (the volume's capacity, or create.content.max_bytes); ` +
        "nothing was uploaded. Raise capacity or max_bytes if the image really is that large.",
      "max_bytes",
    );
  const length = response.headers["content-length"];
  if (length === undefined && options.requireLength) {
    response.destroy();
    throw new RefusedDownload(
      `${href} does not announce its size (no Content-Length) and neither capacity nor create.content.max_bytes is set, ` +
        "so the volume's size is unknown before the download; nothing was created. Set capacity (the volume's size, " +
        "see capacity_unit) or create.content.max_bytes (the largest download to accept).",
      "url",
    );
  }
  const announced = Number(length);
  if (Number.isFinite(announced) && announced > options.maxBytes) {
    response.destroy();
    throw tooLarge(`${announced} bytes`);
  }
  const hash = createHash(options.algorithm);
  const out = createWriteStream(path, { mode: 0o600 });
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > options.maxBytes) {
        response.destroy();
        throw tooLarge(`larger than that`);
      }
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    }
  } finally {
    out.end();
    await finished(out).catch(() => undefined);
  }
  return { size, digest: hash.digest("hex") };
}
