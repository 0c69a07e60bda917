// The typed platform and device options of a libvirt Instance (`libvirt: { firmware, graphics, guestAgent, rng, tpm,
// watchdog, cpu, nics }`): the libvirt_domain JSON each one synthesizes to, stable MACs on every NIC kind, and the
// synth errors (naming the construct path and the prop) for bad values.
import { TerraformVariable } from "cdktf";
import { Instance, LibvirtHost, Network, StoragePool, Volume, VolumeLifecycle } from "../../../lib";
import type { LibvirtInstanceOptions } from "../../../lib";
import { errorOf, newStack, resource, resourcesOf, synth } from "./support";

function lab() {
  const stack = newStack();
  const kvm = new LibvirtHost(stack, "kvm");
  return { stack, kvm };
}

function domainOf(libvirt: LibvirtInstanceOptions, extra: { vcpus?: number } = {}) {
  const { stack, kvm } = lab();
  new Instance(stack, "vm", { host: kvm, ...extra, libvirt });
  return resource(synth(stack), "libvirt_domain", "vm");
}

describe("Instance libvirt firmware", () => {
  test('"uefi": OVMF as a read-only pflash loader, a per-domain NVRAM from the template, q35, ACPI and APIC', () => {
    const domain = domainOf({ firmware: "uefi" });
    expect(domain.os).toEqual({
      type: "hvm",
      type_machine: "q35",
      loader: "/usr/share/OVMF/OVMF_CODE_4M.fd",
      loader_readonly: "yes",
      loader_type: "pflash",
      nv_ram: { template: "/usr/share/OVMF/OVMF_VARS_4M.fd" },
    });
    expect(domain.features).toEqual({ acpi: true, apic: {} });
  });

  test("secure boot: the secboot build, Microsoft's keys in the template, loader_secure and SMM on", () => {
    const domain = domainOf({ firmware: { type: "uefi", secureBoot: true } });
    expect(domain.os).toMatchObject({
      type_machine: "q35",
      loader: "/usr/share/OVMF/OVMF_CODE_4M.secboot.fd",
      loader_secure: "yes",
      nv_ram: { template: "/usr/share/OVMF/OVMF_VARS_4M.ms.fd" },
    });
    expect(domain.features).toEqual({ acpi: true, apic: {}, smm: { state: "on" } });
  });

  test("own loader and template paths; direct kernel boot keeps its settings next to the firmware", () => {
    const domain = domainOf({
      firmware: { type: "uefi", loader: "/opt/fw/CODE.fd", nvramTemplate: "/opt/fw/VARS.fd" },
      kernelBoot: { kernel: "/k" },
    });
    expect(domain.os).toMatchObject({
      kernel: "/k",
      loader: "/opt/fw/CODE.fd",
      nv_ram: { template: "/opt/fw/VARS.fd" },
    });
  });

  test('"bios" writes no loader; no firmware leaves os and features as before', () => {
    expect(domainOf({ firmware: "bios" }).os).toEqual({ type: "hvm" });
    expect(domainOf({ firmware: "bios" }).features).toEqual({ acpi: true, apic: {} });
    const plain = domainOf({});
    expect(plain.os).toEqual({ type: "hvm" });
    expect(plain.features).toBeUndefined();
    expect(plain.cpu).toBeUndefined();
    expect(plain.devices).toEqual({ disks: [] });
  });
});

