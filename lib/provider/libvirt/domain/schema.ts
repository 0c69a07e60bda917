// libvirt_domain's schema (0.9.x shape, subset). Only name and type replace the domain; every other change is
// applied in place: graceful shutdown (with a timeout, then destroy), redefinition, restart.
import type { ApplyModel, Known, PlanModel, PlanModifier, Schema, StateModel } from "../../framework";
import { bool, listOf, nested, num, oneOf, regex, requiresReplace, str, useStateForUnknown } from "../../framework";
import { SIZE_UNITS } from "../common";
import { refuseUnmodelled } from "./unmodelled";

/**
 * Left unset, the attribute stays null in state, as in the official provider ("preserve user intent"): planned
 * null (not "known after apply") on create, and not read back (state.ts). On an existing object the planner keeps the prior value, so a state written when a default
 * was filled in (autostart = false, memory_unit = "KiB") plans no change.
 */
function nullWhenUnset(): PlanModifier {
  return {
    description: "Left unset, the value stays null in state; an existing value is kept.",
    modify(req, resp) {
      if (req.state !== null || req.configValue !== null) return;
      resp.planValue = null;
    },
  };
}
const unsetStaysNull = [nullWhenUnset()];

/** Per-device boot order (<boot order>), shared by disks and interfaces. */
const bootAttribute = nested(
  "single",
  { order: num({ required: true, description: "Position in the boot order, from 1; unique across devices." }) },
  { optional: true, description: "Make the device bootable at this position of the boot order." },
);

const diskAttributes = {
  device: str({
    optional: true,
    computed: true,
    description: '"disk" (default) or "cdrom".',
    validators: [oneOf(["disk", "cdrom"])],
  }),
  source: nested(
    "single",
    {
      volume: nested(
        "single",
        {
          pool: str({ required: true, description: "Pool of the volume." }),
          volume: str({ required: true, description: "Name of the volume." }),
        },
        { optional: true, description: "A volume in a libvirt pool." },
      ),
      file: nested(
        "single",
        { file: str({ required: true, description: "Path of an image file." }) },
        { optional: true, description: "An image file." },
      ),
      block: nested(
        "single",
        { dev: str({ required: true, description: "Path of a block device." }) },
        { optional: true, description: "A host block device." },
      ),
    },
    { optional: true, description: "Exactly one of volume, file or block; none for an empty cdrom drive." },
  ),
  target: nested(
    "single",
    {
      dev: str({ required: true, description: "Guest device name: vda, vdb, sda, ..." }),
      bus: str({
        optional: true,
        computed: true,
        description: "virtio, sata, scsi, ide, usb. Default: derived by libvirt from dev.",
      }),
    },
    { required: true, description: "How the guest sees the disk." },
  ),
  driver: nested(
    "single",
    {
      type: str({
        optional: true,
        computed: true,
        description: "Image format QEMU opens: raw or qcow2. Default: the volume's format.",
      }),
      cache: str({
        optional: true,
        description: "Host page cache: default, none, writethrough, writeback, directsync or unsafe. Default QEMU's.",
        validators: [oneOf(["default", "none", "writethrough", "writeback", "directsync", "unsafe"])],
      }),
      io: str({
        optional: true,
        description: "I/O mode: threads, native or io_uring. Default QEMU's.",
        validators: [oneOf(["threads", "native", "io_uring"])],
      }),
      discard: str({
        optional: true,
        description: 'Guest discard (TRIM) requests: "unmap" passes them to the image, "ignore" drops them.',
        validators: [oneOf(["unmap", "ignore"])],
      }),
    },
    { optional: true, computed: true, description: "QEMU driver settings." },
  ),
  read_only: bool({ optional: true, computed: true, description: "Read-only disk. Default false." }),
  shareable: bool({ optional: true, computed: true, description: "Usable by several domains at once. Default false." }),
  serial: str({ optional: true, description: "Serial number the guest sees." }),
  wwn: str({
    optional: true,
    description: "World Wide Name the guest sees (16 hex digits), for SCSI and SATA disks.",
    validators: [regex(/^(0x)?[0-9a-fA-F]{16}$/, "16 hexadecimal digits, optionally prefixed with 0x")],
  }),
  boot: bootAttribute,
};

