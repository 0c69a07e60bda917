// Generated from the libvirt_cloudinit_disk schema in lib/provider/libvirt by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/**
 * A cloud-init NoCloud seed ISO, built by the provider and stored as a volume in a pool; attach it to a domain as a
 * cdrom.
 */
export interface LibvirtCloudinitDiskConfig extends TerraformMetaArguments {
  /** Name of the volume holding the ISO, e.g. "vm1-cloudinit.iso". */
  readonly name: string;
  /**
   * Pool to store the ISO in. Unset: the pool "default" when the host has one; else the ISO is a local file (path;
   * pool stays null) to upload with libvirt_volume create.content.url, as in the official provider 0.9.
   */
  readonly pool?: string;
  /** The user-data file (e.g. a #cloud-config document). Default empty. */
  readonly userData?: string;
  /** The meta-data file (instance-id, local-hostname, ...). Default empty. */
  readonly metaData?: string;
  /** The network-config file; left out of the ISO when unset. */
  readonly networkConfig?: string;
}

export const LIBVIRT_CLOUDINIT_DISK_SPEC: AttributeSpec = {
  name: "value",
  pool: "value",
  user_data: "value",
  meta_data: "value",
  network_config: "value",
};

/**
 * A cloud-init NoCloud seed ISO, built by the provider and stored as a volume in a pool; attach it to a domain as a
 * cdrom.
 */
export class LibvirtCloudinitDiskResource extends SpecResource<LibvirtCloudinitDiskConfig> {
  public static readonly tfResourceType = "libvirt_cloudinit_disk";

  public constructor(scope: Construct, id: string, config: LibvirtCloudinitDiskConfig) {
    super(
      scope,
      id,
      { type: "libvirt_cloudinit_disk", providerName: "libvirt", spec: LIBVIRT_CLOUDINIT_DISK_SPEC },
      config,
    );
  }

  /** Name of the volume holding the ISO, e.g. "vm1-cloudinit.iso". */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /**
   * Pool to store the ISO in. Unset: the pool "default" when the host has one; else the ISO is a local file (path;
   * pool stays null) to upload with libvirt_volume create.content.url, as in the official provider 0.9.
   */
  public get poolRef(): string {
    return this.attribute("pool");
  }

  /** The user-data file (e.g. a #cloud-config document). Default empty. */
  public get userDataRef(): string {
    return this.attribute("user_data");
  }

  /** The meta-data file (instance-id, local-hostname, ...). Default empty. */
  public get metaDataRef(): string {
    return this.attribute("meta_data");
  }

  /** The network-config file; left out of the ISO when unset. */
  public get networkConfigRef(): string {
    return this.attribute("network_config");
  }

  /** The volume's key (its path); the file's path for a local ISO. */
  public get cloudinitDiskId(): string {
    return this.attribute("id");
  }

  /** Path of the ISO volume on the host, or of the local ISO file. */
  public get path(): string {
    return this.attribute("path");
  }

  /** Size of the ISO in bytes. */
  public get size(): number {
    return this.getNumberAttribute("size");
  }

  /** SHA-256 of the ISO written at creation. */
  public get checksum(): string {
    return this.attribute("checksum");
  }
}