describe("Instance libvirt devices", () => {
  test("VNC graphics with listen address, port, password and a video card", () => {
    const domain = domainOf({
      graphics: { type: "vnc", listen: "127.0.0.1", port: 5977, password: "s3cret", video: "virtio" },
    });
    expect(domain.devices.graphics).toEqual([{ vnc: { listen: "127.0.0.1", port: 5977, passwd: "s3cret" } }]);
    expect(domain.devices.videos).toEqual([{ model: { type: "virtio" } }]);
  });

  test("SPICE graphics; the password may be a sensitive variable (a token, passed through unchecked)", () => {
    const { stack, kvm } = lab();
    const password = new TerraformVariable(stack, "console_password", { type: "string", sensitive: true });
    new Instance(stack, "vm", { host: kvm, libvirt: { graphics: { type: "spice", password: password.stringValue } } });
    const domain = resource(synth(stack), "libvirt_domain", "vm");
    expect(domain.devices.graphics).toEqual([{ spice: { passwd: "${var.console_password}" } }]);
    expect(domain.devices.videos).toBeUndefined();
  });

  test("guest agent channel, RNG, TPM and watchdog (true: their defaults)", () => {
    const domain = domainOf({ guestAgent: true, rng: true, tpm: true, watchdog: true });
    expect(domain.devices.channels).toEqual([
      { source: { unix: {} }, target: { virt_io: { name: "org.qemu.guest_agent.0" } } },
    ]);
    expect(domain.devices.rngs).toEqual([{ model: "virtio", backend: { random: "/dev/urandom" } }]);
    expect(domain.devices.tpms).toEqual([{ model: "tpm-crb", backend: { emulator: { version: "2.0" } } }]);
    expect(domain.devices.watchdogs).toEqual([{ model: "i6300esb", action: "reset" }]);
  });

  test("the same devices with options; false adds nothing", () => {
    const domain = domainOf({
      guestAgent: false,
      rng: { source: "/dev/random" },
      tpm: { model: "tpm-tis", version: "1.2" },
      watchdog: { model: "itco", action: "poweroff" },
    });
    expect(domain.devices.channels).toBeUndefined();
    expect(domain.devices.rngs).toEqual([{ model: "virtio", backend: { random: "/dev/random" } }]);
    expect(domain.devices.tpms).toEqual([{ model: "tpm-tis", backend: { emulator: { version: "1.2" } } }]);
    expect(domain.devices.watchdogs).toEqual([{ model: "itco", action: "poweroff" }]);
    expect(domainOf({ rng: false, tpm: false, watchdog: false }).devices).toEqual({ disks: [] });
  });

  test("CPU mode, model and a topology that gives the vCPUs", () => {
    const domain = domainOf(
      { cpu: { mode: "custom", model: "qemu64", topology: { sockets: 1, cores: 2, threads: 2 } } },
      { vcpus: 4 },
    );
    expect(domain.vcpu).toBe(4);
    expect(domain.cpu).toEqual({ mode: "custom", model: "qemu64", topology: { sockets: 1, cores: 2, threads: 2 } });
    expect(domainOf({ cpu: { mode: "host-passthrough" } }).cpu).toEqual({ mode: "host-passthrough" });
  });
});

