// Images (/1.0/images) and their aliases (/1.0/images/aliases): create them from local files (split metadata +
// rootfs tarballs, or one unified file), from a URL, from an instance or from an image server; read, update, delete.
import type { CallOptions, IncusApi, UpdateOptions, Versioned } from "./api";
import { PROJECT, apiPath } from "./api";
import { IncusError, ignoreNotFound } from "./errors";
import type { PartContent } from "./multipart";
import { fileBody, multipartBody } from "./multipart";
import type { Operation, WriteResult } from "./operations";
import type { InstanceType } from "./types";

/** A tarball to upload: a file path, or the bytes themselves. */
export type ImageFileSource = string | Buffer | Uint8Array;

export interface ImageImportOptions extends CallOptions {
  /** The metadata tarball (metadata.yaml, templates/). */
  readonly metadata: ImageFileSource;
  /** The rootfs tarball (container) or disk image (virtual machine). */
  readonly rootfs: ImageFileSource;
  /** Decides the rootfs part name Incus expects. @default "container" */
  readonly type?: InstanceType;
  /** Aliases to create with the image (the import fails if one exists). */
  readonly aliases?: readonly string[];
  /** Make the image visible to untrusted clients. @default false */
  readonly public?: boolean;
  /** Extra properties, overriding those in metadata.yaml. */
  readonly properties?: Readonly<Record<string, string>>;
  /** Filename recorded with the image. @default the rootfs file name, or "rootfs" */
  readonly filename?: string;
}

export interface ImageImportResult {
  /** SHA-256 of metadata + rootfs: the image's id. */
  readonly fingerprint: string;
  readonly size: number;
}

export interface ImageAliasRef {
  readonly name: string;
  readonly description: string;
}

export interface ImagePut {
  readonly auto_update?: boolean;
  readonly properties?: Record<string, string>;
  readonly public?: boolean;
  readonly expires_at?: string;
  readonly profiles?: string[];
}

export interface Image {
  readonly fingerprint: string;
  readonly filename: string;
  readonly size: number;
  readonly architecture: string;
  readonly type: InstanceType;
  readonly aliases: ImageAliasRef[];
  readonly properties: Record<string, string>;
  readonly public: boolean;
  readonly auto_update: boolean;
  readonly cached: boolean;
  readonly created_at: string;
  readonly uploaded_at: string;
  readonly expires_at: string;
  readonly last_used_at: string;
  readonly profiles: string[];
  readonly project?: string;
}

export interface ImageAlias {
  readonly name: string;
  readonly description: string;
  /** Fingerprint of the image the alias points to. */
  readonly target: string;
  readonly type: InstanceType;
}

export interface ImageAliasCreate {
  readonly name: string;
  readonly target: string;
  readonly description?: string;
  readonly type?: InstanceType;
}

/**
 * An image on an image server (simplestreams, oci, or a public Incus server) to copy by alias or fingerprint,
 * or a private image on another Incus server by fingerprint with its download secret (see server-copy.ts).
 */
export interface ImageServerSource {
  /** https URL of the server. */
  readonly server: string;
  /** simplestreams, oci or incus. */
  readonly protocol: string;
  /** Alias or fingerprint on that server (a private image: its full fingerprint). */
  readonly alias: string;
  /** One-time download secret of a private image (POST /1.0/images/FINGERPRINT/secret on the source). */
  readonly secret?: string;
  /** The source server's PEM certificate, so the target can verify it. */
  readonly certificate?: string;
  /** Project of the image on the source server. */
  readonly project?: string;
  /** @default "container" */
  readonly imageType?: InstanceType;
  readonly architecture?: string;
}

/** Incus reports a new image's fingerprint in the operation's metadata. */
function createdFingerprint(result: WriteResult, what: string): string {
  const fingerprint = (result.metadata as { fingerprint?: unknown } | null)?.fingerprint;
  if (typeof fingerprint !== "string" || fingerprint === "") {
    throw new IncusError(
      "INVALID_RESPONSE",
      `${what} finished without reporting the image fingerprint (${JSON.stringify(result.metadata)})`,
    );
  }
  return fingerprint;
}

function partContent(source: ImageFileSource): PartContent {
  return typeof source === "string" ? { path: source } : source;
}

function baseName(source: ImageFileSource, fallback: string): string {
  return typeof source === "string" ? (source.split("/").pop() ?? fallback) : fallback;
}

export class ImagesApi {
  constructor(private readonly api: IncusApi) {}

  /** Uploads a split image (POST /1.0/images, multipart parts "metadata" and "rootfs"/"rootfs.img"). */
  async import(options: ImageImportOptions): Promise<ImageImportResult> {
    const { metadata, rootfs, type, aliases, public: isPublic, properties, filename, ...call } = options;
    const rootfsPart = type === "virtual-machine" ? "rootfs.img" : "rootfs";
    const body = await multipartBody([
      { name: "metadata", filename: baseName(metadata, "metadata.tar"), content: partContent(metadata) },
      { name: rootfsPart, filename: filename ?? baseName(rootfs, rootfsPart), content: partContent(rootfs) },
    ]);
    const headers: Record<string, string> = { "x-incus-public": isPublic ? "true" : "false" };
    if (aliases?.length)
      headers["x-incus-aliases"] = new URLSearchParams(aliases.map((a): [string, string] => ["alias", a])).toString();
    if (properties && Object.keys(properties).length)
      headers["x-incus-properties"] = new URLSearchParams(Object.entries(properties)).toString();
    const result = await this.api.write("POST", apiPath("images"), call, PROJECT, {
      headers,
      raw: { data: body.stream, contentType: body.contentType, contentLength: body.contentLength },
    });
    const fingerprint = createdFingerprint(result, "image import");
    return { fingerprint, size: Number((result.metadata as { size?: string }).size ?? 0) };
  }