const interfaceAttributes = {
  type: str({
    optional: true,
    computed: true,
    description: '"network", "bridge", "direct" or "user"; the kind of source. Default: derived from the source.',
    validators: [oneOf(["network", "bridge", "direct", "user"])],
  }),
  model: nested(
    "single",
    { type: str({ required: true, description: "NIC model, e.g. virtio." }) },
    {
      optional: true,
      computed: true,
      description: "NIC model. Default virtio.",
    },
  ),
  source: nested(
    "single",
    {
      network: nested(
        "single",
        { network: str({ required: true, description: "Name of the libvirt network." }) },
        { optional: true, description: "A libvirt network." },
      ),
      bridge: nested(
        "single",
        { bridge: str({ required: true, description: "Name of the host bridge, e.g. br0." }) },
        { optional: true, description: "An existing host bridge (not managed here)." },
      ),
      direct: nested(
        "single",
        {
          dev: str({ required: true, description: "Host NIC the macvtap device sits on, e.g. eth0." }),
          mode: str({
            optional: true,
            computed: true,
            description: "vepa (libvirt's default), bridge, private or passthrough.",
            validators: [oneOf(["vepa", "bridge", "private", "passthrough"])],
          }),
        },
        { optional: true, description: "A macvtap device on a host NIC." },
      ),
      user: nested(
        "single",
        { dev: str({ optional: true, description: "Host interface the passt backend uses. Default: none." }) },
        { optional: true, description: "QEMU user-mode networking (no host set-up; outbound only)." },
      ),
    },
    {
      required: true,
      description: "Where the interface is plugged in: exactly one of network, bridge, direct and user.",
    },
  ),
  mac: nested(
    "single",
    { address: str({ optional: true, computed: true, description: "MAC address; generated when unset." }) },
    {
      optional: true,
      computed: true,
      description: "The interface's MAC address (kept across updates).",
    },
  ),
  boot: bootAttribute,
  wait_for_ip: nested(
    "single",
    {
      timeout: num({ optional: true, description: "Seconds to wait. Default 300." }),
      source: str({
        optional: true,
        description:
          '"lease" (default): the DHCP leases of the interface\'s libvirt network; "agent": the QEMU guest agent ' +
          '(needs a channel org.qemu.guest_agent.0 and qemu-ga in the guest); "any": the leases, else the agent.',
        validators: [oneOf(["lease", "agent", "any"])],
      }),
    },
    {
      optional: true,
      description:
        "After starting the domain, wait until the interface has an IPv4 address (fails after the timeout; Ctrl-C stops waiting).",
    },
  ),
  addresses: listOf("string", {
    computed: true,
    description:
      "The interface's IPv4 addresses from its network's DHCP leases, and from the guest agent when wait_for_ip.source " +
      'is "agent" or "any" (empty while it has none).',
  }),
};

