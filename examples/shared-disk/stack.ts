// One SHARED volume on two instances: both see the same files. Incus attaches block volumes to virtual machines
// only, so the default is a filesystem volume on two containers; CDKTF_VIRT_SHARED_BLOCK=1 switches to a shared
// block volume (security.shared=true) on two VMs for hosts that can run them.
import { TerraformStack } from "cdktf";
import type { Construct } from "constructs";
import { IncusHost, Instance, InstanceType, StoragePool, Volume, VolumeContentType, VolumeLifecycle } from "../../lib";

export interface SharedDiskOptions {
  /** @default $CDKTF_VIRT_IMAGE or "cdktf-virt-busybox" */
  readonly image?: string;
  /** Use a block volume on two VMs instead of a filesystem volume on two containers. @default $CDKTF_VIRT_SHARED_BLOCK === "1" */
  readonly block?: boolean;
  /** Allow `cdktf destroy` to delete the shared volume. @default false */
  readonly unprotected?: boolean;
}

export class SharedDiskStack extends TerraformStack {
  public constructor(scope: Construct, id: string, options: SharedDiskOptions = {}) {
    super(scope, id);
    const image = options.image ?? process.env.CDKTF_VIRT_IMAGE ?? "cdktf-virt-busybox";
    const block = options.block ?? process.env.CDKTF_VIRT_SHARED_BLOCK === "1";

    const host = new IncusHost(this, "local");
    const pool = new StoragePool(this, "pool", { host });
    const shared = new Volume(this, "shared", {
      pool,
      size: "128MiB",
      lifecycle: VolumeLifecycle.SHARED,
      protect: options.unprotected ? false : undefined,
      incus: { contentType: block ? VolumeContentType.BLOCK : VolumeContentType.FILESYSTEM },
    });
    for (const id of ["node1", "node2"]) {
      const node = new Instance(this, id, {
        host,
        incus: { image, type: block ? InstanceType.VIRTUAL_MACHINE : InstanceType.CONTAINER, rootDisk: { pool } },
      });
      node.attach(shared, block ? {} : { path: "/shared" });
    }
  }
}
