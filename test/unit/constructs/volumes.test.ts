import { TerraformVariable } from "cdktf";
import {
  IncusHost,
  Instance,
  InstanceType,
  LibvirtHost,
  Project,
  StoragePool,
  Volume,
  VolumeContentType,
  VolumeFormat,
  VolumeLifecycle,
} from "../../../lib";
import { errorOf, newStack, resource, synth, synthWithComments, warningsOf } from "./support";

function incus() {
  const stack = newStack();
  const host = new IncusHost(stack, "lab");
  const pool = new StoragePool(stack, "pool", { host });
  return { stack, host, pool };
}

describe("Volume on Incus", () => {
  it("PERSISTENT is the default: prevent_destroy, the protect marker, size in config.size", () => {
    const { stack, pool } = incus();
    const data = new Volume(stack, "pgdata", { pool, size: "10GiB" });
    expect(data.lifecycle).toBe(VolumeLifecycle.PERSISTENT);
    const json = synth(stack);
    expect(resource(json, "incus_storage_volume", "pgdata")).toEqual({
      name: "homelab-pgdata",
      pool: "${incus_storage_pool.pool.name}",
      type: "custom",
      content_type: "filesystem",
      remote: "lab",
      config: {
        size: "10GiB",
        "user.cdktf-virt.lifecycle": "persistent",
        "user.cdktf-virt.owner": "homelab/pgdata",
        "user.cdktf-virt.protect": "true",
      },
      lifecycle: { prevent_destroy: true },
    });
  });

  it("protect: false lifts prevent_destroy and the marker", () => {
    const { stack, pool } = incus();
    new Volume(stack, "pgdata", { pool, size: "10GiB", protect: false });
    new Volume(stack, "shared", { pool, lifecycle: VolumeLifecycle.SHARED, protect: false });
    const json = synth(stack);
    for (const id of ["pgdata", "shared"]) {
      const v = resource(json, "incus_storage_volume", id);
      expect(v.lifecycle).toBeUndefined();
      expect(v.config["user.cdktf-virt.protect"]).toBeUndefined();
    }
  });

  it("SHARED block volumes get security.shared=true; SHARED filesystem volumes do not need it", () => {
    const { stack, pool } = incus();
    new Volume(stack, "cluster", {
      pool,
      size: "1GiB",
      lifecycle: VolumeLifecycle.SHARED,
      incus: { contentType: VolumeContentType.BLOCK },
    });
    new Volume(stack, "files", { pool, size: "1GiB", lifecycle: VolumeLifecycle.SHARED });
    new Volume(stack, "single", { pool, size: "1GiB", incus: { contentType: VolumeContentType.BLOCK } });
    const json = synth(stack);
    expect(resource(json, "incus_storage_volume", "cluster").config["security.shared"]).toBe("true");
    expect(resource(json, "incus_storage_volume", "cluster").content_type).toBe("block");
    expect(resource(json, "incus_storage_volume", "cluster").lifecycle).toEqual({ prevent_destroy: true });
    expect(resource(json, "incus_storage_volume", "files").config["security.shared"]).toBeUndefined();
    expect(resource(json, "incus_storage_volume", "files").config["user.cdktf-virt.lifecycle"]).toBe("shared");
    expect(resource(json, "incus_storage_volume", "single").config["security.shared"]).toBeUndefined();
  });

  it("places the volume in a project and keeps user config", () => {
    const { stack, host, pool } = incus();
    const project = new Project(stack, "apps", { host });
    new Volume(stack, "v", { pool, incus: { project, config: { "snapshots.schedule": "@daily" }, description: "d" } });
    const v = resource(synth(stack), "incus_storage_volume", "v");
    expect(v.project).toBe("${incus_project.apps.name}");
    expect(v.config["snapshots.schedule"]).toBe("@daily");
    expect(v.description).toBe("d");
  });

  it.each([
    ["10GB", /prop "size": "10GB" does not use an IEC unit.*did you mean "10GiB"/],
    ["ten", /prop "size": "ten" is not a size/],
    ["0GiB", /must be greater than zero/],
    ["1.3B", /not a whole number of bytes/],
    ["1.5GiB", /"1.5GiB" has a decimal point, which Incus refuses; write "1536MiB"/],
    ["0.25KiB", /write "256B"/],
  ])("rejects the size %s naming the construct path", (size, message) => {
    const { stack, pool } = incus();
    const msg = errorOf(() => new Volume(stack, "data", { pool, size }));
    expect(msg).toMatch(/^Volume "homelab\/data", /);
    expect(msg).toMatch(message);
  });

  it("accepts IEC sizes and plain bytes", () => {
    const { stack, pool } = incus();
    expect(new Volume(stack, "a", { pool, size: "1536MiB" }).sizeBytes).toBe(1.5 * 1024 ** 3);
    expect(new Volume(stack, "b", { pool, size: "4096" }).sizeBytes).toBe(4096);
    expect(new Volume(stack, "c", { pool, size: "512MiB" }).sizeBytes).toBe(512 * 1024 ** 2);
  });

  it("skips validation of unresolved tokens", () => {
    const { stack, pool } = incus();
    const size = new TerraformVariable(stack, "size", { type: "string" });
    const name = new TerraformVariable(stack, "name", { type: "string" });
    new Volume(stack, "data", { pool, size: size.stringValue, name: name.stringValue });
    const v = resource(synth(stack), "incus_storage_volume", "data");
    expect(v.config.size).toBe("${var.size}");
    expect(v.name).toBe("${var.name}");
  });

  it("rejects invalid names, reserved config keys, EPHEMERAL+protect and libvirt-only props", () => {
    const { stack, pool } = incus();
    expect(errorOf(() => new Volume(stack, "a", { pool, name: "has/slash" }))).toMatch(
      /Volume "homelab\/a", prop "name": "has\/slash" is not a valid name/,
    );
    expect(errorOf(() => new Volume(stack, "b", { pool, incus: { config: { size: "1GiB" } } }))).toMatch(
      /prop "config": the key "size" is managed by cdktf-virt; set it with the `size` prop/,
    );
    expect(errorOf(() => new Volume(stack, "c", { pool, incus: { config: { "security.shared": "true" } } }))).toMatch(
      /VolumeLifecycle.SHARED/,
    );
    expect(
      errorOf(() => new Volume(stack, "d", { pool, incus: { config: { "user.cdktf-virt.owner": "x" } } })),
    ).toMatch(/ownership marker/);
    expect(
      errorOf(() => new Volume(stack, "d2", { pool, incus: { config: { "user.cdktf-virt.lifecycle": "shared" } } })),
    ).toMatch(/set it with the `lifecycle` prop/);
    expect(
      errorOf(() => new Volume(stack, "e", { pool, lifecycle: VolumeLifecycle.EPHEMERAL, protect: true })),
    ).toMatch(/Volume "homelab\/e", prop "protect": protect: true cannot be combined with lifecycle EPHEMERAL/);
    // @ts-expect-error a libvirt-only prop on an Incus pool
    expect(errorOf(() => new Volume(stack, "f", { pool, format: VolumeFormat.RAW }))).toMatch(
      /prop "format": is not supported on incus hosts/,
    );
    // @ts-expect-error libvirt options on an Incus pool
    expect(errorOf(() => new Volume(stack, "f2", { pool, libvirt: { format: VolumeFormat.RAW } }))).toMatch(
      /prop "libvirt": is not supported on incus hosts/,
    );
    expect(errorOf(() => new Volume(stack, "g", { pool, name: "x".repeat(64) }))).toMatch(
      /64 characters long; the limit is 63/,
    );
  });
});