/** The host side and naming shared by consoles and serial ports (<console>, <serial>). */
const charDeviceAttributes = {
  type: str({
    optional: true,
    computed: true,
    description:
      '"file" (with source.path), "tcp" (with source.tcp) or "pty". Default: the kind of the source given, else "pty".',
    validators: [oneOf(["file", "pty", "tcp"])],
  }),
  source: nested(
    "single",
    {
      path: str({
        optional: true,
        description: "Absolute path of the log file on the host; truncated whenever the domain starts.",
      }),
      file: nested(
        "single",
        { path: str({ required: true, description: "Absolute path of the log file on the host." }) },
        { optional: true, description: "The official provider's spelling of source.path: `file = { path = ... }`." },
      ),
      tcp: nested(
        "single",
        {
          mode: str({
            optional: true,
            description: '"bind" (listen, the default) or "connect".',
            validators: [oneOf(["bind", "connect"])],
          }),
          host: str({ optional: true, description: "Address to listen on or connect to." }),
          service: str({ required: true, description: "TCP port, as a string." }),
          tls: str({
            optional: true,
            description: '"yes" or "no": TLS on the socket. Default: qemu.conf chardev_tls.',
            validators: [oneOf(["yes", "no"])],
          }),
        },
        { optional: true, description: "A TCP socket (virsh console does not reach it; telnet or nc do)." },
      ),
    },
    { optional: true, description: "The host side: a log file or a TCP socket. Unset: a pty." },
  ),
  protocol: nested(
    "single",
    {
      type: str({
        required: true,
        description: "raw, telnet, telnets or tls.",
        validators: [oneOf(["raw", "telnet", "telnets", "tls"])],
      }),
    },
    { optional: true, description: "Wire protocol of a TCP socket. Default raw." },
  ),
  alias: nested(
    "single",
    {
      name: str({
        required: true,
        description:
          'Device alias. libvirt stores only names starting with "ua-" (user aliases); any other is kept in state only.',
        validators: [regex(/^[A-Za-z0-9_-]+$/, "letters, digits, _ and -")],
      }),
    },
    { optional: true, description: "A user alias for the device." },
  ),
};

const consoleAttributes = {
  ...charDeviceAttributes,
  target: nested(
    "single",
    {
      type: str({
        optional: true,
        computed: true,
        description: '"serial" (ttyS<port>, default) or "virtio" (hvc<port>).',
        validators: [oneOf(["serial", "virtio"])],
      }),
      port: num({ optional: true, computed: true, description: "Port number. Default 0." }),
    },
    { optional: true, computed: true, description: "The console as the guest sees it." },
  ),
};

const serialAttributes = {
  ...charDeviceAttributes,
  target: nested(
    "single",
    {
      type: str({
        optional: true,
        computed: true,
        description: "isa-serial, usb-serial, pci-serial, system-serial, ... Default: libvirt's for the machine.",
        validators: [
          oneOf([
            "isa-serial",
            "usb-serial",
            "pci-serial",
            "spapr-vio-serial",
            "system-serial",
            "sclp-serial",
            "isa-debug",
          ]),
        ],
      }),
      port: num({ optional: true, computed: true, description: "Port number (ttyS<port>). Default 0." }),
      model: nested(
        "single",
        { name: str({ optional: true, description: "Device model, e.g. isa-serial, pci-serial, pl011." }) },
        { optional: true, computed: true, description: "The emulated device. Default: libvirt's for the target type." },
      ),
    },
    { optional: true, computed: true, description: "The serial port as the guest sees it." },
  ),
};

const yesNo = [oneOf(["yes", "no"])];

/** <clock><timer>: one of the guest's time sources. */
const timerAttributes = {
  name: str({
    required: true,
    description: "platform, pit, rtc, hpet, tsc, kvmclock, hypervclock or armvtimer.",
    validators: [oneOf(["platform", "pit", "rtc", "hpet", "tsc", "kvmclock", "hypervclock", "armvtimer"])],
  }),
  track: str({ optional: true, description: "What the rtc follows: boot, guest, wall or realtime." }),
  tick_policy: str({
    optional: true,
    description: "Missed ticks: delay, catchup, merge or discard.",
    validators: [oneOf(["delay", "catchup", "merge", "discard"])],
  }),
  present: str({ optional: true, description: '"yes" or "no": whether the guest sees the timer.', validators: yesNo }),
  catch_up: nested(
    "single",
    {
      threshold: num({ optional: true, description: "Missed ticks before catching up starts." }),
      slew: num({ optional: true, description: "Rate of catching up." }),
      limit: num({ optional: true, description: "Most ticks caught up at once." }),
    },
    { optional: true, description: 'Catch-up settings for tick_policy "catchup".' },
  ),
};

