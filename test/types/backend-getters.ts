// Type tests, checked by `tsc -p tsconfig.test.json` and never run: what only one backend has is read through
// `construct.incus` / `construct.libvirt`, and reading it on a construct of the other backend's host does not compile
// (each `@ts-expect-error` fails the type check if the line below it compiles). With a host typed only as IHost the
// view may be undefined, so it is read with `?.`. A construct of a typed host still is one of an IHost.
import type { TerraformStack } from "cdktf";
import type { IHost, IVolume } from "../../lib";
import {
  IncusHost,
  Instance,
  LibvirtHost,
  Network,
  StoragePool,
  Volume,
  VolumeContentType,
  VolumeFormat,
  VolumeSnapshot,
} from "../../lib";

export function libvirtGettersOnIncus(stack: TerraformStack): void {
  const host = new IncusHost(stack, "lab");
  const pool = new StoragePool(stack, "pool", { host });
  const net = new Network(stack, "net", { host });
  const db = new Instance(stack, "db", { host, network: net, incus: { image: "debian-13" } });
  const data = new Volume(stack, "data", { pool, size: "1GiB" });

  // @ts-expect-error a libvirt domain's MAC address, on an Incus instance
  db.libvirt.macAddress;
  // @ts-expect-error the same with optional chaining
  db.libvirt?.macAddress;
  // @ts-expect-error a libvirt volume's path on the host, on an Incus volume
  data.libvirt.volumePath;
  // @ts-expect-error the same with optional chaining
  data.libvirt?.volumePath;
  // @ts-expect-error a libvirt volume's format, on an Incus volume
  data.libvirt.format;
  // @ts-expect-error a libvirt overlay's base, on an Incus volume
  data.libvirt.baseVolume;

  // the right backend compiles
  const address: string = db.ipv4Address;
  const project = db.incus.project;
  const contentType: VolumeContentType = data.incus.contentType;
  const where: [string | undefined, typeof project] = [data.incus.target, data.incus.project];
  const snapshot = new VolumeSnapshot(stack, "snap", { volume: data });
  const created: number = snapshot.createdAt;
  void [address, contentType, where, created];
}

export function incusGettersOnLibvirt(stack: TerraformStack): void {
  const kvm = new LibvirtHost(stack, "kvm");
  const images = new StoragePool(stack, "images", { host: kvm, path: "/var/lib/libvirt/images" });
  const net = new Network(stack, "net", { host: kvm, libvirt: { ipv4: "10.213.7.1/24" } });
  const vm = new Instance(stack, "vm", { host: kvm, network: net, libvirt: { waitFor: { ipv4: true } } });
  const base = new Volume(stack, "base", { pool: images, size: "2GiB" });
  const root = new Volume(stack, "root", { pool: images, libvirt: { baseVolume: base } });

  // @ts-expect-error an Incus instance's project, on a libvirt domain
  vm.incus.project;
  // @ts-expect-error the same with optional chaining
  vm.incus?.project;
  // @ts-expect-error an Incus volume's content type, on a libvirt volume
  root.incus.contentType;
  // @ts-expect-error an Incus volume's project, on a libvirt volume
  root.incus.project;
  // @ts-expect-error an Incus volume's cluster member, on a libvirt volume
  root.incus?.target;

  // the right backend compiles
  const mac: string = vm.libvirt.macAddress;
  const address: string = vm.ipv4Address;
  const path: string = root.libvirt.volumePath;
  const format: VolumeFormat = root.libvirt.format;
  const overlayOf: Volume | undefined = root.libvirt.baseVolume;
  void [mac, address, path, format, overlayOf];
}

export function hostOfUnknownKind(stack: TerraformStack, host: IHost): void {
  const pool = StoragePool.fromName(stack, "pool", host, "default");
  const instance = new Instance(stack, "any", { host });
  const volume = new Volume(stack, "any-volume", { pool });

  // @ts-expect-error the view is undefined on the other backend's host: narrow it first
  instance.libvirt.macAddress;
  // @ts-expect-error the view is undefined on the other backend's host: narrow it first
  volume.incus.contentType;
  const mac: string | undefined = instance.libvirt?.macAddress;
  const path: string | undefined = volume.libvirt?.volumePath;
  void [mac, path];
}

export function typedConstructsAreConstructsOfAnyHost(stack: TerraformStack): void {
  const kvm = new LibvirtHost(stack, "kvm");
  const images = new StoragePool(stack, "images", { host: kvm, path: "/var/lib/libvirt/images" });
  const volume: Volume = new Volume(stack, "data", { pool: images, size: "1GiB" });
  const attachable: IVolume = volume;
  const instance: Instance = new Instance(stack, "vm", { host: kvm });
  const network: Network = new Network(stack, "net", { host: kvm });
  void [attachable, instance, network];
}
