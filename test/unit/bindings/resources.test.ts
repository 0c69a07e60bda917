import { TerraformStack, Testing } from "cdktf";
import {
  IncusImageResource,
  IncusInstanceResource,
  IncusInstanceSnapshotResource,
  IncusNetworkResource,
  IncusProfileResource,
  IncusProjectResource,
  IncusProvider,
  IncusStoragePoolResource,
  IncusStorageVolumeResource,
  IncusStorageVolumeSnapshotResource,
  LibvirtCloudinitDiskResource,
  LibvirtDomainResource,
  LibvirtNetworkResource,
  LibvirtPoolResource,
  LibvirtProvider,
  LibvirtVolumeResource,
  RESOURCE_SPECS,
  TerraformDataResource,
} from "../../../lib/bindings";
import { specPaths } from "../../../lib/bindings/attributes";
import type { TerraformJson } from "../../support/terraform-json";

function stack(): TerraformStack {
  return new TerraformStack(Testing.app(), "s");
}

function synth(s: TerraformStack): TerraformJson {
  return JSON.parse(Testing.synth(s));
}

describe("incus bindings", () => {
  it("emit the lxc/incus attribute names for every resource type", () => {
    const s = stack();
    new IncusProvider(s, "p", { source: "lxc/incus", remote: [{ name: "local", address: "unix://" }] });
    new IncusProjectResource(s, "project", {
      name: "p",
      config: { "features.images": "false" },
      forceDestroy: true,
      remote: "local",
    });
    new IncusNetworkResource(s, "network", { name: "n", type: "bridge", config: { "ipv4.address": "none" } });
    new IncusStoragePoolResource(s, "pool", { name: "sp", driver: "dir", config: { source: "/x" } });
    new IncusStorageVolumeResource(s, "volume", {
      name: "v",
      pool: "sp",
      contentType: "block",
      config: { size: "1GiB" },
      sourceVolume: { pool: "sp", name: "other" },
      file: [{ targetPath: "/a", content: "x", createDirectories: true }],
    });
    new IncusProfileResource(s, "profile", {
      name: "pr",
      device: [{ name: "eth0", type: "nic", properties: { network: "n" } }],
    });
    new IncusInstanceResource(s, "instance", {
      name: "i",
      image: "img",
      type: "container",
      profiles: ["default"],
      running: true,
      config: { "cloud-init.user-data": "#cloud-config" },
      device: [{ name: "root", type: "disk", properties: { path: "/", pool: "sp" } }],
      file: [{ targetPath: "/etc/x", content: "y", mode: "0644", uid: 0, gid: 0 }],
      waitFor: [{ type: "delay", delay: "1s" }],
      exec: { setup: { command: ["sh", "-c", "true"], workingDir: "/", trigger: "once" } },
      sourceInstance: { project: "default", name: "other" },
    });
    new IncusInstanceSnapshotResource(s, "snap", { name: "snap0", instance: "i", stateful: false });
    new IncusImageResource(s, "image", {
      sourceFile: { dataPath: "/r.tar.gz", metadataPath: "/m.tar.gz" },
      alias: [{ name: "busybox", description: "test" }],
    });
    const json = synth(s);
    expect(json.terraform.required_providers.incus).toEqual({ source: "lxc/incus" });
    expect(json.provider.incus[0].remote).toEqual([{ name: "local", address: "unix://" }]);
    expect(json.resource.incus_project.project).toEqual({
      name: "p",
      config: { "features.images": "false" },
      force_destroy: true,
      remote: "local",
    });
    const volume = json.resource.incus_storage_volume.volume;
    expect(volume.content_type).toBe("block");
    expect(volume.source_volume).toEqual({ pool: "sp", name: "other" });
    expect(volume.file).toEqual([{ target_path: "/a", content: "x", create_directories: true }]);
    const instance = json.resource.incus_instance.instance;
    expect(instance.wait_for).toEqual([{ type: "delay", delay: "1s" }]);
    expect(instance.exec).toEqual({ setup: { command: ["sh", "-c", "true"], working_dir: "/", trigger: "once" } });
    expect(instance.file[0]).toEqual({ target_path: "/etc/x", content: "y", mode: "0644", uid: 0, gid: 0 });
    expect(instance.source_instance).toEqual({ project: "default", name: "other" });
    expect(json.resource.incus_instance_snapshot.snap).toEqual({ name: "snap0", instance: "i", stateful: false });
    expect(json.resource.incus_image.image).toEqual({
      source_file: { data_path: "/r.tar.gz", metadata_path: "/m.tar.gz" },
      alias: [{ name: "busybox", description: "test" }],
    });
  });

  it("every emitted attribute of every resource is declared in RESOURCE_SPECS", () => {
    for (const [type, spec] of Object.entries(RESOURCE_SPECS)) {
      const paths = specPaths(spec);
      expect(paths.length).toBeGreaterThan(0);
      expect(paths.every((p) => /^[a-z0-9_.]+$/.test(p))).toBe(true);
      expect(type).toMatch(/^(incus|libvirt)_/);
    }
  });

  it("expose computed attributes as references", () => {
    const s = stack();
    const instance = new IncusInstanceResource(s, "instance", { name: "i", image: "img" });
    const volume = new IncusStorageVolumeResource(s, "volume", { name: "v", pool: "p" });
    new IncusStorageVolumeResource(s, "user", {
      name: "u",
      pool: "p",
      description: `${instance.ipv4Address} ${volume.location}`,
    });
    expect(synth(s).resource.incus_storage_volume.user.description).toBe(
      "${incus_instance.instance.ipv4_address} ${incus_storage_volume.volume.location}",
    );
  });

  it("reference attributes through the getters code has used: <name>Ref, computed names, <resource>Id", () => {
    const s = stack();
    const instance = new IncusInstanceResource(s, "instance", { name: "i", image: "img" });
    const volume = new IncusStorageVolumeResource(s, "volume", { name: "v", pool: "p" });
    const snapshot = new IncusStorageVolumeSnapshotResource(s, "snap", { name: "s", pool: "p", volume: "v" });
    const image = new IncusImageResource(s, "image", {});
    const pool = new LibvirtPoolResource(s, "pool", { name: "images", type: "dir" });
    const disk = new LibvirtVolumeResource(s, "disk", { name: "d", pool: "images" });
    const seed = new LibvirtCloudinitDiskResource(s, "seed", { name: "seed.iso" });
    const domain = new LibvirtDomainResource(s, "domain", { name: "vm", type: "kvm" });
    const refs = [
      instance.nameRef,
      instance.ipv4Address,
      instance.ipv6Address,
      instance.macAddress,
      instance.status,
      volume.nameRef,
      volume.location,
      snapshot.nameRef,
      image.fingerprint,
      image.resourceId,
      pool.nameRef,
      pool.poolId,
      disk.nameRef,
      disk.path,
      seed.nameRef,
      seed.poolRef,
      domain.nameRef,
      domain.uuid,
    ];
    new TerraformDataResource(s, "user", { input: refs });
    new TerraformDataResource(s, "created", { input: snapshot.createdAt });
    const json = synth(s).resource.terraform_data;
    expect(json.user.input).toEqual([
      "${incus_instance.instance.name}",
      "${incus_instance.instance.ipv4_address}",
      "${incus_instance.instance.ipv6_address}",
      "${incus_instance.instance.mac_address}",
      "${incus_instance.instance.status}",
      "${incus_storage_volume.volume.name}",
      "${incus_storage_volume.volume.location}",
      "${incus_storage_volume_snapshot.snap.name}",
      "${incus_image.image.fingerprint}",
      "${incus_image.image.resource_id}",
      "${libvirt_pool.pool.name}",
      "${libvirt_pool.pool.id}",
      "${libvirt_volume.disk.name}",
      "${libvirt_volume.disk.path}",
      "${libvirt_cloudinit_disk.seed.name}",
      "${libvirt_cloudinit_disk.seed.pool}",
      "${libvirt_domain.domain.name}",
      "${libvirt_domain.domain.uuid}",
    ]);
    expect(json.created.input).toBe("${incus_storage_volume_snapshot.snap.created_at}");
  });

  it("compute the lifecycle block at synthesis time from a producer", () => {
    const s = stack();
    const volume = new IncusStorageVolumeResource(s, "volume", { name: "v", pool: "p" });
    let protect = false;
    volume.setLifecycleProducer(() => (protect ? { preventDestroy: true } : undefined));
    protect = true;
    expect(synth(s).resource.incus_storage_volume.volume.lifecycle).toEqual({ prevent_destroy: true });
  });

  it("refuse HCL output with a clear message", () => {
    const s = stack();
    new IncusProjectResource(s, "project", { name: "p" });
    expect(() => Testing.synthHcl(s)).toThrow(/HCL output is not supported.*synthesize JSON/i);
  });
});

