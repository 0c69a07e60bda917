// libvirt_cloudinit_disk (dmacvicar/libvirt shape, with the pool it is stored in): a cloud-init NoCloud seed ISO that
// the bundled provider builds and stores as a volume; domains attach it as a cdrom.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import { SpecResource } from "../spec-resource";
import type { AttributeSpec } from "../attributes";

export interface LibvirtCloudinitDiskConfig extends TerraformMetaArguments {
  /** Name of the ISO volume. */
  readonly name: string;
  /** Pool the ISO volume is stored in (the provider's default: "default"). */
  readonly pool?: string;
  readonly userData?: string;
  readonly metaData?: string;
  readonly networkConfig?: string;
}

export const LIBVIRT_CLOUDINIT_DISK_SPEC: AttributeSpec = {
  name: "value",
  pool: "value",
  user_data: "value",
  meta_data: "value",
  network_config: "value",
};

export class LibvirtCloudinitDiskResource extends SpecResource<LibvirtCloudinitDiskConfig> {
  public static readonly tfResourceType = "libvirt_cloudinit_disk";

  public constructor(scope: Construct, id: string, config: LibvirtCloudinitDiskConfig) {
    super(scope, id, { type: "libvirt_cloudinit_disk", providerName: "libvirt", spec: LIBVIRT_CLOUDINIT_DISK_SPEC }, config);
  }

  public get nameRef(): string {
    return this.attribute("name");
  }

  public get poolRef(): string {
    return this.attribute("pool");
  }
}
