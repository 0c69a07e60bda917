// Images (/1.0/images) and their aliases (/1.0/images/aliases): import split images from local
// metadata + rootfs tarballs, read, update, delete.
import type { CallOptions, IncusApi, UpdateOptions, Versioned } from "./api";
import { PROJECT, apiPath } from "./api";
import { IncusError, ignoreNotFound } from "./errors";
import type { PartContent } from "./multipart";
import { multipartBody } from "./multipart";
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
    if (aliases?.length) headers["x-incus-aliases"] = new URLSearchParams(aliases.map((a): [string, string] => ["alias", a])).toString();
    if (properties && Object.keys(properties).length) headers["x-incus-properties"] = new URLSearchParams(Object.entries(properties)).toString();
    const result = await this.api.write("POST", apiPath("images"), call, PROJECT, {
      headers,
      raw: { data: body.stream, contentType: body.contentType, contentLength: body.contentLength },
    });
    const meta = (result.metadata ?? {}) as { fingerprint?: string; size?: string };
    if (!meta.fingerprint) throw new IncusError("INVALID_RESPONSE", `image import finished without a fingerprint (${JSON.stringify(meta)})`);
    return { fingerprint: meta.fingerprint, size: Number(meta.size ?? 0) };
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
    await this.api.write("PATCH", apiPath("images", fingerprint), options, PROJECT, { json: body, etag: options?.etag });
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
  async updateAlias(name: string, body: { readonly target: string; readonly description?: string }, options?: UpdateOptions): Promise<void> {
    await this.api.write("PUT", apiPath("images", "aliases", name), options, PROJECT, { json: body, etag: options?.etag });
  }

  async renameAlias(name: string, newName: string, call?: CallOptions): Promise<void> {
    await this.api.write("POST", apiPath("images", "aliases", name), call, PROJECT, { json: { name: newName } });
  }

  async deleteAlias(name: string, call?: CallOptions): Promise<void> {
    await this.api.write("DELETE", apiPath("images", "aliases", name), call, PROJECT);
  }
}
