// The lifecycle contract as synthesized: anchors, replace_triggered_by, prevent_destroy and the coupling errors.
import { App, TerraformStack } from "cdktf";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import {
  IncusHost,
  Instance,
  InstanceType,
  Project,
  StoragePool,
  Volume,
  VolumeContentType,
  VolumeLifecycle,
} from "../../../lib";
import { errorOf, newStack, resource, resourcesOf, synth } from "./support";

/**
 * What an instance following an Incus volume names in replace_triggered_by: the attributes whose change is a change
 * of the volume (its identity and the config keys the code sets), never the whole resource — a bookkeeping update
 * (protect marker, removal policy) must not rebuild anything.
 */
function changeReferences(id: string, configKeys: readonly string[] = []): string[] {
  return [...configKeys.map((k) => `config[${JSON.stringify(k)}]`), "content_type", "name", "pool", "remote", "type"]
    .map((a) => `incus_storage_volume.${id}.${a}`)
    .sort();
}

function lab(stackName = "homelab") {
  const stack = newStack(stackName);
  const host = new IncusHost(stack, "lab");
  const pool = new StoragePool(stack, "pool", { host });
  return { stack, host, pool };
}

describe("generation anchor", () => {
  it("one terraform_data per instance with ephemeral volumes; instance and volumes name it as a plain address", () => {
    const { stack, host, pool } = lab();
    const data = new Volume(stack, "pgdata", { pool, size: "10GiB" });
    const scratch = new Volume(stack, "scratch", { pool, size: "2GiB", lifecycle: VolumeLifecycle.EPHEMERAL });
    const cache = new Volume(stack, "cache", { pool, size: "1GiB", lifecycle: VolumeLifecycle.EPHEMERAL });
    const db = new Instance(stack, "db", { host, incus: { image: "debian-13", rootDisk: { pool, size: "8GiB" } } });
    db.attach(data, { path: "/var/lib/postgresql" });
    db.attach(scratch, { path: "/scratch" });
    db.attach(cache, { path: "/cache" });
    new Instance(stack, "web", { host, incus: { image: "debian-13" } });
    const json = synth(stack);

    const anchors = resourcesOf(json, "terraform_data");
    expect(Object.keys(anchors)).toHaveLength(1);
    const [anchorId] = Object.keys(anchors);
    expect(anchorId).toMatch(/^db_Generation_/);
    const address = `terraform_data.${anchorId}`;
    expect(anchors[anchorId].triggers_replace).toEqual({
      instance: { image: "debian-13", remote: "lab", type: "container" },
      ephemeral_volumes: {
        cache: {
          name: "homelab-cache",
          pool: "${incus_storage_pool.pool.name}",
          content_type: "filesystem",
          remote: "lab",
          type: "custom",
        },
        scratch: {
          name: "homelab-scratch",
          pool: "${incus_storage_pool.pool.name}",
          content_type: "filesystem",
          remote: "lab",
          type: "custom",
        },
      },
    });
    expect(resource(json, "incus_instance", "db").lifecycle).toEqual({ replace_triggered_by: [address] });
    expect(resource(json, "incus_storage_volume", "scratch").lifecycle).toEqual({ replace_triggered_by: [address] });
    expect(resource(json, "incus_storage_volume", "cache").lifecycle).toEqual({ replace_triggered_by: [address] });
    expect(resource(json, "incus_storage_volume", "pgdata").lifecycle).toEqual({ prevent_destroy: true });
    expect(resource(json, "incus_instance", "web").lifecycle).toBeUndefined();
    expect(JSON.stringify(json)).not.toMatch(/"\$\{terraform_data/);
    // the anchor must not depend on the instance or its volumes, or Terraform reports a cycle
    expect(JSON.stringify(anchors[anchorId])).not.toMatch(/incus_instance|incus_storage_volume/);
  });

  it("the anchor carries the project of the group", () => {
    const { stack, host, pool } = lab();
    const project = new Project(stack, "apps", { host });
    const scratch = new Volume(stack, "scratch", { pool, incus: { project }, lifecycle: VolumeLifecycle.EPHEMERAL });
    new Instance(stack, "db", { host, incus: { project, image: "img" } }).attach(scratch, { path: "/scratch" });
    const [anchor] = Object.values(resourcesOf(synth(stack), "terraform_data"));
    expect(anchor.triggers_replace.instance.project).toBe("${incus_project.apps.name}");
    expect(anchor.triggers_replace.ephemeral_volumes.scratch.project).toBe("${incus_project.apps.name}");
  });
});

describe("rebuildOnChange and protection", () => {
  it("rebuildOnChange puts the volume's change references into the instance's replace_triggered_by", () => {
    const { stack, host, pool } = lab();
    const data = new Volume(stack, "data", { pool });
    const seed = new Volume(stack, "seed", { pool, lifecycle: VolumeLifecycle.SHARED });
    const app = new Instance(stack, "app", { host, incus: { image: "img" }, protect: true });
    app.attach(data, { path: "/data", rebuildOnChange: true });
    app.attach(seed, { path: "/seed", rebuildOnChange: true, readOnly: true });
    const json = synth(stack);
    const instance = resource(json, "incus_instance", "app");
    expect(instance.lifecycle).toEqual({
      prevent_destroy: true,
      replace_triggered_by: [...changeReferences("data"), ...changeReferences("seed")],
    });
    expect(instance.device).toContainEqual({
      name: "seed",
      type: "disk",
      properties: {
        pool: "${incus_storage_pool.pool.name}",
        source: "${incus_storage_volume.seed.name}",
        path: "/seed",
        readonly: "true",
      },
    });
    expect(resourcesOf(json, "terraform_data")).toEqual({});
  });

  it("with ephemeral volumes, rebuildOnChange rebuilds the whole group: the anchor follows the volume too", () => {
    const { stack, host, pool } = lab();
    const data = new Volume(stack, "data", { pool });
    const scratch = new Volume(stack, "scratch", { pool, lifecycle: VolumeLifecycle.EPHEMERAL });
    const db = new Instance(stack, "db", { host, incus: { image: "img" } });
    db.attach(data, { path: "/data", rebuildOnChange: true });
    db.attach(scratch, { path: "/scratch", rebuildOnChange: true });
    const json = synth(stack);
    const [anchorId] = Object.keys(resourcesOf(json, "terraform_data"));
    // the anchor never follows an ephemeral volume (that would be a cycle), only the persistent one
    expect(json.resource.terraform_data[anchorId].lifecycle).toEqual({
      replace_triggered_by: changeReferences("data"),
    });
    expect(resource(json, "incus_instance", "db").lifecycle).toEqual({
      replace_triggered_by: [...changeReferences("data"), ...changeReferences("scratch"), `terraform_data.${anchorId}`],
    });
    // a volume an instance follows keeps its lifecycle record as created: an update of it would rebuild the instance
    expect(resource(json, "incus_storage_volume", "scratch").lifecycle).toEqual({
      replace_triggered_by: [`terraform_data.${anchorId}`],
      ignore_changes: ['config["user.cdktf-virt.lifecycle"]'],
    });
    expect(resource(json, "incus_storage_volume", "data").lifecycle).toEqual({
      prevent_destroy: true,
      ignore_changes: ['config["user.cdktf-virt.lifecycle"]'],
    });
  });

  it("only volumes an instance follows freeze their record; the others keep it current", () => {
    const { stack, host, pool } = lab();
    const followed = new Volume(stack, "followed", { pool });
    const plain = new Volume(stack, "plain", { pool, lifecycle: VolumeLifecycle.SHARED });
    const db = new Instance(stack, "db", { host, incus: { image: "img" } });
    db.attach(followed, { path: "/f", rebuildOnChange: true });
    db.attach(plain, { path: "/p" });
    const json = synth(stack);
    expect(resource(json, "incus_storage_volume", "followed").lifecycle.ignore_changes).toEqual([
      'config["user.cdktf-virt.lifecycle"]',
    ]);
    expect(resource(json, "incus_storage_volume", "plain").lifecycle).toEqual({ prevent_destroy: true });
    expect(resource(json, "incus_storage_volume", "plain").config["user.cdktf-virt.lifecycle"]).toBe("shared");
  });

  it("a SHARED volume may be attached to many instances and is kept (prevent_destroy)", () => {
    const { stack, host, pool } = lab();
    const shared = new Volume(stack, "shared", { pool, lifecycle: VolumeLifecycle.SHARED });
    for (const id of ["a", "b", "c"])
      new Instance(stack, id, { host, incus: { image: "img" } }).attach(shared, { path: "/shared" });
    const json = synth(stack);
    expect(resource(json, "incus_storage_volume", "shared").lifecycle).toEqual({ prevent_destroy: true });
    expect(shared.attachedInstances).toEqual(["homelab/a", "homelab/b", "homelab/c"]);
    for (const id of ["a", "b", "c"])
      expect(resource(json, "incus_instance", id).device[0].properties.source).toBe(
        "${incus_storage_volume.shared.name}",
      );
  });
});

describe("coupling errors", () => {
  it("an ephemeral volume attached to no instance fails at synth, naming the construct path", () => {
    const { stack, pool } = lab();
    new Volume(stack, "orphan", { pool, lifecycle: VolumeLifecycle.EPHEMERAL });
    expect(() => synth(stack)).toThrow(
      /Volume "homelab\/orphan", prop "lifecycle": an EPHEMERAL volume must be attached to exactly one instance, but it is attached to none/,
    );
  });

  it("…also in a real app synth (as `cdktf synth` runs it)", () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), "cdktf-virt-"));
    try {
      const app = new App({ outdir });
      const stack = new TerraformStack(app, "homelab");
      const pool = new StoragePool(stack, "pool", {
        host: new IncusHost(stack, "lab", { providerSource: "official" as never }),
      });
      new Volume(stack, "orphan", { pool, lifecycle: VolumeLifecycle.EPHEMERAL });
      expect(() => app.synth()).toThrow(/\[homelab\/orphan\] Volume "homelab\/orphan".*attached to none/);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });

  it("an ephemeral volume attached twice fails at the second attach, naming both instances", () => {
    const { stack, host, pool } = lab();
    const scratch = new Volume(stack, "scratch", { pool, lifecycle: VolumeLifecycle.EPHEMERAL });
    new Instance(stack, "a", { host, incus: { image: "img" } }).attach(scratch, { path: "/s" });
    const b = new Instance(stack, "b", { host, incus: { image: "img" } });
    expect(errorOf(() => b.attach(scratch, { path: "/s" }))).toMatch(
      /Volume "homelab\/scratch", prop "lifecycle": an EPHEMERAL volume belongs to exactly one instance, but it is attached to "homelab\/a" and "homelab\/b"/,
    );
  });

  it("a persistent (non-shared) volume on two instances fails", () => {
    const { stack, host, pool } = lab();
    const data = new Volume(stack, "data", { pool });
    new Instance(stack, "a", { host, incus: { image: "img" } }).attach(data, { path: "/d" });
    expect(
      errorOf(() => new Instance(stack, "b", { host, incus: { image: "img" } }).attach(data, { path: "/d" })),
    ).toMatch(
      /Volume "homelab\/data", prop "lifecycle": a PERSISTENT volume may be attached to at most 1 instance, but it is attached to "homelab\/a" and "homelab\/b".*VolumeLifecycle.SHARED/,
    );
  });

  it("a volume in a pool of another host fails", () => {
    const { stack, host } = lab();
    const other = new IncusHost(stack, "other", { address: "https://h:8443" });
    const data = new Volume(stack, "data", { pool: new StoragePool(stack, "otherpool", { host: other }) });
    expect(
      errorOf(() => new Instance(stack, "db", { host, incus: { image: "img" } }).attach(data, { path: "/d" })),
    ).toMatch(
      /Instance "homelab\/db", prop "attach": the volume "homelab\/data" is in the pool "homelab\/otherpool" of the host "homelab\/other", but this instance runs on the host "homelab\/lab"/,
    );
  });

  it("a volume of another project, a block volume on a container, a missing path, duplicates", () => {
    const { stack, host, pool } = lab();
    const project = new Project(stack, "apps", { host });
    const db = new Instance(stack, "db", { host, incus: { image: "img" } });
    expect(errorOf(() => db.attach(new Volume(stack, "p", { pool, incus: { project } }), { path: "/p" }))).toMatch(
      /is in the project "homelab\/apps" but this instance is in the default project/,
    );
    expect(
      errorOf(() => db.attach(new Volume(stack, "blk", { pool, incus: { contentType: VolumeContentType.BLOCK } }))),
    ).toMatch(/is a block volume; Incus attaches block volumes to virtual machines only/);
    expect(errorOf(() => db.attach(new Volume(stack, "fs", { pool })))).toMatch(
      /is a filesystem volume and needs an absolute mount path/,
    );
    const v = new Volume(stack, "v", { pool });
    db.attach(v, { path: "/v" });
    expect(errorOf(() => db.attach(v, { path: "/w" }))).toMatch(
      /the volume "homelab\/v" is already attached to this instance/,
    );
    expect(errorOf(() => db.attach(new Volume(stack, "w", { pool }), { path: "/v" }))).toMatch(
      /another volume is already mounted at "\/v"/,
    );
    expect(errorOf(() => db.attach(new Volume(stack, "v2", { pool }), { path: "/v2", deviceName: "v" }))).toMatch(
      /the device name "v" is already used/,
    );
    // a block volume on a VM is fine and needs no path
    const vm = new Instance(stack, "vm", { host, incus: { image: "img", type: InstanceType.VIRTUAL_MACHINE } });
    vm.attach(new Volume(stack, "disk", { pool, incus: { contentType: VolumeContentType.BLOCK } }));
    expect(resource(synth(stack), "incus_instance", "vm").device).toEqual([
      {
        name: "disk",
        type: "disk",
        properties: { pool: "${incus_storage_pool.pool.name}", source: "${incus_storage_volume.disk.name}" },
      },
    ]);
  });

  it("an EPHEMERAL volume with protect: true is refused in the constructor", () => {
    const { stack, pool } = lab();
    expect(
      errorOf(() => new Volume(stack, "s", { pool, lifecycle: VolumeLifecycle.EPHEMERAL, protect: true })),
    ).toMatch(/Volume "homelab\/s", prop "protect"/);
  });
});