/** <devices><input>: a tablet, mouse or keyboard. */
const inputAttributes = {
  type: str({
    required: true,
    description: "tablet, mouse or keyboard.",
    validators: [oneOf(["tablet", "mouse", "keyboard"])],
  }),
  bus: str({
    optional: true,
    computed: true,
    description: "usb, virtio or ps2. Default: libvirt's (usb for a tablet, ps2 otherwise).",
    validators: [oneOf(["usb", "virtio", "ps2"])],
  }),
};

/** <os> firmware and boot settings. */
const firmwareAttributes = {
  loader: str({
    optional: true,
    description: "Absolute path of the firmware image, e.g. /usr/share/OVMF/OVMF_CODE_4M.fd for UEFI.",
  }),
  loader_readonly: str({ optional: true, computed: true, description: '"yes" or "no".', validators: yesNo }),
  loader_type: str({
    optional: true,
    computed: true,
    description: '"pflash" (UEFI code with an NVRAM store) or "rom".',
    validators: [oneOf(["pflash", "rom"])],
  }),
  loader_secure: str({
    optional: true,
    description: '"yes" for UEFI secure boot (needs features.smm on and a q35 machine), "no" or unset.',
    validators: yesNo,
  }),
  nv_ram: nested(
    "single",
    {
      nv_ram: str({
        optional: true,
        computed: true,
        description: "Path of the domain's UEFI variable store. Default: chosen by libvirt, one per domain.",
      }),
      template: str({
        optional: true,
        computed: true,
        description: "Variables template the store is created from, e.g. /usr/share/OVMF/OVMF_VARS_4M.fd.",
      }),
    },
    {
      optional: true,
      computed: true,
      description: "The UEFI variable store (NVRAM). Default with a pflash loader: one per domain, made by libvirt.",
    },
  ),
  boot_devices: nested(
    "list",
    {
      dev: str({
        required: true,
        description: "hd, cdrom, network or fd.",
        validators: [oneOf(["hd", "cdrom", "network", "fd"])],
      }),
    },
    { optional: true, description: "Boot devices in order (cannot be combined with per-device boot orders)." },
  ),
  boot_menu: nested(
    "single",
    {
      enable: str({ required: true, description: '"yes" or "no".', validators: yesNo }),
      timeout: str({ optional: true, description: "Milliseconds the menu waits (0 to 65535)." }),
    },
    { optional: true, description: "The firmware's interactive boot menu." },
  ),
};

const LIFECYCLE_ACTIONS = ["destroy", "restart", "preserve", "rename-restart", "coredump-destroy", "coredump-restart"];

