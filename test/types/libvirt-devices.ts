// Type tests, checked by `tsc -p tsconfig.test.json` and never run: the libvirt platform, device, network-mode and
// pool-type options compile on a LibvirtHost, are compile errors on an IncusHost (each `@ts-expect-error` fails the
// type check if the line below it compiles), and their literal types refuse values libvirt does not have.
import type { TerraformStack } from "cdktf";
import { TerraformVariable } from "cdktf";
import { IncusHost, Instance, LibvirtHost, Network, StoragePool } from "../../lib";
import type { IHost } from "../../lib";

export function libvirtDeviceOptionsOnIncus(stack: TerraformStack): void {
  const lab = new IncusHost(stack, "lab");

  // @ts-expect-error UEFI firmware is a libvirt option
  new Instance(stack, "a", { host: lab, incus: { image: "debian-13" }, libvirt: { firmware: "uefi" } });
  // @ts-expect-error a VNC console is a libvirt option
  new Instance(stack, "b", { host: lab, incus: { image: "debian-13" }, libvirt: { graphics: { type: "vnc" } } });
  // @ts-expect-error the guest agent channel, TPM and RNG are libvirt options
  new Instance(stack, "c", { host: lab, libvirt: { guestAgent: true, tpm: true, rng: true } });
  // @ts-expect-error NICs on a host bridge / macvtap are libvirt options
  new Instance(stack, "d", { host: lab, libvirt: { nics: [{ bridge: "br0" }, { direct: { dev: "eth0" } }] } });
  // @ts-expect-error a libvirt forward mode on an Incus network
  new Network(stack, "e", { host: lab, libvirt: { mode: "nat" } });
  // @ts-expect-error a libvirt pool type on an Incus pool
  new StoragePool(stack, "f", { host: lab, libvirt: { type: "logical", volumeGroup: "vg" } });
}

export function incusOptionsOnLibvirtDevices(stack: TerraformStack): void {
  const kvm = new LibvirtHost(stack, "kvm");
  // @ts-expect-error Incus network config next to a libvirt mode on a libvirt network
  new Network(stack, "a", { host: kvm, libvirt: { mode: "nat" }, incus: { config: { "ipv4.nat": "true" } } });
  // @ts-expect-error Incus pool config next to a libvirt pool type
  new StoragePool(stack, "b", { host: kvm, libvirt: { type: "logical" }, incus: { config: { size: "1GiB" } } });
}

export function libvirtDeviceValues(stack: TerraformStack): void {
  const kvm = new LibvirtHost(stack, "kvm");
  // @ts-expect-error no such firmware
  new Instance(stack, "a", { host: kvm, libvirt: { firmware: "efi" } });
  // @ts-expect-error secure boot is a UEFI option
  new Instance(stack, "b", { host: kvm, libvirt: { firmware: { type: "bios", secureBoot: true } } });
  // @ts-expect-error graphics are VNC or SPICE
  new Instance(stack, "c", { host: kvm, libvirt: { graphics: { type: "rdp" } } });
  // @ts-expect-error no such forward mode
  new Network(stack, "d", { host: kvm, libvirt: { mode: "masquerade" } });
  // @ts-expect-error no such pool type
  new StoragePool(stack, "e", { host: kvm, path: "/srv/e", libvirt: { type: "zfs" } });
  // @ts-expect-error a TPM model libvirt does not have
  new Instance(stack, "f", { host: kvm, libvirt: { tpm: { model: "tpm-spapr" } } });
}

export function libvirtDeviceOptions(stack: TerraformStack, anyHost: IHost): void {
  const kvm = new LibvirtHost(stack, "kvm");
  const password = new TerraformVariable(stack, "vnc_password", { type: "string", sensitive: true });
  const nat = new Network(stack, "nat", {
    host: kvm,
    libvirt: {
      mode: "nat",
      ipv4: "10.213.7.1/24",
      dhcp: [{ start: "10.213.7.100", end: "10.213.7.199" }],
      dnsHosts: [{ ip: "10.213.7.5", hostnames: ["db"] }],
    },
  });
  new Network(stack, "lan", { host: kvm, libvirt: { mode: "bridge", bridge: "br0" } });
  new StoragePool(stack, "lvm", { host: kvm, libvirt: { type: "logical", devices: ["/dev/sdb"] } });
  new StoragePool(stack, "nfs", {
    host: kvm,
    path: "/mnt/nfs",
    libvirt: { type: "netfs", server: "nas", exportPath: "/export" },
  });
  const vm = new Instance(stack, "vm", {
    host: kvm,
    vcpus: 2,
    network: nat,
    stableMac: true,
    libvirt: {
      firmware: { type: "uefi", secureBoot: true },
      graphics: { type: "vnc", listen: "127.0.0.1", password: password.stringValue, video: "virtio" },
      guestAgent: true,
      rng: { source: "/dev/urandom" },
      tpm: { model: "tpm-crb", version: "2.0" },
      watchdog: { action: "poweroff" },
      cpu: { mode: "host-passthrough", topology: { sockets: 1, cores: 2, threads: 1 } },
      nics: [{ bridge: "br0" }, { direct: { dev: "eth0", mode: "bridge" } }, { user: true, model: "e1000e" }],
    },
  });
  const mac: string = vm.libvirt.macAddress;
  void mac;
  // With a host typed only as IHost both groups compile (the construct checks them at synth).
  new Instance(stack, "any", { host: anyHost, libvirt: { firmware: "uefi" } });
  new Network(stack, "anynet", { host: anyHost, libvirt: { mode: "nat" } });
}
