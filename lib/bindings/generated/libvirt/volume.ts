// Generated from the libvirt_volume schema in lib/provider/libvirt by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** A storage volume in a pool: raw or qcow2, optionally a copy-on-write overlay of a backing volume. */
export interface LibvirtVolumeConfig extends TerraformMetaArguments {
  /** Name of the volume in its pool. */
  readonly name: string;
  /** Name of the pool. */
  readonly pool: string;
  /**
   * Size the guest sees, in capacity_unit (bytes by default). Growing it resizes the volume in place; shrinking
   * replaces it. Default: the backing store's capacity for an overlay, the content's size for uploaded content.
   */
  readonly capacity?: number;
  /** Unit of capacity: "bytes" (default), "KiB", "MiB", "GiB", "TiB" (or KB, MB, GB, TB). */
  readonly capacityUnit?: string;
  /** Volume type as libvirt reports it ("file"). */
  readonly type?: string;
  /**
   * How the volume is stored. format.type defaults to qcow2 for an overlay, else raw. Changing it replaces the
   * volume.
   */
  readonly target?: LibvirtVolumeTargetConfig;
  /** Makes the volume a copy-on-write overlay. A new base means a new overlay: changes replace the volume. */
  readonly backingStore?: LibvirtVolumeBackingStoreConfig;
  /**
   * Initial content, uploaded once at creation; a new content URL replaces the volume (after an import, add lifecycle
   * { ignore_changes = [create] }). https uses node's CA bundle plus the file named by NODE_EXTRA_CA_CERTS.
   */
  readonly create?: LibvirtVolumeCreateConfig;
  /**
   * What a delete does (an addition to the 0.9.x schema, written by the constructs): "destroy" (default) deletes the
   * volume; "retain" leaves it and its file on the host and only forgets it; "snapshot" first keeps a standalone copy
   * "<name>-final-<yyyymmddThhmmssZ>" in the same pool; "protect" refuses any plan that deletes it, even once its
   * block is gone.
   */
  readonly removalPolicy?: string;
  /**
   * The ownership marker "<stack>/<construct path>" (an addition to the 0.9.x schema, written by the constructs;
   * libvirt volumes have no metadata, so it lives in the state). Deleting the volume first detaches it from running
   * domains whose own marker is of the same stack; any other user stops the delete. Changing it is an in-place
   * update.
   */
  readonly owner?: string;
  /**
   * Take over an existing volume of this name that a removal policy "retain" released (an addition to the 0.9.x
   * schema): "released" adopts it whoever released it, "released:<old owner>" only when that owner did. It keeps its
   * data; its release record is removed. A volume without a release record (it may belong to a live stack) is never
   * taken over. Without an existing volume the volume is created as usual.
   */
  readonly adopt?: string;
}

/**
 * How the volume is stored. format.type defaults to qcow2 for an overlay, else raw. Changing it replaces the volume.
 */
export interface LibvirtVolumeTargetConfig {
  /** Image format. */
  readonly format?: LibvirtVolumeTargetFormatConfig;
  /** Owner, group and mode libvirt gives the new volume's file. */
  readonly permissions?: LibvirtVolumeTargetPermissionsConfig;
}

/** Image format. */
export interface LibvirtVolumeTargetFormatConfig {
  /** "raw" or "qcow2". */
  readonly type: string;
}

/** Owner, group and mode libvirt gives the new volume's file. */
export interface LibvirtVolumeTargetPermissionsConfig {
  /** Numeric user id of the file's owner. */
  readonly owner?: string;
  /** Numeric group id. */
  readonly group?: string;
  /** Octal mode, e.g. "0640" ("640" is the same mode). */
  readonly mode?: string;
  /** Security (SELinux) label. */
  readonly label?: string;
}

/** Makes the volume a copy-on-write overlay. A new base means a new overlay: changes replace the volume. */
export interface LibvirtVolumeBackingStoreConfig {
  /** Path of the base image, e.g. libvirt_volume.base.path. */
  readonly path: string;
  /** Format of the base image. Default qcow2. */
  readonly format?: LibvirtVolumeBackingStoreFormatConfig;
}

/** Format of the base image. Default qcow2. */
export interface LibvirtVolumeBackingStoreFormatConfig {
  /** "raw" or "qcow2". */
  readonly type: string;
}

/**
 * Initial content, uploaded once at creation; a new content URL replaces the volume (after an import, add lifecycle {
 * ignore_changes = [create] }). https uses node's CA bundle plus the file named by NODE_EXTRA_CA_CERTS.
 */
export interface LibvirtVolumeCreateConfig {
  readonly content: LibvirtVolumeCreateContentConfig;
}

