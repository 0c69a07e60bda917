// A stack for the graph tests, built with the constructs: an Incus host with a project, a pool, volumes of every
// lifecycle and removal policy (one with snapshots before a rebuild, one adopting a released volume), a kept
// snapshot, instances; and a libvirt host with a base image, an overlay and a domain that keeps copies of a volume.
import type { TerraformStack } from "cdktf";
import {
  IncusHost,
  Instance,
  LibvirtHost,
  Project,
  RemovalPolicy,
  StoragePool,
  Volume,
  VolumeFormat,
  VolumeLifecycle,
  VolumeSnapshot,
} from "../../../../lib";

/** Builds the graph stack into `stack`; `prefix` starts every object name (unique per test run when deployed). */
export function graphApp(stack: TerraformStack, prefix = "gr"): void {
  const host = new IncusHost(stack, "lab");
  const apps = new Project(stack, "apps", { host, name: `${prefix}-apps` });
  const pool = new StoragePool(stack, "pool", { host, name: `${prefix}-pool`, driver: "dir" });
  const vol = (
    id: string,
    props: { lifecycle?: VolumeLifecycle; removalPolicy?: RemovalPolicy; adoptReleased?: boolean } = {},
  ) => new Volume(stack, id, { pool, name: `${prefix}-${id}`, size: "64MiB", incus: { project: apps }, ...props });
  const pgdata = vol("pgdata", { removalPolicy: RemovalPolicy.SNAPSHOT });
  const logs = vol("logs", { removalPolicy: RemovalPolicy.RETAIN, adoptReleased: true });
  const media = vol("media", { lifecycle: VolumeLifecycle.SHARED, removalPolicy: RemovalPolicy.PROTECT });
  const scratch = vol("scratch", { lifecycle: VolumeLifecycle.EPHEMERAL });
  const cache = vol("cache", { removalPolicy: RemovalPolicy.DESTROY });
  new VolumeSnapshot(stack, "pgdata-before-upgrade", { volume: pgdata, name: "before-upgrade" });
  const db = new Instance(stack, "db", {
    host,
    name: `${prefix}-db`,
    rootDisk: { pool },
    incus: { image: "debian-13", project: apps },
  });
  db.attach(pgdata, { path: "/var/lib/postgresql", rebuildOnChange: true, snapshotBeforeRebuild: 2 });
  db.attach(scratch, { path: "/scratch" });
  db.attach(media, { path: "/media" });
  db.attach(logs, { path: "/var/log/app" });
  const web = new Instance(stack, "web", {
    host,
    name: `${prefix}-web`,
    rootDisk: { pool },
    incus: { image: "debian-13", project: apps },
  });
  web.attach(media, { path: "/media" });
  web.attach(cache, { path: "/cache" });

  const kvm = new LibvirtHost(stack, "kvm", { uri: "qemu:///system" });
  const images = new StoragePool(stack, "images", {
    host: kvm,
    name: `${prefix}-images`,
    driver: "dir",
    path: `/var/lib/libvirt/${prefix}-images`,
  });
  const base = new Volume(stack, "debian", {
    pool: images,
    name: `${prefix}-debian`,
    size: "64MiB",
    libvirt: { format: VolumeFormat.QCOW2 },
  });
  const root = new Volume(stack, "root", {
    pool: images,
    name: `${prefix}-root`,
    lifecycle: VolumeLifecycle.EPHEMERAL,
    libvirt: { baseVolume: base },
  });
  const data = new Volume(stack, "vmdata", {
    pool: images,
    name: `${prefix}-vmdata`,
    size: "64MiB",
    removalPolicy: RemovalPolicy.RETAIN,
  });
  const vm = new Instance(stack, "vm", { host: kvm, name: `${prefix}-vm`, memory: "256MiB", vcpus: 1 });
  vm.attach(root, { path: "vda" });
  vm.attach(data, { path: "vdb", snapshotBeforeRebuild: 4 });
}