describe("libvirt bindings", () => {
  it("emit the 0.9.x nested shapes", () => {
    const s = stack();
    new LibvirtProvider(s, "p", {
      source: "registry.cdktf-virt.local/cdktf-virt/libvirt",
      version: "0.1.0",
      uri: "qemu:///system",
    });
    new LibvirtProvider(s, "p2", {
      source: "registry.cdktf-virt.local/cdktf-virt/libvirt",
      version: "0.1.0",
      uri: "qemu+ssh://h/system",
      alias: "kvm2",
    });
    new LibvirtPoolResource(s, "pool", { name: "images", type: "dir", target: { path: "/var/lib/libvirt/images" } });
    const base = new LibvirtVolumeResource(s, "base", {
      name: "base.qcow2",
      pool: "images",
      capacity: 2147483648,
      target: { format: { type: "qcow2" } },
    });
    new LibvirtVolumeResource(s, "overlay", {
      name: "root.qcow2",
      pool: "images",
      backingStore: { path: base.path, format: { type: "qcow2" } },
      create: { content: { url: "/tmp/img.qcow2" } },
    });
    new LibvirtDomainResource(s, "domain", {
      name: "vm",
      type: "kvm",
      memory: 1024,
      memoryUnit: "MiB",
      vcpu: 2,
      running: true,
      devices: {
        disks: [
          {
            source: { volume: { pool: "images", volume: "root.qcow2" } },
            target: { dev: "vda", bus: "virtio" },
            driver: { type: "qcow2" },
            readOnly: false,
          },
        ],
        interfaces: [{ model: { type: "virtio" }, source: { network: { network: "iso" } } }],
      },
      metadata: { xml: "<x/>" },
    });
    new LibvirtNetworkResource(s, "network", { name: "iso", autostart: true, metadata: { xml: "<x/>" } });
    const json = synth(s);
    expect(json.terraform.required_providers.libvirt).toEqual({
      source: "registry.cdktf-virt.local/cdktf-virt/libvirt",
      version: "0.1.0",
    });
    expect(json.provider.libvirt).toEqual([{ uri: "qemu:///system" }, { uri: "qemu+ssh://h/system", alias: "kvm2" }]);
    expect(json.resource.libvirt_pool.pool.target).toEqual({ path: "/var/lib/libvirt/images" });
    expect(json.resource.libvirt_volume.base).toEqual({
      name: "base.qcow2",
      pool: "images",
      capacity: 2147483648,
      target: { format: { type: "qcow2" } },
    });
    expect(json.resource.libvirt_volume.overlay.backing_store).toEqual({
      path: "${libvirt_volume.base.path}",
      format: { type: "qcow2" },
    });
    expect(json.resource.libvirt_volume.overlay.create).toEqual({ content: { url: "/tmp/img.qcow2" } });
    const domain = json.resource.libvirt_domain.domain;
    expect(domain.memory_unit).toBe("MiB");
    expect(domain.devices.disks[0]).toEqual({
      source: { volume: { pool: "images", volume: "root.qcow2" } },
      target: { dev: "vda", bus: "virtio" },
      driver: { type: "qcow2" },
      read_only: false,
    });
    expect(domain.devices.interfaces[0].source).toEqual({ network: { network: "iso" } });
    expect(domain.metadata).toEqual({ xml: "<x/>" });
  });
});

describe("terraform_data binding", () => {
  it("emits input and triggers_replace with no provider and no terraform-version validation", () => {
    const s = stack();
    new TerraformDataResource(s, "anchor", { triggersReplace: { instance: { image: "a" } }, input: "x" });
    const json = synth(s);
    expect(json.resource.terraform_data.anchor).toEqual({ triggers_replace: { instance: { image: "a" } }, input: "x" });
    expect(json.terraform?.required_providers).toBeUndefined();
    expect(s.node.findAll().flatMap((c) => c.node.validate())).toEqual([]);
  });
});
