// Creating an image from each kind of source. Every path returns the new image's fingerprint; aliases are
// added afterwards by the resource so create and update share one alias routine.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import type { CallOptions, IncusClient } from "../../../incus";
import { copyImageBetweenServers } from "../../../incus/server-copy";
import { knownOrNull } from "../../framework";
import type { IncusProviderData } from "../provider-data";
import type { SourceFile, SourceImage, SourceInstance } from "./schema";

/** SHA-256 of the files in order: Incus' fingerprint of a unified (one file) or split (metadata + rootfs) image. */
export async function localFingerprint(files: readonly string[]): Promise<string> {
  const hash = createHash("sha256");
  for (const file of files) {
    await new Promise<void>((resolve, reject) => {
      fs.createReadStream(file)
        .on("data", (chunk) => hash.update(chunk))
        .on("end", () => resolve())
        .on("error", (err) => reject(new Error(`Cannot read ${file}: ${err.message}`)));
    });
  }
  return hash.digest("hex");
}

/** qcow2 disk images (virtual-machine images) start with "QFI\xfb". */
function isQcow2(file: string): boolean {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(4);
    fs.readSync(fd, head, 0, 4, 0);
    return head.equals(Buffer.from([0x51, 0x46, 0x49, 0xfb]));
  } finally {
    fs.closeSync(fd);
  }
}

/** The local files of a source_file, in fingerprint order (metadata first); empty for a URL. */
export function sourceFiles(source: SourceFile): string[] {
  if (source.data_path.startsWith("https://")) return [];
  return source.metadata_path ? [source.metadata_path, source.data_path] : [source.data_path];
}

/** Uploads a unified or split image from local files, or lets the server pull an https URL. */
export async function createFromFile(client: IncusClient, source: SourceFile, call: CallOptions): Promise<string> {
  if (source.data_path.startsWith("https://")) return client.images.importUrl(source.data_path, call);
  for (const file of sourceFiles(source)) {
    if (!fs.existsSync(file))
      throw new Error(
        `Image file ${JSON.stringify(file)} does not exist (paths are relative to the Terraform working directory).`,
      );
  }
  if (source.metadata_path) {
    const imported = await client.images.import({
      ...call,
      metadata: source.metadata_path,
      rootfs: source.data_path,
      type: isQcow2(source.data_path) ? "virtual-machine" : "container",
    });
    return imported.fingerprint;
  }
  return client.images.importFile(source.data_path, call);
}

/** Publishes an instance or one of its snapshots (a running instance must be stopped first, as with the CLI). */
export async function createFromInstance(
  client: IncusClient,
  source: SourceInstance,
  call: CallOptions,
): Promise<string> {
  return client.images.publish(source.name, { ...call, snapshot: source.snapshot ?? undefined });
}

/**
 * Copies an image from an image server (simplestreams, oci or a public Incus remote: the target server pulls it
 * by alias or fingerprint) or from a private Incus remote (the source hands out a one-time download secret and
 * the target pulls with it, as `incus image copy` does). Either way the target reaches the source over HTTPS.
 */
export async function createFromImage(
  data: IncusProviderData,
  client: IncusClient,
  source: SourceImage,
  call: CallOptions,
): Promise<{ fingerprint: string; sourceAliases?: string[] }> {
  const info = data.remoteInfo(source.remote);
  if (!info.address.startsWith("https://")) {
    throw new Error(
      `source_image.remote ${JSON.stringify(source.remote)} is at ${
        info.address
      }; the target server pulls images over HTTPS only.`,
    );
  }
  const imageType = source.type === "virtual-machine" ? "virtual-machine" : "container";
  const architecture = knownOrNull(source.architecture) ?? undefined;
  if (info.protocol === "incus" && !info.public) {
    const sourceClient = data.client(source.remote);
    const fingerprint = await copyImageBetweenServers(
      client,
      { client: sourceClient, url: info.address },
      { name: source.name, imageType, architecture },
      call,
    );
    // copy_aliases copies every alias the image has on its server, as `incus image copy --copy-aliases` does.
    const image = await sourceClient.images.get(fingerprint, { signal: call.signal });
    return { fingerprint, sourceAliases: image.value.aliases.map((a) => a.name) };
  }
  const fingerprint = await client.images.copyFromServer(
    { server: info.address, protocol: info.protocol, alias: source.name, imageType, architecture },
    call,
  );
  return { fingerprint };
}