/** Top-level platform settings; each left unset is not managed (libvirt's value stays, null in state). */
const platformAttributes = {
  cpu: nested(
    "single",
    {
      mode: str({
        optional: true,
        computed: true,
        description: "host-passthrough, host-model, custom or maximum.",
        validators: [oneOf(["host-passthrough", "host-model", "custom", "maximum"])],
      }),
      model: str({ optional: true, description: 'CPU model for mode "custom", e.g. "qemu64".' }),
      topology: nested(
        "single",
        {
          sockets: num({ required: true, description: "Sockets." }),
          dies: num({ optional: true, description: "Dies per socket. Default 1." }),
          clusters: num({ optional: true, description: "Clusters per die. Default 1." }),
          cores: num({ required: true, description: "Cores per die." }),
          threads: num({ required: true, description: "Threads per core." }),
        },
        { optional: true, description: "The vCPUs as sockets × dies × clusters × cores × threads (= vcpu)." },
      ),
    },
    {
      optional: true,
      computed: true,
      description: "Guest CPU model and topology. Left unset, libvirt's choice stays (null in state).",
      planModifiers: unsetStaysNull,
    },
  ),
  features: nested(
    "single",
    {
      acpi: bool({ optional: true, description: "ACPI (needed for a graceful shutdown)." }),
      apic: nested(
        "single",
        {
          eoi: str({
            optional: true,
            description: 'Paravirtual end of interrupt: "on" or "off".',
            validators: [oneOf(["on", "off"])],
          }),
        },
        { optional: true, description: "The APIC: `apic = {}`." },
      ),
      hap: nested(
        "single",
        { state: str({ optional: true, description: '"on" or "off".', validators: [oneOf(["on", "off"])] }) },
        { optional: true, description: "Hardware assisted paging: `hap = {}` (on) or its state." },
      ),
      pmu: nested(
        "single",
        { state: str({ optional: true, description: '"on" or "off".', validators: [oneOf(["on", "off"])] }) },
        { optional: true, description: "The guest's performance monitoring unit: `pmu = {}` (on) or its state." },
      ),
      pae: bool({ optional: true, description: "Physical address extension." }),
      smm: nested(
        "single",
        { state: str({ required: true, description: '"on" or "off".', validators: [oneOf(["on", "off"])] }) },
        { optional: true, description: "System management mode (UEFI secure boot needs it on)." },
      ),
    },
    {
      optional: true,
      computed: true,
      description:
        "Hypervisor features, managed as a whole when set. Left unset: ACPI and APIC on a new domain, then not managed.",
      planModifiers: unsetStaysNull,
    },
  ),
  clock: nested(
    "single",
    {
      offset: str({
        required: true,
        description: "utc, localtime, timezone or variable.",
        validators: [oneOf(["utc", "localtime", "timezone", "variable"])],
      }),
      timer: nested("list", timerAttributes, {
        optional: true,
        description: "Timers (rtc, pit, hpet, ...), in order.",
      }),
    },
    {
      optional: true,
      computed: true,
      description: "The guest clock. Left unset, not managed (null in state).",
      planModifiers: unsetStaysNull,
    },
  ),
  on_poweroff: str({
    optional: true,
    computed: true,
    description: "Action when the guest powers off. Left unset: destroy on a new domain, then not managed.",
    validators: [oneOf(LIFECYCLE_ACTIONS)],
    planModifiers: unsetStaysNull,
  }),
  on_reboot: str({
    optional: true,
    computed: true,
    description: "Action when the guest reboots. Left unset: restart on a new domain, then not managed.",
    validators: [oneOf(LIFECYCLE_ACTIONS)],
    planModifiers: unsetStaysNull,
  }),
  on_crash: str({
    optional: true,
    computed: true,
    description: "Action when the guest crashes. Left unset: destroy on a new domain, then not managed.",
    validators: [oneOf(LIFECYCLE_ACTIONS)],
    planModifiers: unsetStaysNull,
  }),
};

const graphicsServer = (what: string) =>
  nested(
    "single",
    {
      port: num({ optional: true, computed: true, description: "TCP port; -1 (the default) picks a free one." }),
      auto_port: bool({ optional: true, computed: true, description: "Pick a free port. Default true without port." }),
      listen: str({ optional: true, description: "Address to listen on. Default: libvirt's (qemu.conf)." }),
      passwd: str({ optional: true, sensitive: true, description: "Password clients must give. Not read back." }),
    },
    { optional: true, description: `A ${what} server.` },
  );

