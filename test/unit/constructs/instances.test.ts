import type { IHost, IncusInstanceOptions } from "../../../lib";
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
  VolumeLifecycle,
} from "../../../lib";
import { errorOf, newStack, resource, synth, warningsOf } from "./support";

function incus() {
  const stack = newStack();
  const host = new IncusHost(stack, "lab");
  const pool = new StoragePool(stack, "pool", { host });
  return { stack, host, pool };
}

describe("Instance on Incus", () => {
  it("emits type, image, root disk, default profile, running and the owner marker", () => {
    const { stack, host, pool } = incus();
    new Instance(stack, "db", { host, incus: { image: "debian-13", rootDisk: { pool, size: "8GiB" } } });
    expect(resource(synth(stack), "incus_instance", "db")).toEqual({
      name: "homelab-db",
      type: "container",
      image: "debian-13",
      running: true,
      remote: "lab",
      profiles: ["default"],
      config: {
        "user.cdktf-virt.cloud-init-change": "rebuild",
        "user.cdktf-virt.image-change": "rebuild",
        "user.cdktf-virt.owner": "homelab/db",
      },
      device: [
        {
          name: "root",
          type: "disk",
          properties: { path: "/", pool: "${incus_storage_pool.pool.name}", size: "8GiB" },
        },
      ],
    });
  });

  it("maps cloud-init, limits, config, files, exec, profiles, project and network", () => {
    const { stack, host, pool } = incus();
    const project = new Project(stack, "apps", { host });
    const net = new Network(stack, "net", { host });
    const profile = new Profile(stack, "base", { host, config: { "boot.autostart": "true" } });
    new Instance(stack, "web", {
      host,
      network: net,
      memory: "1GiB",
      vcpus: 2,
      description: "web server",
      incus: {
        project,
        image: "debian-13",
        type: InstanceType.VIRTUAL_MACHINE,
        rootDisk: { pool },
        profiles: ["default", profile],
        cloudInit: { userData: "#cloud-config\npackages: [nginx]\n" },
        config: { "boot.autostart": "true" },
        files: [
          { path: "/etc/motd", content: "hi\n", mode: "0644" },
          { path: "/etc/app/conf", content: "x", createDirectories: true, uid: 1000, gid: 1000 },
        ],
        exec: {
          "10-setup": { command: ["sh", "-c", "echo ok"], runOnce: true },
          "20-more": { command: ["true"], environment: { A: "1" } },
        },
      },
    });
    const web = resource(synth(stack), "incus_instance", "web");
    expect(web.type).toBe("virtual-machine");
    expect(web.project).toBe("${incus_project.apps.name}");
    expect(web.profiles).toEqual(["default", "${incus_profile.base.name}"]);
    expect(web.config).toEqual({
      "boot.autostart": "true",
      "cloud-init.user-data": "#cloud-config\npackages: [nginx]\n",
      "limits.cpu": "2",
      "limits.memory": "1GiB",
      "user.cdktf-virt.cloud-init-change": "rebuild",
      "user.cdktf-virt.image-change": "rebuild",
      "user.cdktf-virt.owner": "homelab/web",
    });
    expect(web.file).toEqual([
      { target_path: "/etc/app/conf", content: "x", create_directories: true, uid: 1000, gid: 1000 },
      { target_path: "/etc/motd", content: "hi\n", mode: "0644" },
    ]);
    expect(web.exec).toEqual({
      "10-setup": { command: ["sh", "-c", "echo ok"], trigger: "once" },
      "20-more": { command: ["true"], environment: { A: "1" } },
    });
    expect(web.device).toContainEqual({
      name: "eth0",
      type: "nic",
      properties: { network: "${incus_network.net.name}", name: "eth0" },
    });
    expect(web.description).toBe("web server");
  });

  it("protect adds prevent_destroy and security.protection.delete; protect: false (the default) neither", () => {
    const { stack, host } = incus();
    new Instance(stack, "guarded", { host, incus: { image: "img" }, protect: true });
    new Instance(stack, "free", { host, incus: { image: "img" } });
    const json = synth(stack);
    const guarded = resource(json, "incus_instance", "guarded");
    expect(guarded.lifecycle).toEqual({ prevent_destroy: true });
    expect(guarded.config["security.protection.delete"]).toBe("true");
    const free = resource(json, "incus_instance", "free");
    expect(free.lifecycle).toBeUndefined();
    expect(free.config["security.protection.delete"]).toBeUndefined();
  });

  it("rejects missing image, conflicting keys, files on a stopped instance and objects of another host", () => {
    const { stack, host, pool } = incus();
    const i = (incus: Partial<IncusInstanceOptions>): IncusInstanceOptions => ({ image: "i", ...incus });
    expect(errorOf(() => new Instance(stack, "a", { host }))).toMatch(
      /Instance "homelab\/a", prop "image": an Incus instance needs an image/,
    );
    expect(
      errorOf(() => new Instance(stack, "b", { host, incus: i({ config: { "security.protection.delete": "true" } }) })),
    ).toMatch(/prop "config": .*set the `protect` prop/);
    expect(
      errorOf(
        () => new Instance(stack, "c", { host, memory: "1GiB", incus: i({ config: { "limits.memory": "2GiB" } }) }),
      ),
    ).toMatch(/`memory` prop/);
    expect(
      errorOf(
        () =>
          new Instance(stack, "d", {
            host,
            incus: i({ cloudInit: { userData: "x" }, config: { "cloud-init.user-data": "y" } }),
          }),
      ),
    ).toMatch(/`cloudInit` prop/);
    expect(errorOf(() => new Instance(stack, "e", { host, incus: i({ config: { "volatile.x": "1" } }) }))).toMatch(
      /volatile/,
    );
    expect(
      errorOf(
        () => new Instance(stack, "f", { host, running: false, incus: i({ files: [{ path: "/a", content: "" }] }) }),
      ),
    ).toMatch(/prop "files": files and exec need a running instance/);
    expect(
      errorOf(() => new Instance(stack, "g", { host, incus: i({ files: [{ path: "rel", content: "" }] }) })),
    ).toMatch(/"rel" is not an absolute path/);
    expect(
      errorOf(() => new Instance(stack, "h", { host, incus: i({ files: [{ path: "/a", content: "", mode: "rw" }] }) })),
    ).toMatch(/mode "rw"/);
    expect(errorOf(() => new Instance(stack, "i", { host, incus: i({ exec: { x: { command: [] } } }) }))).toMatch(
      /prop "exec": entry "x" needs a non-empty command/,
    );
    expect(errorOf(() => new Instance(stack, "j", { host, vcpus: 0, incus: i({}) }))).toMatch(/prop "vcpus"/);
    expect(errorOf(() => new Instance(stack, "k", { host, memory: "1 gig", incus: i({}) }))).toMatch(/prop "memory"/);
    expect(errorOf(() => new Instance(stack, "l", { host, name: "9lives", incus: i({}) }))).toMatch(
      /prop "name": "9lives" is not a valid name; use 1-63 letters, digits or hyphens, starting with a letter/,
    );
    expect(
      errorOf(
        () =>
          new Instance(stack, "n", {
            host,
            incus: i({ devices: { root: { type: "disk", properties: { path: "/" } } }, rootDisk: { pool } }),
          }),
      ),
    ).toMatch(/device name "root"/);
    expect(
      errorOf(
        () =>
          new Instance(stack, "o", { host, incus: i({ devices: { x: { type: "disk", properties: { path: "" } } } }) }),
      ),
    ).toMatch(/property "path" is empty/);
    const other = new IncusHost(stack, "other");
    const otherPool = new StoragePool(stack, "otherpool", { host: other });
    expect(errorOf(() => new Instance(stack, "p", { host, incus: i({ rootDisk: { pool: otherPool } }) }))).toMatch(
      /Instance "homelab\/p", prop "rootDisk": the pool "homelab\/otherpool" belongs to the host "homelab\/other", not to this instance's host "homelab\/lab"/,
    );
    expect(
      errorOf(
        () => new Instance(stack, "q", { host, network: new Network(stack, "onet", { host: other }), incus: i({}) }),
      ),
    ).toMatch(/prop "network": the network "homelab\/onet" is on another host/);
    expect(
      errorOf(
        () => new Instance(stack, "r", { host, incus: i({ project: new Project(stack, "op", { host: other }) }) }),
      ),
    ).toMatch(/prop "project": the project "homelab\/op" is on another host/);
  });

  it("libvirt options on an Incus host do not compile, and are rejected at synth where the host's type is unknown", () => {
    const { stack, host } = incus();
    expect(
      // @ts-expect-error a libvirt option on an IncusHost
      errorOf(() => new Instance(stack, "a", { host, incus: { image: "i" }, libvirt: { hypervisor: "kvm" } })),
    ).toMatch(/prop "libvirt": is not supported on incus hosts/);
    const someHost: IHost = host;
    expect(errorOf(() => new Instance(stack, "b", { host: someHost, incus: { image: "i" }, libvirt: {} }))).toMatch(
      /prop "libvirt": is not supported on incus hosts/,
    );
    expect(
      errorOf(() => new Instance(stack, "c", { host: someHost, incus: { image: "i" }, hypervisor: "kvm" })),
    ).toMatch(/prop "hypervisor": is not supported on incus hosts/);
    expect(new Instance(stack, "d", { host: someHost, incus: { image: "i" } }).host).toBe(host);
  });
});

