// The stack bench/fleet.js synthesizes and deploys: N containers, each with a custom volume mounted at /data,
// spread round-robin over the sites of a list of Incus remotes, written with the constructs as a user would. A
// site is a remote, or one member of a cluster remote (instance and volume then both name it as `target`, since a
// volume of a member-local pool is only usable on its member). Each remote gets its own project (images and
// profiles shared with the default project, volumes its own; on a cluster the project is cluster-wide), so the same
// daemon can stand in for several hosts: three `IncusHost`s on the local socket are three remotes of one provider,
// each with its own objects.
import type { TerraformStack } from "cdktf";
import { IncusHost, Instance, Project, RemovalPolicy, StoragePool, Volume } from "../lib";

/** One Incus remote of the fleet. */
export interface FleetRemote {
  /** "unix://", "unix:///path/unix.socket" or "https://host:8443". */
  readonly address: string;
  /**
   * The remote's name; for https remotes it names the pinned certificate (servercerts/<name>.crt in configDir).
   * @default "site<index>"
   */
  readonly name?: string;
  /** Directory with client.crt, client.key and servercerts/ (https remotes). */
  readonly configDir?: string;
  /** Cluster member names: the remote is a cluster and the fleet is spread over these members. */
  readonly members?: readonly string[];
}

/** Where one share of the fleet goes: a remote (its index) and, on a cluster, the member. */
export interface FleetSite {
  readonly remote: number;
  readonly target?: string;
}

export interface FleetOptions {
  /** Containers (each with one volume). */
  readonly count: number;
  readonly remotes: readonly FleetRemote[];
  /** Unique prefix of every object name. */
  readonly prefix: string;
  readonly pool: string;
  readonly image: string;
  readonly volumeSize: string;
  /** Keep the containers running (stopped by default: 1000 running containers would load a shared machine). */
  readonly running: boolean;
}

/** Names the bench uses to read and clean up what the stack deploys. */
export const fleetNames = {
  project: (prefix: string, remote: number) => `${prefix}-p${remote}`,
  instance: (prefix: string, i: number) => `${prefix}-c${i}`,
  volume: (prefix: string, i: number) => `${prefix}-v${i}`,
};

/** The sites in placement order: container i (and its volume) goes to site i % sites.length. */
export function fleetSites(remotes: readonly FleetRemote[]): FleetSite[] {
  return remotes.flatMap((r, remote) =>
    r.members?.length ? r.members.map((target) => ({ remote, target })) : [{ remote }],
  );
}

export function buildFleet(stack: TerraformStack, o: FleetOptions): void {
  const perRemote = o.remotes.map((r, h) => {
    const host = new IncusHost(stack, `site${h}`, {
      name: r.name,
      address: r.address,
      configDir: r.configDir,
      clusterMembers: r.members ? [...r.members] : undefined,
    });
    const project = new Project(stack, `project${h}`, { host, name: fleetNames.project(o.prefix, h) });
    const pool = StoragePool.fromName(stack, `pool${h}`, host, o.pool);
    return { host, project, pool };
  });
  const sites = fleetSites(o.remotes);
  for (let i = 0; i < o.count; i++) {
    const { remote, target } = sites[i % sites.length];
    const { host, project, pool } = perRemote[remote];
    const data = new Volume(stack, `v${i}`, {
      pool,
      name: fleetNames.volume(o.prefix, i),
      size: o.volumeSize,
      removalPolicy: RemovalPolicy.DESTROY,
      incus: { project, target },
    });
    new Instance(stack, `c${i}`, {
      host,
      name: fleetNames.instance(o.prefix, i),
      running: o.running,
      incus: { image: o.image, rootDisk: { pool }, project, target },
    }).attach(data, { path: "/data" });
  }
}
