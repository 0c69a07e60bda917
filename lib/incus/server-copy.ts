// Copies between two Incus servers, as `incus image copy` and `incus storage volume copy` do them: the source
// hands out one-time secrets (an image download secret, or those of a volume migration operation) and the target
// pulls from the source's HTTPS address, verifying it by the source's certificate. A source operation ends once
// the target has used it; it is cancelled when the target's side fails, so no secret stays valid.
import type { CallOptions } from "./api";
import { UNSCOPED, apiPath } from "./api";
import type { IncusClient } from "./client";
import { IncusError, ignoreNotFound } from "./errors";
import type { InstanceType } from "./types";

/** The server a copy comes from, as the target reaches it. */
export interface SourceServer {
  readonly client: IncusClient;
  /** https://host:port of the source, as the target server can reach it. */
  readonly url: string;
  /** Project on the source. @default the source client's */
  readonly project?: string;
}

const CANCEL_TIMEOUT_MS = 15_000;

/** The source's PEM certificate from GET /1.0 (only trusted clients see it). */
async function certificateOf(source: SourceServer, call: CallOptions): Promise<string> {
  const server = (await source.client.server.get({ signal: call.signal })).value;
  const certificate = server.environment?.certificate;
  if (!certificate) {
    throw new IncusError(
      "INVALID_RESPONSE",
      `${source.url} did not report its certificate (auth: ${server.auth}); the copy needs a trusted client there`,
    );
  }
  return certificate;
}

async function cancelOperation(client: IncusClient, id: string): Promise<void> {
  await client.api
    .write("DELETE", apiPath("operations", id), { timeoutMs: CANCEL_TIMEOUT_MS }, UNSCOPED)
    .catch(() => undefined);
}

function sourceCall(source: SourceServer, call: CallOptions): CallOptions {
  return { signal: call.signal, ...(source.project ? { project: source.project } : {}) };
}

/** A private image offered for one download: what the target's request names, and how to withdraw the offer. */
export interface ImageDownloadGrant {
  readonly fingerprint: string;
  readonly secret: string;
  /** The source's PEM certificate. */
  readonly certificate: string;
  /** Cancels the secret's operation (a no-op once the target has used it). */
  release(): Promise<void>;
}

/** A one-time download of a private image (by alias, fingerprint or fingerprint prefix on the source). */
export async function grantImageDownload(
  source: SourceServer,
  name: string,
  call: CallOptions,
): Promise<ImageDownloadGrant> {
  const srcCall = sourceCall(source, call);
  const alias = await ignoreNotFound(source.client.images.getAlias(name, srcCall));
  const fingerprint = alias?.value.target ?? (await source.client.images.get(name, srcCall)).value.fingerprint;
  const certificate = await certificateOf(source, call);
  const { secret, operation } = await source.client.images.createSecret(fingerprint, srcCall);
  return { fingerprint, secret, certificate, release: () => cancelOperation(source.client, operation.id) };
}

/**
 * Copies a private image (by alias, fingerprint or fingerprint prefix on the source) to `target`; returns the
 * new image's fingerprint.
 */
export async function copyImageBetweenServers(
  target: IncusClient,
  source: SourceServer,
  image: { readonly name: string; readonly imageType?: InstanceType; readonly architecture?: string },
  call: CallOptions,
): Promise<string> {
  const { fingerprint, secret, certificate, release } = await grantImageDownload(source, image.name, call);
  try {
    return await target.images.copyFromServer(
      {
        server: source.url,
        protocol: "incus",
        alias: fingerprint,
        secret,
        certificate,
        imageType: image.imageType,
        architecture: image.architecture,
        ...(source.project && source.project !== "default" ? { project: source.project } : {}),
      },
      call,
    );
  } catch (err) {
    await release();
    throw err;
  }
}

/** Copies a custom volume (without its snapshots) from `source` into `target`'s pool, as `name`. */
export async function copyVolumeBetweenServers(
  target: IncusClient,
  source: SourceServer,
  from: { readonly pool: string; readonly name: string },
  to: {
    readonly pool: string;
    readonly name: string;
    readonly config?: Record<string, string>;
    readonly description?: string;
  },
  call: CallOptions,
): Promise<void> {
  const srcCall = sourceCall(source, call);
  const volume = (await source.client.storageVolumes.get(from.pool, from.name, srcCall)).value;
  const certificate = await certificateOf(source, call);
  const operation = await source.client.storageVolumes.startMigration(from.pool, from.name, {
    ...srcCall,
    volumeOnly: true,
  });
  const secrets: Record<string, string> = {};
  for (const [key, value] of Object.entries(operation.metadata ?? {})) {
    if (typeof value === "string") secrets[key] = value;
  }
  try {
    await target.storageVolumes.create(
      to.pool,
      {
        name: to.name,
        content_type: volume.content_type,
        ...(to.config ? { config: to.config } : {}),
        ...(to.description !== undefined ? { description: to.description } : {}),
        source: {
          type: "migration",
          mode: "pull",
          operation: `${source.url}/1.0/operations/${encodeURIComponent(operation.id)}`,
          certificate,
          secrets,
          volume_only: true,
        },
      },
      call,
    );
  } catch (err) {
    await cancelOperation(source.client, operation.id);
    throw err;
  }
}
