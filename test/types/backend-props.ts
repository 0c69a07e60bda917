// Type tests, checked by `tsc -p tsconfig.test.json` and never run: a backend's options on the other backend's host
// do not compile (each `@ts-expect-error` fails the type check if the line below it compiles), and the same options
// on the right host do. With a host typed only as IHost both compile, and the constructs reject the wrong one at
// synth (test/unit/constructs).
import type { TerraformStack } from "cdktf";
import type { IHost } from "../../lib";
import {
  IncusHost,
  Instance,
  InstanceType,
  LibvirtHost,
  Network,
  Profile,
  Project,
  StoragePool,
  Volume,
  VolumeContentType,
  VolumeFormat,
  VolumeLifecycle,
  VolumeSnapshot,
} from "../../lib";

export function incusOptionsOnLibvirt(stack: TerraformStack): void {
  const kvm = new LibvirtHost(stack, "kvm");
  const images = new StoragePool(stack, "images", { host: kvm, path: "/var/lib/libvirt/images" });

  // @ts-expect-error Incus options on a libvirt instance
  new Instance(stack, "a", { host: kvm, incus: { image: "debian-13" } });
  // @ts-expect-error an Incus-only prop, flat (deprecated), on a libvirt instance
  new Instance(stack, "b", { host: kvm, image: "debian-13" });
  // @ts-expect-error an Incus-only prop, flat (deprecated), on a libvirt instance
  new Instance(stack, "c", { host: kvm, type: InstanceType.VIRTUAL_MACHINE });
  // @ts-expect-error Incus options on a libvirt volume
  new Volume(stack, "d", { pool: images, size: "1GiB", incus: { contentType: VolumeContentType.BLOCK } });
  // @ts-expect-error an Incus-only prop, flat (deprecated), on a libvirt volume
  new Volume(stack, "e", { pool: images, size: "1GiB", config: { "snapshots.schedule": "@daily" } });
  // @ts-expect-error Incus options on an existing libvirt volume
  Volume.fromName(stack, "f", { pool: images, name: "f.qcow2", incus: { contentType: VolumeContentType.BLOCK } });

  // @ts-expect-error Incus options on a libvirt pool
  new StoragePool(stack, "g", { host: kvm, path: "/srv/g", incus: { config: { "volume.size": "1GiB" } } });
  // @ts-expect-error an Incus-only prop, flat (deprecated), on a libvirt pool
  new StoragePool(stack, "h", { host: kvm, path: "/srv/h", description: "h" });
  // @ts-expect-error an Incus-only prop, flat (deprecated), on a libvirt pool
  new StoragePool(stack, "i", { host: kvm, path: "/srv/i", config: { "volume.size": "1GiB" } });
  // @ts-expect-error Incus options on a libvirt network
  new Network(stack, "j", { host: kvm, incus: { type: "macvlan" } });
  // @ts-expect-error an Incus-only prop, flat (deprecated), on a libvirt network
  new Network(stack, "k", { host: kvm, config: { "ipv4.address": "10.0.0.1/24" } });
  // @ts-expect-error an Incus-only prop, flat (deprecated), on a libvirt network
  new Network(stack, "l", { host: kvm, description: "l" });
  // @ts-expect-error an Incus-only prop, flat (deprecated), on a libvirt network
  new Network(stack, "m", { host: kvm, type: "bridge" });
  const disk = new Volume(stack, "disk", { pool: images, size: "1GiB" });
  // @ts-expect-error a VolumeSnapshot of a libvirt volume (snapshots are Incus's)
  new VolumeSnapshot(stack, "n", { volume: disk });
  // @ts-expect-error a VolumeSnapshot of an existing libvirt volume
  new VolumeSnapshot(stack, "o", { volume: Volume.fromName(stack, "o-volume", { pool: images, name: "o.qcow2" }) });
  // @ts-expect-error a Project on a libvirt host (projects are Incus's)
  new Project(stack, "p", { host: kvm });
  // @ts-expect-error a Profile on a libvirt host (profiles are Incus's)
  new Profile(stack, "q", { host: kvm });

  // the right backend compiles
  new Network(stack, "net", { host: kvm, libvirt: { ipv4: "10.213.7.1/24", dhcp: true } });
  const base = new Volume(stack, "base", {
    pool: images,
    size: "2GiB",
    libvirt: { format: VolumeFormat.QCOW2, sourceUrl: "/srv/debian.qcow2" },
  });
  const root = new Volume(stack, "root", {
    pool: images,
    lifecycle: VolumeLifecycle.EPHEMERAL,
    libvirt: { baseVolume: base },
  });
  const vm = new Instance(stack, "vm", {
    host: kvm,
    memory: "1GiB",
    vcpus: 2,
    libvirt: { hypervisor: "qemu", shutdownTimeoutSeconds: 10 },
  });
  vm.attach(root, { path: "vda" });
  vm.attach(Volume.fromName(stack, "seed", { pool: images, name: "seed.iso", libvirt: { format: VolumeFormat.RAW } }), {
    path: "vdb",
  });
}