describe("flat backend props (deprecated, one more release)", () => {
  it("still work on the right backend, each with a warning that names its new place", () => {
    const { stack, host, pool } = incus();
    new Instance(stack, "old", { host, image: "debian-13", rootDisk: { pool, size: "8GiB" }, memory: "1GiB" });
    new Instance(stack, "new", {
      host,
      memory: "1GiB",
      incus: { image: "debian-13", rootDisk: { pool, size: "8GiB" } },
    });
    const json = synth(stack);
    const { name: _old, config: oldConfig, ...oldRest } = resource(json, "incus_instance", "old");
    const { name: _new, config: newConfig, ...newRest } = resource(json, "incus_instance", "new");
    expect(oldRest).toEqual(newRest);
    expect(oldConfig["limits.memory"]).toBe(newConfig["limits.memory"]);
    expect(warningsOf(stack, "homelab/old")).toEqual([
      'Instance "homelab/old", prop "image" is deprecated: write it as `incus: { image }`. Flat Incus-only props are removed in the next release.',
      'Instance "homelab/old", prop "rootDisk" is deprecated: write it as `incus: { rootDisk }`. Flat Incus-only props are removed in the next release.',
    ]);
    expect(warningsOf(stack, "homelab/new")).toEqual([]);
  });

  it("given both flat and grouped is an error; on the wrong backend they are rejected as before", () => {
    const { stack, host } = incus();
    expect(errorOf(() => new Instance(stack, "a", { host, image: "x", incus: { image: "y" } }))).toMatch(
      /prop "image": is given twice, flat and in `incus: \{ image \}`; keep the one in `incus`/,
    );
    // @ts-expect-error a flat libvirt-only prop on an IncusHost
    expect(errorOf(() => new Instance(stack, "b", { host, incus: { image: "i" }, hypervisor: "kvm" }))).toMatch(
      /prop "hypervisor": is not supported on incus hosts/,
    );
  });
});

