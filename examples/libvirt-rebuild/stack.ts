// The libvirt provider RFC case: a domain boots from a copy-on-write overlay of a base image. Rebuilding the domain
// gives it a fresh overlay (EPHEMERAL), while its data volume (PERSISTENT) survives untouched. A new base image
// rebuilds domain and overlay together.
import { TerraformStack } from "cdktf";
import type { Construct } from "constructs";
import { Instance, LibvirtHost, Network, StoragePool, Volume, VolumeLifecycle } from "../../lib";

export interface LibvirtRebuildOptions {
  /** libvirt connection. @default $LIBVIRT_DEFAULT_URI or "qemu:///system" */
  readonly uri?: string;
  /** Directory of the dir pool the stack creates. @default $CDKTF_VIRT_LIBVIRT_POOL_DIR or /var/lib/cdktf-virt/examples/<stack> */
  readonly poolDir?: string;
  /** A qcow2 image to import as the base (e.g. a cloud image). @default $CDKTF_VIRT_BASE_IMAGE, else an empty 1GiB disk */
  readonly baseImage?: string;
  /** Domain type: "kvm", or "qemu" (TCG) where /dev/kvm is missing. Changing it rebuilds the domain. @default "kvm" */
  readonly hypervisor?: string;
  /** The domain's name. Changing it rebuilds the domain, as a new hypervisor does. @default derived from the construct path */
  readonly domainName?: string;
  /** Seconds a guest gets to power off before it is forced off (a guest without an OS never does). @default provider's 30 s */
  readonly shutdownTimeoutSeconds?: number;
  /** Lift the base's and data volume's protection so `cdktf destroy` may delete them. @default $CDKTF_VIRT_UNPROTECT === "1" */
  readonly unprotected?: boolean;
}

export class LibvirtRebuildStack extends TerraformStack {
  public constructor(scope: Construct, id: string, options: LibvirtRebuildOptions = {}) {
    super(scope, id);
    const uri = options.uri ?? process.env.LIBVIRT_DEFAULT_URI ?? "qemu:///system";
    const poolDir = options.poolDir ?? process.env.CDKTF_VIRT_LIBVIRT_POOL_DIR ?? `/var/lib/cdktf-virt/examples/${id}`;
    const baseImage = options.baseImage ?? process.env.CDKTF_VIRT_BASE_IMAGE;

    const kvm = new LibvirtHost(this, "kvm", { uri });
    const images = new StoragePool(this, "images", { host: kvm, path: poolDir });
    const network = new Network(this, "isolated", { host: kvm });

    const protect = (options.unprotected ?? process.env.CDKTF_VIRT_UNPROTECT === "1") ? false : undefined;

    const base = new Volume(this, "base", { pool: images, size: "1GiB", protect, libvirt: { sourceUrl: baseImage } });
    const root = new Volume(this, "root", { pool: images, lifecycle: VolumeLifecycle.EPHEMERAL, libvirt: { baseVolume: base } });
    const data = new Volume(this, "data", { pool: images, size: "256MiB", protect });

    const vm = new Instance(this, "vm", {
      host: kvm,
      name: options.domainName,
      memory: "256MiB",
      vcpus: 1,
      network,
      libvirt: { hypervisor: options.hypervisor, shutdownTimeoutSeconds: options.shutdownTimeoutSeconds },
    });
    vm.attach(root, { path: "vda" });
    vm.attach(data, { path: "vdb" });
  }
}