  /** Uploads a unified image (one tarball, or a qcow2 disk) from a local file, unpublished; returns its fingerprint. */
  async importFile(file: string, options: CallOptions & { readonly filename?: string } = {}): Promise<string> {
    const { filename, ...call } = options;
    const result = await this.api.write("POST", apiPath("images"), call, PROJECT, {
      headers: { "x-incus-public": "false", "x-incus-filename": filename ?? baseName(file, "image") },
      raw: await fileBody(file),
    });
    return createdFingerprint(result, `Uploading ${file}`);
  }

  /** Lets the server download an image file from an https URL; returns its fingerprint. */
  async importUrl(url: string, call?: CallOptions): Promise<string> {
    const result = await this.api.write("POST", apiPath("images"), call, PROJECT, {
      json: { source: { type: "url", mode: "pull", protocol: "direct", url } },
    });
    return createdFingerprint(result, `Downloading ${url}`);
  }

  /** Publishes a (stopped) instance or one of its snapshots as an unpublished image; returns its fingerprint. */
  async publish(instance: string, options: CallOptions & { readonly snapshot?: string } = {}): Promise<string> {
    const { snapshot, ...call } = options;
    const source = snapshot
      ? { type: "snapshot", name: `${instance}/${snapshot}` }
      : { type: "instance", name: instance };
    const result = await this.api.write("POST", apiPath("images"), call, PROJECT, { json: { source, public: false } });
    return createdFingerprint(result, `Publishing ${instance}`);
  }

  /** Makes the server pull an image from an image server; returns the fingerprint of the copy. */
  async copyFromServer(source: ImageServerSource, call?: CallOptions): Promise<string> {
    const { server, protocol, alias, imageType, architecture, secret, certificate, project } = source;
    // A private image is named by fingerprint: aliases are not visible to the target's untrusted download.
    const name = secret ? { fingerprint: alias } : { alias };
    const result = await this.api.write("POST", apiPath("images"), call, PROJECT, {
      json: {
        source: {
          type: "image",
          mode: "pull",
          server,
          protocol,
          image_type: imageType ?? "container",
          ...name,
          ...(secret ? { secret } : {}),
          ...(certificate ? { certificate } : {}),
          ...(project ? { project } : {}),
        },
        ...(architecture ? { architecture } : {}),
      },
    });
    return createdFingerprint(result, `Copying ${alias} from ${server}`);
  }

  /**
   * A one-time secret that lets another server download this (private) image. The operation that holds it
   * ends when the secret is used; cancel it (DELETE /1.0/operations/ID) when it will not be.
   */
  async createSecret(fingerprint: string, call?: CallOptions): Promise<{ secret: string; operation: Operation }> {
    const operation = await this.api.start("POST", apiPath("images", fingerprint, "secret"), call, PROJECT);
    const secret = operation.metadata?.secret;
    if (typeof secret !== "string" || secret === "") {
      throw new IncusError("INVALID_RESPONSE", `Image ${fingerprint}: the secret operation reported no secret`);
    }
    return { secret, operation };
  }

  async list(call?: CallOptions): Promise<Image[]> {
    return this.api.list<Image>(apiPath("images"), call, PROJECT);
  }

  /** An image by full fingerprint (or a unique prefix). */
  async get(fingerprint: string, call?: CallOptions): Promise<Versioned<Image>> {
    return this.api.get<Image>(apiPath("images", fingerprint), call, PROJECT);
  }

  /** Like get, but undefined when the image does not exist. */
  async find(fingerprint: string, call?: CallOptions): Promise<Versioned<Image> | undefined> {
    return ignoreNotFound(this.get(fingerprint, call));
  }

  async update(fingerprint: string, body: ImagePut, options?: UpdateOptions): Promise<void> {
    await this.api.write("PUT", apiPath("images", fingerprint), options, PROJECT, { json: body, etag: options?.etag });
  }

  async patch(fingerprint: string, body: ImagePut, options?: UpdateOptions): Promise<void> {
    await this.api.write("PATCH", apiPath("images", fingerprint), options, PROJECT, {
      json: body,
      etag: options?.etag,
    });
  }

  async delete(fingerprint: string, call?: CallOptions): Promise<void> {
    await this.api.write("DELETE", apiPath("images", fingerprint), call, PROJECT);
  }

  async listAliases(call?: CallOptions): Promise<ImageAlias[]> {
    return this.api.list<ImageAlias>(apiPath("images", "aliases"), call, PROJECT);
  }

  async getAlias(name: string, call?: CallOptions): Promise<Versioned<ImageAlias>> {
    return this.api.get<ImageAlias>(apiPath("images", "aliases", name), call, PROJECT);
  }

  async createAlias(alias: ImageAliasCreate, call?: CallOptions): Promise<void> {
    await this.api.write("POST", apiPath("images", "aliases"), call, PROJECT, { json: alias });
  }

  /** Points an alias at another image and/or changes its description (PUT). */
  async updateAlias(
    name: string,
    body: { readonly target: string; readonly description?: string },
    options?: UpdateOptions,
  ): Promise<void> {
    await this.api.write("PUT", apiPath("images", "aliases", name), options, PROJECT, {
      json: body,
      etag: options?.etag,
    });
  }

  async renameAlias(name: string, newName: string, call?: CallOptions): Promise<void> {
    await this.api.write("POST", apiPath("images", "aliases", name), call, PROJECT, { json: { name: newName } });
  }

  async deleteAlias(name: string, call?: CallOptions): Promise<void> {
    await this.api.write("DELETE", apiPath("images", "aliases", name), call, PROJECT);
  }
}