describe("Volume on libvirt", () => {
  function libvirt() {
    const stack = newStack("lab");
    const host = new LibvirtHost(stack, "kvm");
    const pool = new StoragePool(stack, "images", { host, path: "/var/lib/libvirt/images" });
    return { stack, host, pool };
  }

  it("emits capacity in bytes and the qcow2 format by default", () => {
    const { stack, pool } = libvirt();
    new Volume(stack, "data", { pool, size: "2GiB" });
    new Volume(stack, "raw", { pool, size: "1MiB", libvirt: { format: VolumeFormat.RAW }, protect: false });
    const json = synth(stack);
    expect(resource(json, "libvirt_volume", "data")).toEqual({
      name: "lab-data",
      pool: "${libvirt_pool.images.name}",
      capacity: 2147483648,
      target: { format: { type: "qcow2" } },
      removal_policy: "protect",
      owner: "lab/data",
      provider: "libvirt",
      lifecycle: { prevent_destroy: true },
    });
    // The record: libvirt volumes have no config, so it goes into the "//" comment Terraform ignores (and
    // Testing.synth strips).
    expect(resource(synthWithComments(stack), "libvirt_volume", "data")["//"]).toMatchObject({
      "user.cdktf-virt.lifecycle": "persistent",
    });
    expect(resource(json, "libvirt_volume", "raw").target).toEqual({ format: { type: "raw" } });
  });

  it("an overlay names its base as backing store, defaults to the base's size, and a persistent overlay follows its base", () => {
    const { stack, pool } = libvirt();
    const base = new Volume(stack, "debian", { pool, size: "2GiB", libvirt: { sourceUrl: "/srv/debian.qcow2" } });
    new Volume(stack, "clone", { pool, libvirt: { baseVolume: base } });
    const json = synth(stack);
    expect(resource(json, "libvirt_volume", "debian").create).toEqual({ content: { url: "/srv/debian.qcow2" } });
    const clone = resource(json, "libvirt_volume", "clone");
    expect(clone.backing_store).toEqual({ path: "${libvirt_volume.debian.path}", format: { type: "qcow2" } });
    expect(clone.capacity).toBe(2147483648);
    // It follows the base's change references: its size, content, identity — not its removal policy.
    expect(clone.lifecycle).toEqual({
      prevent_destroy: true,
      replace_triggered_by: ["capacity", "create", "id", "name", "pool", "target"].map(
        (a) => `libvirt_volume.debian.${a}`,
      ),
    });
  });

  it("rejects a volume without size, a raw overlay, an ephemeral base, a base on another host and Incus-only props", () => {
    const { stack, pool } = libvirt();
    expect(errorOf(() => new Volume(stack, "a", { pool }))).toMatch(
      /Volume "lab\/a", prop "size": a libvirt volume needs a size/,
    );
    const base = new Volume(stack, "base", { pool, size: "1GiB" });
    expect(
      errorOf(() => new Volume(stack, "b", { pool, libvirt: { baseVolume: base, format: VolumeFormat.RAW } })),
    ).toMatch(/prop "format": a copy-on-write overlay \(baseVolume\) must be qcow2/);
    const eph = new Volume(stack, "eph", { pool, size: "1GiB", lifecycle: VolumeLifecycle.EPHEMERAL });
    const vm = new Instance(stack, "vm", { host: pool.host });
    vm.attach(eph, { path: "vda" });
    expect(errorOf(() => new Volume(stack, "c", { pool, libvirt: { baseVolume: eph } }))).toMatch(
      /prop "baseVolume": the base volume "lab\/eph" is EPHEMERAL/,
    );
    const other = new StoragePool(stack, "other", { host: new LibvirtHost(stack, "kvm2"), path: "/x" });
    expect(errorOf(() => new Volume(stack, "d", { pool: other, libvirt: { baseVolume: base } }))).toMatch(
      /prop "baseVolume": the base volume "lab\/base" is on another host/,
    );
    // @ts-expect-error an Incus-only prop on a libvirt pool
    expect(errorOf(() => new Volume(stack, "e", { pool, size: "1GiB", contentType: VolumeContentType.BLOCK }))).toMatch(
      /prop "contentType": is not supported on libvirt hosts/,
    );
    expect(
      // @ts-expect-error Incus options on a libvirt pool
      errorOf(() => new Volume(stack, "e2", { pool, size: "1GiB", incus: { contentType: VolumeContentType.BLOCK } })),
    ).toMatch(/prop "incus": is not supported on libvirt hosts/);
    // @ts-expect-error an Incus-only prop on a LibvirtHost
    expect(errorOf(() => new Instance(stack, "f", { host: pool.host, type: InstanceType.CONTAINER }))).toMatch(
      /Instance "lab\/f", prop "type": is not supported on libvirt hosts/,
    );
  });

  it("rejects a token size (the capacity in bytes is needed at synth), also on an overlay", () => {
    const { stack, pool } = libvirt();
    const size = new TerraformVariable(stack, "size", { type: "string" });
    expect(errorOf(() => new Volume(stack, "a", { pool, size: size.stringValue }))).toBe(
      `Volume "lab/a", prop "size": is a token; libvirt volumes need a literal size such as "10GiB"`,
    );
    const base = new Volume(stack, "base", { pool, size: "1GiB" });
    expect(
      errorOf(() => new Volume(stack, "b", { pool, libvirt: { baseVolume: base }, size: size.stringValue })),
    ).toMatch(/Volume "lab\/b", prop "size": is a token/);
  });
});