describe("Instance on libvirt", () => {
  it("is a libvirt_domain with memory in MiB, vcpus, running, metadata, disks from attached volumes and an interface", () => {
    const stack = newStack("lab");
    const kvm = new LibvirtHost(stack, "kvm");
    const images = new StoragePool(stack, "images", { host: kvm, path: "/var/lib/libvirt/images" });
    const net = new Network(stack, "isolated", { host: kvm });
    const base = new Volume(stack, "debian", { pool: images, size: "2GiB" });
    const root = new Volume(stack, "root", {
      pool: images,
      libvirt: { baseVolume: base },
      lifecycle: VolumeLifecycle.EPHEMERAL,
    });
    const data = new Volume(stack, "data", { pool: images, size: "1GiB", libvirt: { format: undefined } });
    const vm = new Instance(stack, "vm", {
      host: kvm,
      memory: "1GiB",
      vcpus: 2,
      network: net,
      libvirt: { shutdownTimeoutSeconds: 5 },
    });
    vm.attach(data, { path: "vdb" });
    vm.attach(root, { path: "vda" });
    const json = synth(stack);
    const domain = resource(json, "libvirt_domain", "vm");
    expect(domain).toMatchObject({
      name: "lab-vm",
      type: "kvm",
      memory: 1024,
      memory_unit: "MiB",
      vcpu: 2,
      running: true,
      provider: "libvirt",
    });
    expect(domain.metadata.xml).toBe(
      '<cdktf-virt:owner xmlns:cdktf-virt="https://cdktf-virt.dev/xmlns/owner">lab/vm</cdktf-virt:owner>',
    );
    expect(domain.devices.disks).toEqual([
      {
        source: { volume: { pool: "${libvirt_pool.images.name}", volume: "${libvirt_volume.root.name}" } },
        target: { dev: "vda", bus: "virtio" },
        driver: { type: "qcow2" },
      },
      {
        source: { volume: { pool: "${libvirt_pool.images.name}", volume: "${libvirt_volume.data.name}" } },
        target: { dev: "vdb", bus: "virtio" },
        driver: { type: "qcow2" },
      },
    ]);
    expect(domain.update).toEqual({ shutdown: { timeout: 5 } });
    expect(domain.destroy).toEqual({ shutdown: { timeout: 5 } });
    expect(domain.devices.interfaces).toEqual([
      { model: { type: "virtio" }, source: { network: { network: "${libvirt_network.isolated.name}" } } },
    ]);
    expect(resource(json, "libvirt_network", "isolated")).toEqual({
      name: "lab-isolated",
      metadata: {
        xml: '<cdktf-virt:owner xmlns:cdktf-virt="https://cdktf-virt.dev/xmlns/owner">lab/isolated</cdktf-virt:owner>',
      },
      provider: "libvirt",
    });
  });

  it("a rebuilt domain gets a fresh overlay: domain and overlay follow one anchor, which follows the base", () => {
    const stack = newStack("lab");
    const kvm = new LibvirtHost(stack, "kvm");
    const images = new StoragePool(stack, "images", { host: kvm, path: "/i" });
    const base = new Volume(stack, "debian", { pool: images, size: "2GiB" });
    const root = new Volume(stack, "root", {
      pool: images,
      libvirt: { baseVolume: base },
      lifecycle: VolumeLifecycle.EPHEMERAL,
    });
    const data = new Volume(stack, "data", { pool: images, size: "1GiB" });
    const vm = new Instance(stack, "vm", { host: kvm });
    vm.attach(root, { path: "vda" });
    vm.attach(data, { path: "vdb" });
    const json = synth(stack);
    const [anchorId] = Object.keys(json.resource.terraform_data);
    const anchor = json.resource.terraform_data[anchorId];
    expect(anchor.lifecycle).toEqual({
      replace_triggered_by: ["capacity", "id", "name", "pool", "target"].map((a) => `libvirt_volume.debian.${a}`),
    });
    expect(anchor.triggers_replace).toEqual({
      instance: { name: "lab-vm", type: "kvm" },
      ephemeral_volumes: {
        root: {
          name: "lab-root",
          pool: "${libvirt_pool.images.name}",
          format: "qcow2",
          backing_store: "${libvirt_volume.debian.path}",
        },
      },
    });
    expect(resource(json, "libvirt_domain", "vm").lifecycle).toEqual({
      replace_triggered_by: [`terraform_data.${anchorId}`],
    });
    expect(resource(json, "libvirt_volume", "root").lifecycle).toEqual({
      replace_triggered_by: [`terraform_data.${anchorId}`],
    });
    expect(resource(json, "libvirt_volume", "data").lifecycle).toEqual({ prevent_destroy: true });
    expect(resource(json, "libvirt_volume", "debian").lifecycle).toEqual({ prevent_destroy: true });
  });

  it("rejects bad target devices, fractional MiB and Incus-only props", () => {
    const stack = newStack("lab");
    const kvm = new LibvirtHost(stack, "kvm");
    const images = new StoragePool(stack, "images", { host: kvm, path: "/i" });
    const vm = new Instance(stack, "vm", { host: kvm });
    const data = new Volume(stack, "data", { pool: images, size: "1GiB" });
    expect(errorOf(() => vm.attach(data, { path: "/data" }))).toMatch(
      /Instance "lab\/vm", prop "attach": on libvirt the path is the guest device, e.g. "vda"/,
    );
    expect(errorOf(() => new Instance(stack, "a", { host: kvm, memory: "1000KiB" }))).toMatch(
      /prop "memory": "1000KiB" is not a whole number of MiB/,
    );
    // @ts-expect-error an Incus-only prop on a LibvirtHost
    expect(errorOf(() => new Instance(stack, "b", { host: kvm, image: "debian" }))).toMatch(
      /prop "image": is not supported on libvirt hosts/,
    );
    // @ts-expect-error an Incus-only prop on a LibvirtHost
    expect(errorOf(() => new Instance(stack, "c", { host: kvm, cloudInit: { userData: "" } }))).toMatch(
      /prop "cloudInit"/,
    );
    // @ts-expect-error Incus options on a LibvirtHost
    expect(errorOf(() => new Instance(stack, "c2", { host: kvm, incus: { image: "debian" } }))).toMatch(
      /prop "incus": is not supported on libvirt hosts/,
    );
    expect(errorOf(() => new Instance(stack, "d", { host: kvm, libvirt: { shutdownTimeoutSeconds: 1.5 } }))).toMatch(
      /prop "shutdownTimeoutSeconds": 1.5 is not a whole number of seconds/,
    );
    expect(errorOf(() => new StoragePool(stack, "p", { host: kvm }))).toMatch(
      /StoragePool "lab\/p", prop "path": a libvirt dir pool needs the directory/,
    );
    expect(errorOf(() => new StoragePool(stack, "q", { host: kvm, path: "/x", driver: "zfs" }))).toMatch(
      /prop "driver": libvirt pools are dir, logical, netfs, not "zfs"/,
    );
  });
});