/** Device lists beyond disks, interfaces and consoles; each left unset is not managed (libvirt's devices stay). */
const extraDeviceAttributes = {
  graphics: nested(
    "list",
    { vnc: graphicsServer("VNC"), spice: graphicsServer("SPICE") },
    { optional: true, description: "Graphical consoles: each exactly one of vnc and spice." },
  ),
  videos: nested(
    "list",
    {
      model: nested(
        "single",
        {
          type: str({
            required: true,
            description: "vga, cirrus, virtio, qxl, bochs, ramfb or none.",
            validators: [oneOf(["vga", "cirrus", "virtio", "qxl", "bochs", "ramfb", "none"])],
          }),
          vram: num({ optional: true, computed: true, description: "Video memory in KiB. Default: the model's." }),
          primary: str({
            optional: true,
            description: '"yes" for the primary card (only one may be); left unset, the first card is.',
            validators: yesNo,
          }),
          heads: num({ optional: true, computed: true, description: "Number of screens. Default 1." }),
        },
        { required: true, description: "The video card." },
      ),
    },
    { optional: true, description: "Video cards; the first is the primary one." },
  ),
  channels: nested(
    "list",
    {
      source: nested(
        "single",
        { unix: nested("single", {}, { optional: true, description: "A UNIX socket libvirt creates: `unix = {}`." }) },
        { required: true, description: "The host side: source.unix." },
      ),
      target: nested(
        "single",
        {
          virt_io: nested(
            "single",
            { name: str({ required: true, description: 'Channel name, e.g. "org.qemu.guest_agent.0".' }) },
            { required: true, description: "A virtio-serial port." },
          ),
        },
        { required: true, description: "The guest side: target.virt_io." },
      ),
    },
    { optional: true, description: "virtio-serial channels, e.g. the QEMU guest agent's." },
  ),
  rngs: nested(
    "list",
    {
      model: str({
        optional: true,
        computed: true,
        description: '"virtio" (default).',
        validators: [oneOf(["virtio", "virtio-transitional", "virtio-non-transitional"])],
      }),
      backend: nested(
        "single",
        { random: str({ required: true, description: "Host entropy source, e.g. /dev/urandom." }) },
        { required: true, description: "Where the entropy comes from: backend.random." },
      ),
    },
    { optional: true, description: "Random number generators." },
  ),
  tpms: nested(
    "list",
    {
      model: str({
        required: true,
        description: '"tpm-crb" or "tpm-tis".',
        validators: [oneOf(["tpm-crb", "tpm-tis"])],
      }),
      backend: nested(
        "single",
        {
          emulator: nested(
            "single",
            {
              version: str({
                optional: true,
                computed: true,
                description: '"2.0" (default for tpm-crb) or "1.2".',
                validators: [oneOf(["2.0", "1.2"])],
              }),
            },
            { required: true, description: "An emulated TPM (swtpm), its state kept per domain by libvirt." },
          ),
        },
        { required: true, description: "backend.emulator." },
      ),
    },
    { optional: true, description: "TPMs." },
  ),
  watchdogs: nested(
    "list",
    {
      model: str({
        required: true,
        description: "i6300esb, ib700, diag288 or itco.",
        validators: [oneOf(["i6300esb", "ib700", "diag288", "itco"])],
      }),
      action: str({
        optional: true,
        computed: true,
        description: "reset (default), shutdown, poweroff, pause, none, dump or inject-nmi.",
        validators: [oneOf(["reset", "shutdown", "poweroff", "pause", "none", "dump", "inject-nmi"])],
      }),
    },
    { optional: true, description: "Watchdog devices." },
  ),
  filesystems: nested(
    "list",
    {
      access_mode: str({
        optional: true,
        computed: true,
        description: "passthrough (default), mapped or squash.",
        validators: [oneOf(["passthrough", "mapped", "squash"])],
      }),
      source: nested(
        "single",
        {
          mount: nested(
            "single",
            { dir: str({ required: true, description: "Absolute path of the host directory." }) },
            { required: true, description: "A host directory." },
          ),
        },
        { required: true, description: "source.mount." },
      ),
      target: nested(
        "single",
        { dir: str({ required: true, description: "Mount tag the guest uses (mount -t 9p -o trans=virtio <tag>)." }) },
        { required: true, description: "The guest side." },
      ),
      read_only: bool({ optional: true, computed: true, description: "Read-only share. Default false." }),
    },
    { optional: true, description: "Host directories shared over 9p (virtiofs is not supported)." },
  ),
  inputs: nested("list", inputAttributes, {
    optional: true,
    description: "Input devices, in order. libvirt adds a PS/2 mouse and keyboard itself; those are not listed.",
  }),
  hostdevs: nested(
    "list",
    {
      managed: bool({
        optional: true,
        description:
          "libvirt detaches the device from its host driver for the guest and reattaches it after. Default no.",
      }),
      subsys_pci: nested(
        "single",
        {
          source: nested(
            "single",
            {
              address: nested(
                "single",
                {
                  domain: num({ optional: true, description: "PCI domain, 0 to 65535. Default 0." }),
                  bus: num({ required: true, description: "Bus, 0 to 255." }),
                  slot: num({ required: true, description: "Slot, 0 to 31." }),
                  function: num({ required: true, description: "Function, 0 to 7." }),
                },
                { required: true, description: "The device's address on the host (lspci: domain:bus:slot.function)." },
              ),
            },
            { required: true, description: "The host device." },
          ),
        },
        { optional: true, description: "A PCI device of the host, by address." },
      ),
      subsys_usb: nested(
        "single",
        {
          source: nested(
            "single",
            {
              vendor: nested(
                "single",
                { id: str({ required: true, description: 'Vendor id, e.g. "0x1d6b" (lsusb).' }) },
                { required: true, description: "The USB vendor." },
              ),
              product: nested(
                "single",
                { id: str({ required: true, description: 'Product id, e.g. "0x0002".' }) },
                { required: true, description: "The USB product." },
              ),
            },
            { required: true, description: "The host device." },
          ),
        },
        { optional: true, description: "A USB device of the host, by vendor and product id." },
      ),
    },
    {
      optional: true,
      description: "Host devices passed through to the guest: each exactly one of subsys_pci and subsys_usb.",
    },
  ),
  mem_balloon: nested(
    "single",
    {
      model: str({
        required: true,
        description: "virtio, virtio-transitional, virtio-non-transitional or none.",
        validators: [oneOf(["virtio", "virtio-transitional", "virtio-non-transitional", "none"])],
      }),
    },
    { optional: true, description: "The memory balloon. Left unset, libvirt's (virtio) stays." },
  ),
};

