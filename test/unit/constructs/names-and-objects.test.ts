import { Construct } from "constructs";
import { IncusHost, Instance, LibvirtHost, Network, Profile, Project, StoragePool, Volume } from "../../../lib";
import type { IHost } from "../../../lib";
import type { TerraformJson } from "../../support/terraform-json";
import { errorOf, newStack, resource, synth } from "./support";

describe("default names", () => {
  it("derive from the construct path (stack first), lower case, hyphenated, and are stable", () => {
    const names = () => {
      const stack = newStack("HomeLab");
      const host = new IncusHost(stack, "lab");
      const app = new Construct(stack, "App_Tier");
      const pool = new StoragePool(app, "Pool", { host });
      new Instance(app, "db.primary", { host, image: "img" });
      new Volume(app, "pg data", { pool });
      const json = synth(stack);
      return [
        Object.values(json.resource.incus_storage_pool as object)[0].name,
        Object.values(json.resource.incus_instance as object)[0].name,
        Object.values(json.resource.incus_storage_volume as object)[0].name,
      ];
    };
    expect(names()).toEqual(["homelab-app-tier-pool", "homelab-app-tier-db-primary", "homelab-app-tier-pg-data"]);
    expect(names()).toEqual(names());
  });

  it("are shortened with a hash when too long for the object kind (15 for Incus networks, 63 for instances)", () => {
    const stack = newStack("a-rather-long-stack-name");
    const host = new IncusHost(stack, "lab");
    const n1 = new Network(stack, "isolated-network", { host });
    const n2 = new Network(stack, "isolated-network-two", { host });
    new Instance(stack, "i".repeat(70), { host, image: "img" });
    const json = synth(stack);
    const a = resource(json, "incus_network", "isolated-network").name as string;
    const b = resource(json, "incus_network", "isolated-network-two").name as string;
    expect(a.length).toBeLessThanOrEqual(15);
    expect(b.length).toBeLessThanOrEqual(15);
    expect(a).toMatch(/^a-rather-[0-9a-f]{6}$/); // the id does not fit: the front of the path and a hash
    expect(a).not.toBe(b);
    const instanceName = Object.values<TerraformJson>(json.resource.incus_instance)[0].name as string;
    expect(instanceName.length).toBeLessThanOrEqual(63);
    expect(instanceName).toMatch(/^a-rather-long-stack-name-i+-[0-9a-f]{6}$/);
    expect(n1.networkName).not.toBe(n2.networkName);
  });

  it("keep the construct id when it fits next to the shortened front", () => {
    const stack = newStack("cdktf-virt-homelab");
    const host = new IncusHost(stack, "lab");
    new Network(stack, "net", { host });
    const name = resource(synth(stack), "incus_network", "net").name as string;
    expect(name).toMatch(/^cdkt-net-[0-9a-f]{6}$/);
  });

  it("instance names start with a letter even when the stack name does not", () => {
    const stack = newStack("1lab");
    const host = new IncusHost(stack, "lab");
    new Instance(stack, "db", { host, image: "img" });
    expect(resource(synth(stack), "incus_instance", "db").name).toBe("x-1lab-db");
  });

  it("explicit names are validated per kind", () => {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    expect(errorOf(() => new Network(stack, "n", { host, name: "a-very-long-bridge" }))).toMatch(
      /Network "homelab\/n", prop "name": "a-very-long-bridge" is 18 characters long; the limit is 15/,
    );
    expect(errorOf(() => new Instance(stack, "i", { host, image: "x", name: "db_1" }))).toMatch(
      /Instance "homelab\/i", prop "name": "db_1" is not a valid name/,
    );
    expect(errorOf(() => new Instance(stack, "j", { host, image: "x", name: "db-" }))).toMatch(
      /"db-" is not a valid name/,
    );
    expect(errorOf(() => new StoragePool(stack, "p", { host, name: "" }))).toMatch(
      /StoragePool "homelab\/p", prop "name": the name is empty/,
    );
    expect(errorOf(() => new Project(stack, "pr", { host, name: "default" }))).toMatch(/Project.fromName/);
    expect(errorOf(() => new Profile(stack, "pf", { host, name: "default" }))).toMatch(/Profile.fromName/);
    // valid explicit names pass through unchanged
    new Volume(stack, "v", { pool: new StoragePool(stack, "pool", { host }), name: "pg_data.v1" });
    expect(resource(synth(stack), "incus_storage_volume", "v").name).toBe("pg_data.v1");
  });
});

describe("Project", () => {
  it("shares images and profiles with the default project by default, carries the marker", () => {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    new Project(stack, "apps", { host, description: "apps", config: { "limits.instances": "5" } });
    new Project(stack, "own", {
      host,
      features: { images: true, profiles: true, storageVolumes: false, networks: true },
      forceDestroy: true,
    });
    const json = synth(stack);
    expect(resource(json, "incus_project", "apps")).toEqual({
      name: "homelab-apps",
      description: "apps",
      remote: "lab",
      config: {
        "features.images": "false",
        "features.profiles": "false",
        "features.storage.volumes": "true",
        "features.networks": "false",
        "limits.instances": "5",
        "user.cdktf-virt.owner": "homelab/apps",
      },
    });
    expect(resource(json, "incus_project", "own").config).toMatchObject({
      "features.images": "true",
      "features.profiles": "true",
      "features.storage.volumes": "false",
      "features.networks": "true",
    });
    expect(resource(json, "incus_project", "own").force_destroy).toBe(true);
  });

  it("rejects features.* in config and non-Incus hosts", () => {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    expect(errorOf(() => new Project(stack, "p", { host, config: { "features.images": "true" } }))).toMatch(
      /prop "config": the key "features.images" is managed by cdktf-virt; set them with the `features` prop/,
    );
    expect(errorOf(() => new Project(stack, "q", { host: new LibvirtHost(stack, "kvm") as never }))).toMatch(
      /Project "homelab\/q", prop "host": a Project needs an IncusHost/,
    );
  });

  it("the default project is referenced by name and omitted from objects", () => {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    const def = Project.fromName(stack, "default", host, "default");
    new Instance(stack, "db", { host, image: "img", project: def });
    expect(resource(synth(stack), "incus_instance", "db").project).toBeUndefined();
  });
});