describe("Volume.fromName", () => {
  it("attaches a volume that exists already: nothing is created or protected, and the attachment counts", () => {
    const { stack, host, pool } = incus();
    const legacy = Volume.fromName(stack, "legacy", { pool, name: "legacy-data" });
    const db = new Instance(stack, "db", { host, incus: { image: "img" } });
    db.attach(legacy, { path: "/data" });
    const json = synth(stack);
    expect(json.resource.incus_storage_volume).toBeUndefined();
    expect(resource(json, "incus_instance", "db").device).toEqual([
      {
        name: "legacy",
        type: "disk",
        properties: { pool: "${incus_storage_pool.pool.name}", source: "legacy-data", path: "/data" },
      },
    ]);
    expect(resource(json, "incus_instance", "db").lifecycle).toBeUndefined();
    expect(legacy.lifecycle).toBe(VolumeLifecycle.PERSISTENT);
    expect(
      errorOf(() => new Instance(stack, "web", { host, incus: { image: "img" } }).attach(legacy, { path: "/data" })),
    ).toMatch(
      /Volume "homelab\/legacy", prop "lifecycle": a PERSISTENT volume may be attached to at most 1 instance, but it is attached to "homelab\/db" and "homelab\/web"/,
    );
  });

  it("a SHARED block volume on two VMs; its project and content type come from `incus`", () => {
    const { stack, host, pool } = incus();
    const project = new Project(stack, "apps", { host });
    const disk = Volume.fromName(stack, "cluster", {
      pool,
      name: "cluster",
      lifecycle: VolumeLifecycle.SHARED,
      incus: { contentType: VolumeContentType.BLOCK, project },
    });
    for (const id of ["a", "b"])
      new Instance(stack, id, { host, incus: { image: "img", type: InstanceType.VIRTUAL_MACHINE, project } }).attach(
        disk,
      );
    expect(resource(synth(stack), "incus_instance", "b").device).toEqual([
      { name: "cluster", type: "disk", properties: { pool: "${incus_storage_pool.pool.name}", source: "cluster" } },
    ]);
  });

  it("on libvirt: a disk with the volume's format (qcow2 unless told)", () => {
    const stack = newStack("lab");
    const kvm = new LibvirtHost(stack, "kvm");
    const pool = StoragePool.fromName(stack, "images", kvm, "default");
    const vm = new Instance(stack, "vm", { host: kvm });
    vm.attach(Volume.fromName(stack, "seed", { pool, name: "seed.iso", libvirt: { format: VolumeFormat.RAW } }), {
      path: "vdb",
      readOnly: true,
    });
    vm.attach(Volume.fromName(stack, "root", { pool, name: "root.qcow2" }), { path: "vda" });
    expect(resource(synth(stack), "libvirt_domain", "vm").devices.disks).toEqual([
      {
        source: { volume: { pool: "default", volume: "root.qcow2" } },
        target: { dev: "vda", bus: "virtio" },
        driver: { type: "qcow2" },
      },
      {
        source: { volume: { pool: "default", volume: "seed.iso" } },
        target: { dev: "vdb", bus: "virtio" },
        driver: { type: "raw" },
        read_only: true,
      },
    ]);
  });

  it("refuses what an unmanaged volume cannot do", () => {
    const { stack, host, pool } = incus();
    expect(
      errorOf(() => Volume.fromName(stack, "a", { pool, name: "a", lifecycle: VolumeLifecycle.EPHEMERAL })),
    ).toMatch(
      /Volume "homelab\/a", prop "lifecycle": a volume this stack does not create is PERSISTENT or SHARED, not EPHEMERAL/,
    );
    expect(errorOf(() => Volume.fromName(stack, "b", { pool, name: "bad/name" }))).toMatch(
      /Volume "homelab\/b", prop "name": "bad\/name" is not a valid name/,
    );
    expect(
      // @ts-expect-error libvirt options on an Incus pool
      errorOf(() => Volume.fromName(stack, "c", { pool, name: "c", libvirt: { format: VolumeFormat.RAW } })),
    ).toMatch(/prop "libvirt": is not supported on incus hosts/);
    const db = new Instance(stack, "db", { host, incus: { image: "img" } });
    expect(
      errorOf(() => db.attach(Volume.fromName(stack, "d", { pool, name: "d" }), { path: "/d", rebuildOnChange: true })),
    ).toMatch(
      /Instance "homelab\/db", prop "attach": the volume "homelab\/d" is not managed by this stack \(Volume.fromName\): rebuildOnChange needs a volume whose changes the stack sees/,
    );
  });
});

