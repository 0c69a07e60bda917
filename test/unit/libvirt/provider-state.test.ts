// Pure logic of the bundled libvirt provider: how libvirt's normalised answers become state that matches the
// configuration (so a plan after apply is empty), and which changes need a restart.
import {
  capacityBytes,
  domainState,
  machineState,
  memoryKiB,
  needsRedefine,
  needsRestart,
  shutdownTimeoutFromEnv,
  SHUTDOWN_TIMEOUT_ENV,
  domainSchema,
  volumeSchema,
  volumeState,
} from "../../../lib/provider/libvirt";
import { valuesOf } from "./support/models";
import type { DomainInfo, VolumeInfo } from "../../../lib/libvirt";
import { UNKNOWN } from "../../../lib/provider/framework";

const OWNER = `<cdktf-virt:owner xmlns:cdktf-virt="https://cdktf-virt.dev/xmlns/owner">s/vm</cdktf-virt:owner>`;

function domainInfo(overrides: Partial<DomainInfo> = {}): DomainInfo {
  return {
    name: "vm",
    uuid: "u-1",
    type: "kvm",
    memoryKiB: 98304,
    currentMemoryKiB: 98304,
    vcpus: 2,
    osType: "hvm",
    arch: "x86_64",
    machine: "pc-q35-7.2",
    consoles: [],
    serials: [],
    platform: { bootDevices: [], clockTimers: [] },
    extraDevices: {
      graphics: [],
      videos: [],
      channels: [],
      rngs: [],
      tpms: [],
      watchdogs: [],
      filesystems: [],
      inputs: [],
      hostdevs: [],
    },
    metadataXml: OWNER.replace(/"/g, "'"),
    ownerMarker: "s/vm",
    disks: [
      {
        device: "disk",
        type: "volume",
        source: { type: "volume", pool: "p", volume: "data" },
        target: { dev: "vda", bus: "virtio" },
        driverType: "raw",
        readOnly: false,
        shareable: false,
      },
      {
        device: "disk",
        type: "volume",
        source: { type: "volume", pool: "p", volume: "root" },
        target: { dev: "vdb", bus: "virtio" },
        driverType: "qcow2",
        readOnly: false,
        shareable: false,
      },
    ],
    interfaces: [{ type: "network", network: "lab", model: "virtio", mac: "52:54:00:00:00:01" }],
    state: "running",
    active: true,
    autostart: false,
    inactiveXml: "<domain type='kvm'><name>vm</name></domain>",
    ...overrides,
  };
}

describe("domain state", () => {
  const known = valuesOf(domainSchema, {
    name: "vm",
    memory: 96,
    memory_unit: "MiB",
    os: { type: "hvm", type_arch: null, type_machine: "q35" },
    metadata: { xml: OWNER },
    devices: { disks: [{ target: { dev: "vdb" } }, { target: { dev: "vda" } }], interfaces: null },
    destroy: { graceful: false, shutdown: null },
  });

  test("keeps the configured unit, machine alias, metadata spelling and disk order", () => {
    const state = domainState(domainInfo(), known);
    expect(state).toMatchObject({
      memory: 96,
      memory_unit: "MiB",
      vcpu: 2,
      running: true,
      autostart: false,
      uuid: "u-1",
      id: "u-1",
    });
    expect(state.os).toEqual({
      type: "hvm",
      type_arch: "x86_64",
      type_machine: "q35",
      kernel: null,
      initrd: null,
      cmdline: null,
      loader: null,
      loader_readonly: null,
      loader_type: null,
      loader_secure: null,
      nv_ram: null,
      boot_devices: null,
      boot_menu: null,
    });
    expect(state.metadata).toEqual({ xml: OWNER });
    expect(state.devices?.disks?.map((d: { target: { dev: string } }) => d.target.dev)).toEqual(["vdb", "vda"]);
    expect(state.devices?.interfaces?.[0]).toEqual({
      type: "network",
      model: { type: "virtio" },
      source: { network: { network: "lab" }, bridge: null, direct: null, user: null },
      mac: { address: "52:54:00:00:00:01" },
      boot: null,
      wait_for_ip: null,
      addresses: [],
    });
    expect(state.destroy).toEqual(known.destroy);
  });

  test("reports what libvirt has when it differs from the configuration", () => {
    const state = domainState(
      domainInfo({ memoryKiB: 100000, machine: "pc-i440fx-7.2", metadataXml: "<x:o xmlns:x='urn:x'/>", active: false }),
      known,
    );
    expect(state).toMatchObject({ memory: 100000, memory_unit: "KiB", running: false });
    expect(state.os?.type_machine).toBe("pc-i440fx-7.2");
    expect(state.metadata).toEqual({ xml: "<x:o xmlns:x='urn:x'/>" });
  });

  test("an imported domain (no prior values) gets libvirt's values and no empty lists", () => {
    const state = domainState(
      domainInfo({ interfaces: [], metadataXml: undefined }),
      valuesOf(domainSchema, { name: "vm" }),
    );
    expect(state).toMatchObject({ memory: 98304, memory_unit: "KiB", metadata: null, update: null, destroy: null });
    expect(state.devices?.interfaces).toBeNull();
    expect(state.devices?.disks).toHaveLength(2);
  });

  test("machine aliases", () => {
    expect(machineState("pc-i440fx-7.2", "pc")).toBe("pc");
    expect(machineState("pc-q35-7.2", "q35")).toBe("q35");
    expect(machineState("pc-q35-7.2", "pc-q35")).toBe("pc-q35");
    expect(machineState("pc-q35-7.2", "pc")).toBe("pc-q35-7.2");
    expect(machineState("pc-q35-7.2", undefined)).toBe("pc-q35-7.2");
    expect(machineState(undefined, "q35")).toBe("q35");
  });
});

describe("what an update has to do", () => {
  const prior = valuesOf(domainSchema, {
    memory: 96,
    memory_unit: "MiB",
    vcpu: 1,
    os: { type: "hvm" },
    devices: { disks: [] },
    description: null,
    metadata: { xml: OWNER },
  });

  test("memory in another unit but the same amount is no change", () => {
    expect(needsRestart(prior, { ...prior, memory: 98304, memory_unit: "KiB" })).toBe(false);
    expect(needsRestart(prior, { ...prior, memory: 128 })).toBe(true);
  });

  test("hardware changes restart; description and metadata only redefine", () => {
    expect(needsRestart(prior, { ...prior, vcpu: 2 })).toBe(true);
    expect(
      needsRestart(prior, valuesOf(domainSchema, { ...prior, devices: { disks: [{ target: { dev: "vda" } }] } })),
    ).toBe(true);
    const described = { ...prior, description: "x" };
    expect(needsRestart(prior, described)).toBe(false);
    expect(needsRedefine(prior, described)).toBe(true);
    expect(needsRedefine(prior, { ...prior, metadata: { xml: OWNER.replace("s/vm", "s/other") } })).toBe(true);
    expect(needsRedefine(prior, { ...prior, metadata: { xml: OWNER.replace(/"/g, "'") } })).toBe(false);
    expect(needsRedefine(prior, { ...prior })).toBe(false);
  });

  test("attributes in another order, or null ones left out (as state read back leaves them), are no change", () => {
    // As the import's read-back leaves it: fewer attributes than the schema's model.
    const os = { type: "hvm", type_arch: "x86_64", kernel: null } as unknown as (typeof prior)["os"];
    const planned = {
      ...prior,
      os: { shim: null, kernel: null, type_arch: "x86_64", type: "hvm" },
    } as unknown as typeof prior;
    expect(needsRestart({ ...prior, os }, planned)).toBe(false);
    const kernel = { type: "hvm", type_arch: "x86_64", kernel: "/boot/vmlinuz" } as unknown as (typeof prior)["os"];
    expect(needsRestart({ ...prior, os }, { ...planned, os: kernel })).toBe(true);
  });

  test("unknown values count as changes", () => {
    expect(needsRestart(prior, { ...prior, devices: UNKNOWN })).toBe(true);
  });

  test("memory defaults to 512 MiB and must be whole KiB", () => {
    expect(memoryKiB({ memory: null, memory_unit: null })).toBe(524288);
    expect(memoryKiB({ memory: 2, memory_unit: "GiB" })).toBe(2 * 1024 * 1024);
    expect(() => memoryKiB({ memory: 1000, memory_unit: "bytes" })).toThrow(/whole number of KiB/);
    expect(() => memoryKiB({ memory: 1, memory_unit: "parsecs" })).toThrow(/unknown unit "parsecs"/);
  });
});

describe("volume state", () => {
  const info: VolumeInfo = {
    name: "root",
    pool: "p",
    key: "/p/root",
    path: "/p/root",
    type: "file",
    capacity: 24 * 1024 * 1024,
    allocation: 200704,
    physical: 196616,
    format: "qcow2",
    backingStore: { path: "/p/base", format: "qcow2" },
  };

  test("capacity in the configured unit, configuration-only values kept", () => {
    const create = { content: { url: "/img" } };
    expect(volumeState(info, valuesOf(volumeSchema, { capacity_unit: "MiB", create }))).toMatchObject({
      capacity: 24,
      capacity_unit: "MiB",
      target: { format: { type: "qcow2" } },
      backing_store: { path: "/p/base", format: { type: "qcow2" } },
      create,
      id: "/p/root",
      path: "/p/root",
    });
  });

  test("falls back to bytes when the size is not a whole number of the unit", () => {
    expect(volumeState({ ...info, capacity: 1000 }, valuesOf(volumeSchema, { capacity_unit: "MiB" }))).toMatchObject({
      capacity: 1000,
      capacity_unit: "bytes",
    });
  });

  test("capacityBytes", () => {
    expect(capacityBytes({ capacity: 2, capacity_unit: "GiB" })).toBe(2 * 1024 ** 3);
    expect(capacityBytes({ capacity: 512, capacity_unit: null })).toBe(512);
    expect(capacityBytes({ capacity: UNKNOWN, capacity_unit: "GiB" })).toBeUndefined();
    expect(capacityBytes({ capacity: null })).toBeUndefined();
    expect(capacityBytes({ capacity: 4096, capacity_unit: UNKNOWN })).toBe(4096); // a new volume without a unit
  });

  test("the units the provider accepts: libvirt's up to T, in any case, and no P units", () => {
    const expected: Record<string, number> = {
      bytes: 1,
      B: 1,
      KiB: 1024,
      KB: 1000,
      K: 1024,
      MiB: 1024 ** 2,
      MB: 1000 ** 2,
      M: 1024 ** 2,
      GiB: 1024 ** 3,
      GB: 1000 ** 3,
      G: 1024 ** 3,
      TiB: 1024 ** 4,
      TB: 1000 ** 4,
      T: 1024 ** 4,
    };
    for (const [unit, bytes] of Object.entries(expected)) {
      expect(capacityBytes({ capacity: 1, capacity_unit: unit })).toBe(bytes);
      expect(capacityBytes({ capacity: 1, capacity_unit: unit.toLowerCase() })).toBe(bytes);
    }
    for (const unit of ["P", "PiB", "PB", "pib", "E", "KIBS"])
      expect(capacityBytes({ capacity: 1, capacity_unit: unit })).toBeUndefined();
    expect(
      volumeState({ ...info, capacity: 2 * 1024 ** 4 }, valuesOf(volumeSchema, { capacity_unit: "tib" })),
    ).toMatchObject({ capacity: 2, capacity_unit: "tib" });
    expect(
      volumeState({ ...info, capacity: 1024 ** 5 }, valuesOf(volumeSchema, { capacity_unit: "PiB" })),
    ).toMatchObject({ capacity: 1024 ** 5, capacity_unit: "bytes" });
  });
});

test("the default shutdown timeout comes from the environment when set", () => {
  expect(shutdownTimeoutFromEnv({})).toBe(30_000);
  expect(shutdownTimeoutFromEnv({ [SHUTDOWN_TIMEOUT_ENV]: "0" })).toBe(0);
  expect(shutdownTimeoutFromEnv({ [SHUTDOWN_TIMEOUT_ENV]: "2.5" })).toBe(2500);
  expect(() => shutdownTimeoutFromEnv({ [SHUTDOWN_TIMEOUT_ENV]: "soon" })).toThrow(/not a number of seconds/);
});