describe("Network and Profile", () => {
  it("an Incus network is an isolated bridge by default; config merges over it", () => {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    new Network(stack, "iso", { host });
    new Network(stack, "routed", {
      host,
      config: { "ipv4.address": "10.77.0.1/24", "ipv4.nat": "false" },
      description: "r",
    });
    const json = synth(stack);
    expect(resource(json, "incus_network", "iso")).toEqual({
      name: "homelab-iso",
      type: "bridge",
      remote: "lab",
      config: { "ipv4.address": "none", "ipv6.address": "none", "user.cdktf-virt.owner": "homelab/iso" },
    });
    expect(resource(json, "incus_network", "routed").config).toEqual({
      "ipv4.address": "10.77.0.1/24",
      "ipv4.nat": "false",
      "ipv6.address": "none",
      "user.cdktf-virt.owner": "homelab/routed",
    });
  });

  it("a libvirt network takes no Incus config", () => {
    const stack = newStack();
    expect(
      errorOf(() => new Network(stack, "n", { host: new LibvirtHost(stack, "kvm") as IHost, config: { a: "b" } })),
    ).toMatch(/Network "homelab\/n", prop "config": is not supported on libvirt hosts/);
  });

  it("a profile carries config, sorted devices, project and the marker", () => {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    const project = new Project(stack, "apps", { host, features: { profiles: true } });
    new Profile(stack, "web", {
      host,
      project,
      config: { "limits.cpu": "1" },
      devices: {
        eth0: { type: "nic", properties: { network: "br0" } },
        data: { type: "disk", properties: { path: "/srv", source: "/srv" } },
      },
    });
    expect(resource(synth(stack), "incus_profile", "web")).toEqual({
      name: "homelab-web",
      remote: "lab",
      project: "${incus_project.apps.name}",
      config: { "limits.cpu": "1", "user.cdktf-virt.owner": "homelab/web" },
      device: [
        { name: "data", type: "disk", properties: { path: "/srv", source: "/srv" } },
        { name: "eth0", type: "nic", properties: { network: "br0" } },
      ],
    });
  });

  it("pools: Incus source from path, reserved keys, imported pools by name", () => {
    const stack = newStack();
    const host = new IncusHost(stack, "lab");
    new StoragePool(stack, "fast", {
      host,
      driver: "zfs",
      path: "tank/incus",
      config: { "zfs.clone_copy": "false" },
      description: "z",
    });
    const existing = StoragePool.fromName(stack, "test", host, "cdktf-virt-test");
    new Volume(stack, "v", { pool: existing });
    expect(errorOf(() => new StoragePool(stack, "bad", { host, config: { source: "/x" } }))).toMatch(
      /the key "source" is managed by cdktf-virt; set it with the `path` prop/,
    );
    const json = synth(stack);
    expect(resource(json, "incus_storage_pool", "fast")).toEqual({
      name: "homelab-fast",
      driver: "zfs",
      description: "z",
      remote: "lab",
      config: { source: "tank/incus", "zfs.clone_copy": "false", "user.cdktf-virt.owner": "homelab/fast" },
    });
    expect(resource(json, "incus_storage_volume", "v").pool).toBe("cdktf-virt-test");
  });
});

describe("name collisions", () => {
  it("refuses a second object with the same explicit name in the same place, naming both paths", () => {
    const stack = newStack("lab");
    const host = new IncusHost(stack, "lab");
    const pool = new StoragePool(stack, "pool", { host });
    new Volume(stack, "first", { pool, name: "data" });
    const err = errorOf(() => new Volume(stack, "second", { pool, name: "data" }));
    expect(err).toMatch(/Volume "lab\/second", prop "name": "data" is already the name of Volume "lab\/first"/);
  });

  it("refuses default names that collide after normalisation", () => {
    const stack = newStack("lab");
    const host = new IncusHost(stack, "lab");
    new Instance(stack, "db.data", { host, image: "img" });
    expect(errorOf(() => new Instance(stack, "db_data", { host, image: "img" }))).toMatch(
      /Instance "lab\/db_data", prop "name": "lab-db-data"/,
    );
  });

  it("allows one name in different places: volumes on two pools, instances in two projects", () => {
    const stack = newStack("lab");
    const host = new IncusHost(stack, "lab");
    const a = new StoragePool(stack, "a", { host });
    const b = new StoragePool(stack, "b", { host });
    new Volume(stack, "v1", { pool: a, name: "data" });
    new Volume(stack, "v2", { pool: b, name: "data" });
    const p1 = new Project(stack, "p1", { host });
    new Instance(stack, "i1", { host, image: "img", name: "web" });
    new Instance(stack, "i2", { host, image: "img", name: "web", project: p1 });
    expect(Object.keys(synth(stack).resource.incus_instance)).toHaveLength(2);
  });
});