const shutdownAttribute = nested(
  "single",
  {
    timeout: num({
      optional: true,
      description: "Seconds the guest gets to power off after the ACPI request before it is destroyed.",
    }),
  },
  { optional: true, description: "Graceful shutdown settings." },
);

export const domainSchema = refuseUnmodelled({
  description:
    "A libvirt domain (virtual machine). Changes other than name and type are applied in place with a graceful restart.",
  attributes: {
    name: str({ required: true, description: "Name of the domain.", planModifiers: [requiresReplace()] }),
    type: str({
      required: true,
      description: 'Hypervisor: "kvm" or "qemu".',
      validators: [oneOf(["kvm", "qemu"])],
      planModifiers: [requiresReplace()],
    }),
    description: str({ optional: true, description: "Free-form description." }),
    memory: num({
      optional: true,
      computed: true,
      description: "Memory in memory_unit. Unset: 512 MiB, and null in state.",
      planModifiers: unsetStaysNull,
    }),
    memory_unit: str({
      optional: true,
      computed: true,
      description: "Unit of memory: KiB (when unset; then null in state), MiB, GiB, ...",
      validators: [oneOf([...SIZE_UNITS])],
      planModifiers: unsetStaysNull,
    }),
    vcpu: num({
      optional: true,
      computed: true,
      description: "Number of virtual CPUs. Unset: 1, and null in state.",
      planModifiers: unsetStaysNull,
    }),
    running: bool({
      optional: true,
      default: true,
      description: "Keep the domain running (true) or shut off (false).",
    }),
    autostart: bool({
      optional: true,
      computed: true,
      description: "Start the domain when libvirtd starts. Unset: not set up (false), and null in state.",
      planModifiers: unsetStaysNull,
    }),
    os: nested(
      "single",
      {
        type: str({ required: true, description: '"hvm".' }),
        type_arch: str({ optional: true, computed: true, description: "Guest architecture. Default x86_64." }),
        type_machine: str({
          optional: true,
          computed: true,
          description: 'Machine type, e.g. "q35" or "pc". Default: chosen by libvirt.',
        }),
        kernel: str({
          optional: true,
          description:
            "Direct kernel boot: absolute path of a kernel image on the host (instead of a boot loader on a disk).",
        }),
        initrd: str({
          optional: true,
          description: "Direct kernel boot: absolute path of the initrd on the host. Needs kernel.",
        }),
        cmdline: str({ optional: true, description: "Direct kernel boot: the kernel command line. Needs kernel." }),
        ...firmwareAttributes,
      },
      {
        optional: true,
        computed: true,
        description: "Guest OS settings. Unset: hvm on the host's architecture, chosen by libvirt, and null in state.",
        planModifiers: unsetStaysNull,
      },
    ),
    ...platformAttributes,
    devices: nested(
      "single",
      {
        emulator: str({
          optional: true,
          description: "Path of the emulator binary, e.g. /usr/bin/qemu-system-x86_64. Left unset, libvirt's choice.",
        }),
        disks: nested("list", diskAttributes, { optional: true, description: "Disks, in order." }),
        interfaces: nested("list", interfaceAttributes, {
          optional: true,
          description: "Network interfaces, in order.",
        }),
        consoles: nested("list", consoleAttributes, {
          optional: true,
          description:
            "Consoles, in order, e.g. the serial port logged to a file. Left unset (and serials too), the domain's consoles are kept as they are.",
        }),
        serials: nested("list", serialAttributes, {
          optional: true,
          description:
            "Serial ports, in order. Setting consoles or serials manages both kinds: libvirt adds the serial port behind a serial console.",
        }),
        ...extraDeviceAttributes,
      },
      {
        optional: true,
        computed: true,
        description:
          "Disks, network interfaces and consoles. Left unset, the domain's devices are not managed; other devices (graphics, ...) are always kept.",
      },
    ),
    metadata: nested(
      "single",
      {
        xml: str({
          required: true,
          description:
            "Inner XML of <metadata>; each element in its own namespace. cdktf-virt puts its ownership marker here.",
        }),
      },
      {
        optional: true,
        computed: true,
        description: "Custom metadata. Left unset, the domain's metadata is not managed.",
      },
    ),
    update: nested(
      "single",
      { shutdown: shutdownAttribute },
      {
        optional: true,
        description:
          "How an in-place update stops the guest. Default: graceful, 30 s (or CDKTF_VIRT_LIBVIRT_SHUTDOWN_TIMEOUT).",
      },
    ),
    destroy: nested(
      "single",
      {
        graceful: bool({
          optional: true,
          description: "Ask the guest to shut down before destroying it. Default true.",
        }),
        shutdown: shutdownAttribute,
      },
      { optional: true, description: "How deleting the domain stops the guest." },
    ),
    uuid: str({ computed: true, description: "The domain's UUID.", planModifiers: [useStateForUnknown()] }),
    id: str({ computed: true, description: "Same as uuid.", planModifiers: [useStateForUnknown()] }),
  },
} satisfies Schema);

/** A libvirt_domain as state holds it. */
export type DomainState = StateModel<typeof domainSchema>;
/** A libvirt_domain as create and update get it (uuid, MACs and other computed values may be unknown). */
export type DomainPlan = ApplyModel<typeof domainSchema>;
/** A libvirt_domain's configuration or plan before apply (any value may be unknown). */
export type DomainConfig = PlanModel<typeof domainSchema>;

/** A part of a model value once it is known and set. */
type Part<T> = NonNullable<Known<T>>;
/** Parts of a domain as create and update get them (only computed values inside may be unknown). */
export type DomainOs = Part<DomainPlan["os"]>;
export type DomainDevices = Part<DomainPlan["devices"]>;
export type DomainDisk = Part<DomainDevices["disks"]>[number];
export type DomainDiskSource = Part<DomainDisk["source"]>;
export type DomainInterface = Part<DomainDevices["interfaces"]>[number];
export type DomainConsole = Part<DomainDevices["consoles"]>[number];
export type DomainSerial = Part<DomainDevices["serials"]>[number];
export type DomainHostdev = Part<DomainDevices["hostdevs"]>[number];