describe("Instance libvirt NICs", () => {
  test("the network prop's NIC first, then a host bridge, macvtap, a second network and user networking", () => {
    const { stack, kvm } = lab();
    const nat = new Network(stack, "nat", { host: kvm, libvirt: { mode: "nat", ipv4: "10.213.9.1/24" } });
    const other = new Network(stack, "other", { host: kvm });
    new Instance(stack, "vm", {
      host: kvm,
      network: nat,
      libvirt: {
        nics: [
          { bridge: "br0" },
          { direct: { dev: "eth0", mode: "bridge" }, model: "e1000e" },
          { network: other },
          { user: true },
        ],
      },
    });
    const json = synth(stack);
    const nics = resource(json, "libvirt_domain", "vm").devices.interfaces;
    expect(nics).toEqual([
      { model: { type: "virtio" }, source: { network: { network: "${libvirt_network.nat.name}" } } },
      { model: { type: "virtio" }, source: { bridge: { bridge: "br0" } } },
      { model: { type: "e1000e" }, source: { direct: { dev: "eth0", mode: "bridge" } } },
      { model: { type: "virtio" }, source: { network: { network: "${libvirt_network.other.name}" } } },
      { model: { type: "virtio" }, source: { user: {} } },
    ]);
  });

  test("stableMac gives every NIC kind its own MAC; the first is the one the instance had before", () => {
    const macs = (withNetwork: boolean) => {
      const { stack, kvm } = lab();
      const net = new Network(stack, "net", { host: kvm });
      new Instance(stack, "vm", {
        host: kvm,
        network: withNetwork ? net : undefined,
        stableMac: true,
        libvirt: { nics: [{ bridge: "br0" }, { direct: { dev: "eth0" } }, { user: true }] },
      });
      const nics = resource(synth(stack), "libvirt_domain", "vm").devices.interfaces as { mac?: { address: string } }[];
      return nics.map((nic) => nic.mac?.address);
    };
    const withNet = macs(true);
    expect(withNet).toHaveLength(4);
    for (const mac of withNet) expect(mac).toMatch(/^[0-9a-f][26ae](:[0-9a-f]{2}){5}$/);
    expect(new Set(withNet).size).toBe(4);
    // Synthesized twice, the same MACs (derived from the construct path, not random).
    expect(macs(true)).toEqual(withNet);
    // Without the network prop the bridge NIC is the first and gets the instance's own MAC.
    expect(macs(false)[0]).toBe(withNet[0]);
  });

  test("without stableMac no NIC gets a MAC; macAddress reads the first NIC's", () => {
    const { stack, kvm } = lab();
    const vm = new Instance(stack, "vm", { host: kvm, libvirt: { nics: [{ bridge: "br0" }] } });
    expect(vm.libvirt.macAddress).toMatch(/^\$\{TfToken\[/); // a reference, also for a NIC that is not `network`
    const nics = resource(synth(stack), "libvirt_domain", "vm").devices.interfaces;
    expect(nics[0].mac).toBeUndefined();
  });
});

describe("Instance libvirt option errors name the prop and the construct path", () => {
  test.each<[LibvirtInstanceOptions, RegExp, { vcpus?: number }?]>([
    [{ firmware: "efi" as never }, /prop "libvirt\.firmware\.type": "efi" is not one of "bios", "uefi"/],
    [{ firmware: { type: "bios", secureBoot: true } as never }, /libvirt\.firmware\.secureBoot.*needs UEFI firmware/],
    [{ firmware: { type: "uefi", loader: "OVMF_CODE.fd" } }, /libvirt\.firmware\.loader.*absolute path/],
    [{ firmware: { type: "uefi", secureBoot: "yes" as never } }, /libvirt\.firmware\.secureBoot.*true or false/],
    [
      { graphics: { type: "vnc", password: "longer-than-8" } },
      /libvirt\.graphics\.password.*at most 8 characters \(got 13\)/,
    ],
    [{ graphics: { type: "rdp" as never } }, /libvirt\.graphics\.type/],
    [{ graphics: { type: "vnc", port: 80 } }, /libvirt\.graphics\.port.*from 5900 to 65535/],
    [{ graphics: { type: "vnc", listen: "any host" } }, /libvirt\.graphics\.listen.*not an IP address/],
    [{ graphics: { type: "vnc", video: "matrox" as never } }, /libvirt\.graphics\.video/],
    [{ guestAgent: "yes" as never }, /libvirt\.guestAgent.*true or false/],
    [{ rng: { source: "/dev/zero" as never } }, /libvirt\.rng\.source/],
    [{ tpm: { version: "1.2" } }, /libvirt\.tpm\.version.*TPM 1\.2 needs `model: "tpm-tis"`/],
    [{ watchdog: { action: "explode" as never } }, /libvirt\.watchdog\.action/],
    [{ cpu: { mode: "host-model", model: "qemu64" } }, /libvirt\.cpu\.model.*needs `mode: "custom"`/],
    [{ cpu: { mode: "custom" } }, /libvirt\.cpu\.model.*is required/],
    [
      { cpu: { topology: { sockets: 1, cores: 2, threads: 1 } } },
      /libvirt\.cpu\.topology.*gives 2 vCPUs .* vcpus 4/,
      { vcpus: 4 },
    ],
    [{ cpu: { topology: { sockets: 0, cores: 1, threads: 1 } } }, /libvirt\.cpu\.topology\.sockets/],
    [{ nics: [{}] }, /prop "libvirt\.nics\[0\]": needs exactly one of `network`, `bridge`, `direct` and `user`/],
    [{ nics: [{ bridge: "br0", user: true }] }, /libvirt\.nics\[0\]": needs exactly one/],
    [
      { nics: [{ user: true }, { bridge: "a bridge name too long" }] },
      /libvirt\.nics\[1\]\.bridge.*not a host interface name/,
    ],
    [{ nics: [{ direct: { dev: "eth0", mode: "vepa2" as never } }] }, /libvirt\.nics\[0\]\.direct\.mode/],
    [{ nics: [{ user: true, model: "ne2k" as never }] }, /libvirt\.nics\[0\]\.model/],
    [{ nics: [null as never] }, /prop "libvirt\.nics\[0\]": must be a NIC object/],
    [{ firmware: null as never }, /prop "libvirt\.firmware": must be "bios", "uefi"/],
    [{ graphics: 5900 as never }, /prop "libvirt\.graphics": must be/],
    [{ cpu: "host" as never }, /prop "libvirt\.cpu": must be/],
    [{ rng: null as never }, /prop "libvirt\.rng": must be true, false or an object/],
    [{ tpm: "2.0" as never }, /prop "libvirt\.tpm": must be true, false or an object/],
  ])("%j", (libvirt, message, extra = {}) => {
    const { stack, kvm } = lab();
    const error = errorOf(() => new Instance(stack, "vm", { host: kvm, ...extra, libvirt }));
    expect(error).toMatch(message);
    expect(error).toMatch(/Instance "homelab\/vm"/);
  });

  test("macAddress of an instance without any NIC", () => {
    const { stack, kvm } = lab();
    const vm = new Instance(stack, "vm", { host: kvm });
    expect(errorOf(() => vm.libvirt.macAddress)).toMatch(/prop "macAddress": the instance has no NIC/);
  });

  test("a NIC on a network of another host", () => {
    const { stack, kvm } = lab();
    const other = new LibvirtHost(stack, "other", { uri: "qemu+ssh://other/system" });
    const net = new Network(stack, "net", { host: other });
    expect(errorOf(() => new Instance(stack, "vm", { host: kvm, libvirt: { nics: [{ network: net }] } }))).toMatch(
      /libvirt\.nics\[0\]\.network.*is on another host/,
    );
  });
});

describe("the lifecycle rules hold with the new devices", () => {
  /** The synthesized stack of a domain with an EPHEMERAL overlay, a PERSISTENT data disk and a seed. */
  function rebuildParts(libvirt: LibvirtInstanceOptions) {
    const { stack, kvm } = lab();
    const pool = new StoragePool(stack, "images", { host: kvm, path: "/var/lib/libvirt/images" });
    const base = new Volume(stack, "base", { pool, size: "1GiB" });
    const root = new Volume(stack, "root", {
      pool,
      lifecycle: VolumeLifecycle.EPHEMERAL,
      libvirt: { baseVolume: base },
    });
    const data = new Volume(stack, "data", { pool, size: "1GiB" });
    const vm = new Instance(stack, "vm", {
      host: kvm,
      stableMac: true,
      libvirt: { ...libvirt, cloudInit: { userData: "#cloud-config\n" } },
    });
    vm.attach(root, { path: "vda" });
    vm.attach(data, { path: "vdb" });
    const json = synth(stack);
    return {
      anchors: resourcesOf(json, "terraform_data"),
      root: resource(json, "libvirt_volume", "root").lifecycle,
      data: resource(json, "libvirt_volume", "data").lifecycle,
      domain: resource(json, "libvirt_domain", "vm").lifecycle,
      seed: Object.values(resourcesOf(json, "libvirt_cloudinit_disk"))[0].lifecycle,
      macs: (resource(json, "libvirt_domain", "vm").devices.interfaces ?? []).map(
        (nic: { mac?: { address: string } }) => nic.mac?.address,
      ),
    };
  }

  test("firmware, graphics, devices, CPU and NICs change neither the generation anchor nor what is rebuilt with it", () => {
    const plain = rebuildParts({ nics: [{ user: true }] });
    const full = rebuildParts({
      firmware: { type: "uefi", secureBoot: true },
      graphics: { type: "vnc", password: "pw" },
      guestAgent: true,
      rng: true,
      tpm: true,
      watchdog: true,
      cpu: { mode: "host-model" },
      nics: [{ user: true }, { bridge: "br0" }],
    });
    // A device change is an in-place update of the domain: the anchor (what forces a rebuild) is the same.
    expect(full.anchors).toEqual(plain.anchors);
    const [anchorId] = Object.keys(full.anchors);
    for (const rebuilt of [full.root, full.domain, full.seed])
      expect(JSON.stringify(rebuilt)).toContain(`terraform_data.${anchorId}`);
    expect(JSON.stringify(full.data ?? {})).not.toContain("terraform_data");
    // The first NIC keeps its stable MAC when NICs are added after it.
    expect(full.macs[0]).toBe(plain.macs[0]);
    expect(full.macs[1]).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/);
  });
});
