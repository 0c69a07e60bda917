// A UEFI VM on a NAT network with a VNC console, a persistent data disk and cloud-init. The domain boots OVMF with its
// own NVRAM store, from a copy-on-write overlay of a base image (EPHEMERAL: a fresh one whenever the domain is
// rebuilt); the data disk (PERSISTENT) survives every rebuild; a new cloud-init document rebuilds the domain, its
// seed and its overlay, so cloud-init runs again on a clean system. The NIC's MAC is derived from the construct path,
// so the rebuilt VM gets the same DHCP lease. The VNC password is a sensitive variable: plans never print it.
import { TerraformOutput, TerraformStack, TerraformVariable } from "cdktf";
import type { Construct } from "constructs";
import { Instance, LibvirtHost, Network, StoragePool, Volume, VolumeLifecycle } from "../../lib";
import type { LibvirtKernelBoot } from "../../lib";

export interface UefiVmOptions {
  /** libvirt connection. @default $LIBVIRT_DEFAULT_URI or "qemu:///system" */
  readonly uri?: string;
  /** Directory of the dir pool the stack creates. @default $CDKTF_VIRT_LIBVIRT_POOL_DIR or /var/lib/cdktf-virt/examples/<stack> */
  readonly poolDir?: string;
  /** A UEFI-bootable qcow2 image to import as the base (e.g. a cloud image). @default $CDKTF_VIRT_BASE_IMAGE, else an empty 2GiB disk */
  readonly baseImage?: string;
  /** The host's address and prefix on the NAT network. @default "10.213.100.1/24" */
  readonly subnet?: string;
  /** Domain type: "kvm", or "qemu" (TCG) where /dev/kvm is missing. @default "kvm" */
  readonly hypervisor?: string;
  /** The cloud-init user data. A change rebuilds the VM (the data disk stays). @default formats and mounts the data disk */
  readonly userData?: string;
  /** Boot a kernel and initrd from the host instead of the base image's boot loader (through the UEFI firmware). @default none */
  readonly kernelBoot?: LibvirtKernelBoot;
  /** Log the serial console to this file on the host. @default none */
  readonly serialLogFile?: string;
  /** Seconds the guest gets to power off before it is forced off. @default the provider's 30 s */
  readonly shutdownTimeoutSeconds?: number;
  /** Lift the base's and data disk's protection so `cdktf destroy` may delete them. @default $CDKTF_VIRT_UNPROTECT === "1" */
  readonly unprotected?: boolean;
}

const DEFAULT_USER_DATA = `#cloud-config
fs_setup:
  - { device: /dev/vdb, filesystem: ext4, overwrite: false }
mounts:
  - [/dev/vdb, /srv/data, ext4, "defaults,nofail", "0", "2"]
packages: [qemu-guest-agent]
`;

export class UefiVmStack extends TerraformStack {
  public constructor(scope: Construct, id: string, options: UefiVmOptions = {}) {
    super(scope, id);
    const uri = options.uri ?? process.env.LIBVIRT_DEFAULT_URI ?? "qemu:///system";
    const poolDir = options.poolDir ?? process.env.CDKTF_VIRT_LIBVIRT_POOL_DIR ?? `/var/lib/cdktf-virt/examples/${id}`;
    const protect = (options.unprotected ?? process.env.CDKTF_VIRT_UNPROTECT === "1") ? false : undefined;

    // Given at deploy time (TF_VAR_vnc_password=...); sensitive, so plans and the state show it as hidden.
    const vncPassword = new TerraformVariable(this, "vnc_password", {
      type: "string",
      sensitive: true,
      description: "Password of the VNC console (at most 8 characters)",
    });

    const kvm = new LibvirtHost(this, "kvm", { uri });
    const images = new StoragePool(this, "images", { host: kvm, path: poolDir });
    const nat = new Network(this, "nat", {
      host: kvm,
      libvirt: { mode: "nat", ipv4: options.subnet ?? "10.213.100.1/24" },
    });

    const base = new Volume(this, "base", {
      pool: images,
      size: "2GiB",
      protect,
      libvirt: { sourceUrl: options.baseImage ?? process.env.CDKTF_VIRT_BASE_IMAGE },
    });
    const root = new Volume(this, "root", {
      pool: images,
      lifecycle: VolumeLifecycle.EPHEMERAL,
      libvirt: { baseVolume: base },
    });
    const data = new Volume(this, "data", { pool: images, size: "1GiB", protect });

    const vm = new Instance(this, "vm", {
      host: kvm,
      memory: "512MiB",
      vcpus: 2,
      network: nat,
      stableMac: true,
      libvirt: {
        hypervisor: options.hypervisor,
        firmware: "uefi",
        graphics: { type: "vnc", listen: "127.0.0.1", password: vncPassword.stringValue },
        guestAgent: true,
        rng: true,
        cloudInit: {
          userData: options.userData ?? DEFAULT_USER_DATA,
          metaData: `instance-id: ${id}-vm\nlocal-hostname: ${id}-vm\n`,
        },
        kernelBoot: options.kernelBoot,
        serialLogFile: options.serialLogFile,
        shutdownTimeoutSeconds: options.shutdownTimeoutSeconds,
      },
    });
    vm.attach(root, { path: "vda" });
    vm.attach(data, { path: "vdb" });

    new TerraformOutput(this, "mac", { value: vm.libvirt.macAddress });
  }
}