/** An element of libvirt_volume.create.content. */
export interface LibvirtVolumeCreateContentConfig {
  /**
   * A local file path, a file:// URL or an https:// URL (http:// only with allow_insecure_http) to upload into the
   * volume.
   */
  readonly url: string;
  /**
   * Expected digest of the content, "sha256:<hex>" or "sha512:<hex>" (an addition to the 0.9.x schema). Checked
   * before anything is uploaded: a mismatch is an error naming both digests, and no volume is created.
   */
  readonly checksum?: string;
  /**
   * Largest download accepted, in bytes (an addition to the 0.9.x schema). Default: the volume's capacity when set,
   * else 32 GiB. A larger body is refused before anything is uploaded.
   */
  readonly maxBytes?: number;
  /**
   * Allow a plain http:// URL, or a redirect to one (an addition to the 0.9.x schema). Off by default: anyone on the
   * path could change the image; prefer https, and give a checksum when you turn this on.
   */
  readonly allowInsecureHttp?: boolean;
}

export const LIBVIRT_VOLUME_SPEC: AttributeSpec = {
  name: "value",
  pool: "value",
  capacity: "value",
  capacity_unit: "value",
  type: "value",
  target: { object: {
    format: { object: {
      type: "value",
    } },
    permissions: { object: {
      owner: "value",
      group: "value",
      mode: "value",
      label: "value",
    } },
  } },
  backing_store: { object: {
    path: "value",
    format: { object: {
      type: "value",
    } },
  } },
  create: { object: {
    content: { object: {
      url: "value",
      checksum: "value",
      max_bytes: "value",
      allow_insecure_http: "value",
    } },
  } },
  removal_policy: "value",
  owner: "value",
  adopt: "value",
};

/** A storage volume in a pool: raw or qcow2, optionally a copy-on-write overlay of a backing volume. */
export class LibvirtVolumeResource extends SpecResource<LibvirtVolumeConfig> {
  public static readonly tfResourceType = "libvirt_volume";

  public constructor(scope: Construct, id: string, config: LibvirtVolumeConfig) {
    super(
      scope,
      id,
      { type: "libvirt_volume", providerName: "libvirt", spec: LIBVIRT_VOLUME_SPEC },
      config,
    );
  }

  /** Name of the volume in its pool. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Name of the pool. */
  public get poolRef(): string {
    return this.attribute("pool");
  }

  /**
   * Size the guest sees, in capacity_unit (bytes by default). Growing it resizes the volume in place; shrinking
   * replaces it. Default: the backing store's capacity for an overlay, the content's size for uploaded content.
   */
  public get capacityRef(): number {
    return this.getNumberAttribute("capacity");
  }

  /** Unit of capacity: "bytes" (default), "KiB", "MiB", "GiB", "TiB" (or KB, MB, GB, TB). */
  public get capacityUnitRef(): string {
    return this.attribute("capacity_unit");
  }

  /** Volume type as libvirt reports it ("file"). */
  public get typeRef(): string {
    return this.attribute("type");
  }

  /**
   * What a delete does (an addition to the 0.9.x schema, written by the constructs): "destroy" (default) deletes the
   * volume; "retain" leaves it and its file on the host and only forgets it; "snapshot" first keeps a standalone copy
   * "<name>-final-<yyyymmddThhmmssZ>" in the same pool; "protect" refuses any plan that deletes it, even once its
   * block is gone.
   */
  public get removalPolicyRef(): string {
    return this.attribute("removal_policy");
  }

  /**
   * The ownership marker "<stack>/<construct path>" (an addition to the 0.9.x schema, written by the constructs;
   * libvirt volumes have no metadata, so it lives in the state). Deleting the volume first detaches it from running
   * domains whose own marker is of the same stack; any other user stops the delete. Changing it is an in-place
   * update.
   */
  public get ownerRef(): string {
    return this.attribute("owner");
  }

  /**
   * Take over an existing volume of this name that a removal policy "retain" released (an addition to the 0.9.x
   * schema): "released" adopts it whoever released it, "released:<old owner>" only when that owner did. It keeps its
   * data; its release record is removed. A volume without a release record (it may belong to a live stack) is never
   * taken over. Without an existing volume the volume is created as usual.
   */
  public get adoptRef(): string {
    return this.attribute("adopt");
  }

  /** The volume's key (its path for file volumes). */
  public get volumeId(): string {
    return this.attribute("id");
  }

  /** libvirt's unique key of the volume. */
  public get key(): string {
    return this.attribute("key");
  }

  /** Path of the volume on the host. */
  public get path(): string {
    return this.attribute("path");
  }

  /** Bytes allocated on the host. */
  public get allocation(): number {
    return this.getNumberAttribute("allocation");
  }

  /** Bytes the image file takes (qcow2 metadata included). */
  public get physical(): number {
    return this.getNumberAttribute("physical");
  }
}
