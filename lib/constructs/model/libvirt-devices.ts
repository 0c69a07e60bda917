// The typed device and platform options of a libvirt Instance (`libvirt: { firmware, graphics, nics, … }`): what the
// guest boots with, how it is reached and which virtual hardware it gets. private/libvirt-devices.ts checks them and
// writes the libvirt_domain's os, features, cpu and devices.
import type { INetwork } from "./network-props";

/** UEFI firmware (OVMF) of a libvirt Instance (`libvirt: { firmware: { type: "uefi", … } }`). */
export interface LibvirtUefiFirmware {
  readonly type: "uefi";
  /**
   * UEFI secure boot: the secure-boot build of OVMF, system management mode on and a q35 machine (which secure boot
   * needs). The guest's boot loader must be signed by a key in the NVRAM template (Microsoft's in OVMF_VARS*.ms.fd).
   * @default false
   */
  readonly secureBoot?: boolean;
  /**
   * Absolute path of the firmware code on the host.
   * @default "/usr/share/OVMF/OVMF_CODE_4M.fd", or "/usr/share/OVMF/OVMF_CODE_4M.secboot.fd" with secureBoot (Debian's and Ubuntu's ovmf package)
   */
  readonly loader?: string;
  /**
   * Absolute path of the UEFI variables template the domain's own NVRAM store is created from (libvirt keeps the
   * store per domain and deletes it with the domain).
   * @default "/usr/share/OVMF/OVMF_VARS_4M.fd", or "/usr/share/OVMF/OVMF_VARS_4M.ms.fd" with secureBoot
   */
  readonly nvramTemplate?: string;
}

/** Legacy BIOS (SeaBIOS), libvirt's default. */
export interface LibvirtBiosFirmware {
  readonly type: "bios";
}

/** The firmware of a libvirt Instance: "bios", "uefi", or UEFI with options. */
export type LibvirtFirmware = "bios" | "uefi" | LibvirtBiosFirmware | LibvirtUefiFirmware;

/** A graphical console of a libvirt Instance (`libvirt: { graphics }`). */
export interface LibvirtGraphics {
  /** VNC or SPICE. */
  readonly type: "vnc" | "spice";
  /**
   * The host address the server listens on, e.g. "127.0.0.1" (reach it through an SSH tunnel) or "0.0.0.0".
   * @default libvirt's (qemu.conf `vnc_listen` / `spice_listen`, 127.0.0.1 unless changed)
   */
  readonly listen?: string;
  /** TCP port, 5900–65535. @default a free one libvirt picks on each start */
  readonly port?: number;
  /**
   * The password clients must give; VNC passwords are at most 8 characters. It is a secret: pass a sensitive
   * value (a `TerraformVariable` with `sensitive: true`, or `Fn.sensitive(...)`) so plans do not print it. It is
   * not read back from libvirt.
   * @default none (anyone who can reach the port gets the console)
   */
  readonly password?: string;
  /** The video card. @default libvirt's choice for the machine (e.g. "vga") */
  readonly video?: "vga" | "cirrus" | "virtio" | "qxl" | "bochs" | "ramfb";
}

/** A random number generator fed from the host (`libvirt: { rng }`). */
export interface LibvirtRng {
  /** The host's entropy source. @default "/dev/urandom" */
  readonly source?: "/dev/urandom" | "/dev/random" | "/dev/hwrng";
}

/** An emulated TPM (swtpm), its state kept per domain by libvirt (`libvirt: { tpm }`). */
export interface LibvirtTpm {
  /** @default "tpm-crb" */
  readonly model?: "tpm-crb" | "tpm-tis";
  /** @default "2.0" */
  readonly version?: "2.0" | "1.2";
}

/** A watchdog device (`libvirt: { watchdog }`): what happens when the guest stops feeding it. */
export interface LibvirtWatchdog {
  /** @default "i6300esb" */
  readonly model?: "i6300esb" | "ib700" | "itco";
  /** @default "reset" */
  readonly action?: "reset" | "shutdown" | "poweroff" | "pause" | "none" | "dump" | "inject-nmi";
}

/** The guest CPU (`libvirt: { cpu }`). */
export interface LibvirtCpu {
  /** @default libvirt's choice */
  readonly mode?: "host-passthrough" | "host-model" | "custom" | "maximum";
  /** CPU model for mode "custom", e.g. "qemu64". */
  readonly model?: string;
  /** The vCPUs as sockets × cores × threads; the product must be the Instance's `vcpus`. @default vcpus sockets of one core */
  readonly topology?: { readonly sockets: number; readonly cores: number; readonly threads: number };
}

/** A macvtap NIC on a host interface (`{ direct: { dev } }`). */
export interface LibvirtDirectNic {
  /** The host NIC, e.g. "eth0". */
  readonly dev: string;
  /** @default "vepa" (libvirt's); "bridge" lets guests on the same NIC talk to each other */
  readonly mode?: "vepa" | "bridge" | "private" | "passthrough";
}

/**
 * A further NIC of a libvirt Instance (`libvirt: { nics: [...] }`), after the one of the `network` prop: exactly
 * one of `network` (a libvirt Network of this host), `bridge` (an existing host bridge, e.g. "br0"), `direct`
 * (macvtap on a host NIC) and `user` (QEMU user-mode networking: outbound only, no host set-up).
 */
export interface LibvirtNic {
  readonly network?: INetwork;
  readonly bridge?: string;
  readonly direct?: LibvirtDirectNic;
  readonly user?: boolean;
  /** @default "virtio" */
  readonly model?: "virtio" | "e1000" | "e1000e" | "rtl8139";
}