describe("flat backend props of Volume (deprecated, one more release)", () => {
  it("give the same volume as the grouped ones, with a warning naming the new place", () => {
    const { stack, pool } = incus();
    new Volume(stack, "old", { pool, contentType: VolumeContentType.BLOCK, description: "d" });
    new Volume(stack, "new", { pool, incus: { contentType: VolumeContentType.BLOCK, description: "d" } });
    const json = synth(stack);
    const strip = ({ name: _n, config: _c, ...rest }: Record<string, unknown>) => rest;
    expect(strip(resource(json, "incus_storage_volume", "old"))).toEqual(
      strip(resource(json, "incus_storage_volume", "new")),
    );
    expect(warningsOf(stack, "homelab/old")).toEqual([
      'Volume "homelab/old", prop "contentType" is deprecated: write it as `incus: { contentType }`. Flat Incus-only props are removed in the next release.',
      'Volume "homelab/old", prop "description" is deprecated: write it as `incus: { description }`. Flat Incus-only props are removed in the next release.',
    ]);
  });

  it("on libvirt too", () => {
    const stack = newStack("lab");
    const pool = new StoragePool(stack, "images", { host: new LibvirtHost(stack, "kvm"), path: "/i" });
    const base = new Volume(stack, "base", { pool, size: "1GiB" });
    new Volume(stack, "overlay", { pool, baseVolume: base });
    expect(resource(synth(stack), "libvirt_volume", "overlay").backing_store).toEqual({
      path: "${libvirt_volume.base.path}",
      format: { type: "qcow2" },
    });
    expect(warningsOf(stack, "lab/overlay")).toEqual([
      'Volume "lab/overlay", prop "baseVolume" is deprecated: write it as `libvirt: { baseVolume }`. Flat libvirt-only props are removed in the next release.',
    ]);
  });
});
