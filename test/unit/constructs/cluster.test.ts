// Incus clusters as synthesized: `target` on instances (member or @group) and volumes, checked against the members
// the IncusHost declares; a volume of one member attached on another refused at synth; a StoragePool created
// pending on every member and then cluster-wide.
import { IncusHost, IncusProviderSource, Instance, Network, StoragePool, Volume, VolumeLifecycle } from "../../../lib";
import { errorOf, newStack, resource, resourcesOf, synth } from "./support";

function cluster() {
  const stack = newStack("fleet");
  const host = new IncusHost(stack, "cluster", {
    address: "https://10.0.0.11:8443",
    clusterMembers: ["m1", "m2", "m3"],
  });
  const pool = StoragePool.fromName(stack, "pool", host, "default");
  return { stack, host, pool };
}

describe("cluster placement", () => {
  it("instance and volume targets are written to the resources", () => {
    const { stack, host, pool } = cluster();
    const data = new Volume(stack, "data", { pool, size: "1GiB", incus: { target: "m2" } });
    const db = new Instance(stack, "db", { host, incus: { image: "debian-13", target: "m2" } });
    db.attach(data, { path: "/data" });
    new Instance(stack, "web", { host, incus: { image: "debian-13", target: "@edge" } });
    const json = synth(stack);
    expect(resource(json, "incus_instance", "db").target).toBe("m2");
    expect(resource(json, "incus_instance", "web").target).toBe("@edge");
    expect(resource(json, "incus_storage_volume", "data").target).toBe("m2");
  });

  it("a target that is no declared member is a synth error naming the construct path", () => {
    const { stack, host } = cluster();
    const msg = errorOf(() => new Instance(stack, "db", { host, incus: { image: "debian-13", target: "m9" } }));
    expect(msg).toContain("fleet/db");
    expect(msg).toContain('"m9" is not a member of the cluster "fleet/cluster" (m1, m2, m3)');
  });

  it("a volume cannot target a cluster group", () => {
    const { stack, pool } = cluster();
    expect(errorOf(() => new Volume(stack, "data", { pool, incus: { target: "@edge" } }))).toMatch(
      /fleet\/data.*is a cluster group; a volume is created on one member/,
    );
  });

  it("a volume of one member attached to an instance on another (or untargeted, or a group) is a synth error", () => {
    const { stack, host, pool } = cluster();
    const data = new Volume(stack, "data", { pool, incus: { target: "m1" } });
    const scratch = new Volume(stack, "scratch", {
      pool,
      lifecycle: VolumeLifecycle.EPHEMERAL,
      incus: { target: "m1" },
    });
    const other = new Instance(stack, "other", { host, incus: { image: "debian-13", target: "m3" } });
    expect(errorOf(() => other.attach(data, { path: "/data" }))).toMatch(
      /fleet\/other.*the volume "fleet\/data" is on the cluster member "m1", but this instance runs on "m3"/,
    );
    const anywhere = new Instance(stack, "anywhere", { host, incus: { image: "debian-13" } });
    expect(errorOf(() => anywhere.attach(scratch, { path: "/s" }))).toContain(
      'place this instance there too with `incus: { target: "m1" }`',
    );
    const grouped = new Instance(stack, "grouped", { host, incus: { image: "debian-13", target: "@edge" } });
    expect(errorOf(() => grouped.attach(data, { path: "/data" }))).toContain('may be placed on any member of "@edge"');
  });

  it("clusterMembers must be member names, each once", () => {
    const stack = newStack("bad");
    expect(errorOf(() => new IncusHost(stack, "a", { clusterMembers: [] }))).toContain("list the member names");
    expect(errorOf(() => new IncusHost(stack, "b", { clusterMembers: ["m1", "m1"] }))).toContain(
      '"m1" is listed twice',
    );
    expect(errorOf(() => new IncusHost(stack, "c", { clusterMembers: ["-x"] }))).toContain(
      "is not a cluster member name",
    );
  });
});

describe("storage pools on a cluster", () => {
  it("are created pending on every member with the member keys, then cluster-wide with the rest", () => {
    const { stack, host } = cluster();
    new StoragePool(stack, "fast", {
      host,
      driver: "zfs",
      path: "/dev/sdb",
      description: "nvme",
      config: { "zfs.pool_name": "fast", "volume.size": "5GiB" },
    });
    const json = synth(stack);
    const pools = resourcesOf(json, "incus_storage_pool");
    const members = Object.entries(pools).filter(([, p]) => p.target);
    expect(members.map(([, p]) => p.target).sort()).toEqual(["m1", "m2", "m3"]);
    for (const [, p] of members) {
      expect(p.config).toEqual({ source: "/dev/sdb", "zfs.pool_name": "fast", "user.cdktf-virt.owner": "fleet/fast" });
      expect(p.description).toBeUndefined();
    }
    const global = resource(json, "incus_storage_pool", "fast");
    expect(global.target).toBeUndefined();
    expect(global.description).toBe("nvme");
    expect(global.config).toEqual({ "volume.size": "5GiB", "user.cdktf-virt.owner": "fleet/fast" });
    expect([...global.depends_on].sort()).toEqual(members.map(([id]) => `incus_storage_pool.${id}`).sort());
  });

  it("with the official provider, member parts carry no owner marker (it would send it, and Incus refuses user keys there)", () => {
    const stack = newStack("official");
    const host = new IncusHost(stack, "cluster", {
      clusterMembers: ["m1", "m2"],
      providerSource: IncusProviderSource.OFFICIAL,
    });
    new StoragePool(stack, "pool", { host });
    new Network(stack, "net", { host, name: "net0" });
    const json = synth(stack);
    for (const type of ["incus_storage_pool", "incus_network"]) {
      const parts = Object.values(resourcesOf(json, type)).filter((r) => r.target);
      expect(parts).toHaveLength(2);
      for (const part of parts) expect(part.config ?? {}).not.toHaveProperty(["user.cdktf-virt.owner"]);
    }
  });

  it("on a host that is no cluster stay one resource", () => {
    const stack = newStack("single");
    const host = new IncusHost(stack, "lab");
    new StoragePool(stack, "pool", { host, path: "/srv/pool" });
    const pools = resourcesOf(synth(stack), "incus_storage_pool");
    expect(Object.keys(pools)).toEqual(["pool"]);
    expect(pools.pool.config.source).toBe("/srv/pool");
  });
});

describe("networks on a cluster", () => {
  it("are created pending on every member with the member keys, then cluster-wide with the rest", () => {
    const { stack, host } = cluster();
    new Network(stack, "uplink", {
      host,
      name: "uplink",
      type: "macvlan",
      description: "lan",
      config: { parent: "eth1", mtu: "1500" },
    });
    const json = synth(stack);
    const nets = resourcesOf(json, "incus_network");
    const members = Object.entries(nets).filter(([, n]) => n.target);
    expect(members.map(([, n]) => n.target).sort()).toEqual(["m1", "m2", "m3"]);
    for (const [, n] of members) {
      expect(n.config).toEqual({ parent: "eth1", "user.cdktf-virt.owner": "fleet/uplink" });
      expect(n.type).toBe("macvlan");
    }
    const global = resource(json, "incus_network", "uplink");
    expect(global.config).toEqual({
      "ipv4.address": "none",
      "ipv6.address": "none",
      mtu: "1500",
      "user.cdktf-virt.owner": "fleet/uplink",
    });
    expect([...global.depends_on].sort()).toEqual(members.map(([id]) => `incus_network.${id}`).sort());
  });
});