export function libvirtOptionsOnIncus(stack: TerraformStack): void {
  const host = new IncusHost(stack, "lab");
  const pool = new StoragePool(stack, "pool", { host });

  // @ts-expect-error libvirt options on an Incus instance
  new Instance(stack, "a", { host, incus: { image: "debian-13" }, libvirt: { hypervisor: "kvm" } });
  // @ts-expect-error a libvirt-only prop, flat (deprecated), on an Incus instance
  new Instance(stack, "b", { host, incus: { image: "debian-13" }, shutdownTimeoutSeconds: 30 });
  // @ts-expect-error libvirt options on an Incus volume
  new Volume(stack, "c", { pool, libvirt: { format: VolumeFormat.RAW } });
  // @ts-expect-error a libvirt-only prop, flat (deprecated), on an Incus volume
  new Volume(stack, "d", { pool, sourceUrl: "https://example.org/disk.qcow2" });
  // @ts-expect-error libvirt options on an existing Incus volume
  Volume.fromName(stack, "e", { pool, name: "e", libvirt: { format: VolumeFormat.RAW } });
  // @ts-expect-error libvirt options on an Incus network
  new Network(stack, "f", { host, libvirt: { ipv4: "10.213.7.1/24" } });

  // the right backend compiles
  const data = new Volume(stack, "data", {
    pool,
    size: "10GiB",
    incus: { contentType: VolumeContentType.FILESYSTEM, config: { "snapshots.schedule": "@daily" } },
  });
  const db = new Instance(stack, "db", {
    host,
    memory: "1GiB",
    incus: { image: "debian-13", type: InstanceType.CONTAINER, rootDisk: { pool, size: "8GiB" } },
  });
  db.attach(data, { path: "/var/lib/postgresql", rebuildOnChange: true });
  const apps = new Project(stack, "apps", { host });
  new StoragePool(stack, "fast", {
    host,
    driver: "zfs",
    incus: { description: "nvme", config: { "zfs.pool_name": "fast" } },
  });
  new Network(stack, "routed", {
    host,
    incus: { type: "bridge", description: "r", config: { "ipv4.address": "10.77.0.1/24" } },
  });
  new VolumeSnapshot(stack, "before-upgrade", { volume: data, expiresAt: "2030-01-31T12:00:00Z" });
  new VolumeSnapshot(stack, "of-existing", {
    volume: Volume.fromName(stack, "existing", { pool, name: "existing", incus: { project: apps } }),
  });
  new Profile(stack, "web", { host, project: apps });
  // the deprecated flat props still compile on the right backend (with a warning at synth)
  new Instance(stack, "old", { host, image: "debian-13", rootDisk: { pool } });
  new Volume(stack, "oldvol", { pool, contentType: VolumeContentType.BLOCK });
  new StoragePool(stack, "oldpool", { host, description: "old", config: { "volume.size": "1GiB" } });
  new Network(stack, "oldnet", { host, type: "bridge", description: "old", config: { "ipv4.address": "none" } });
}

export function hostOfUnknownKind(stack: TerraformStack, host: IHost): void {
  // both groups compile; the construct rejects the wrong one at synth
  new Instance(stack, "any", { host, incus: { image: "debian-13" }, libvirt: { hypervisor: "kvm" } });
  const pool = StoragePool.fromName(stack, "pool", host, "default");
  new Volume(stack, "any-volume", {
    pool,
    incus: { contentType: VolumeContentType.BLOCK },
    libvirt: { format: VolumeFormat.RAW },
  });
  new StoragePool(stack, "any-pool", { host, path: "/srv/any", incus: { description: "any" } });
  new Network(stack, "any-network", { host, incus: { type: "bridge" }, libvirt: { ipv4: "10.213.7.1/24" } });
  new VolumeSnapshot(stack, "any-snapshot", { volume: Volume.fromName(stack, "any-existing", { pool, name: "any" }) });
}
