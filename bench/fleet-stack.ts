// The stack bench/fleet.js synthesizes and deploys: N containers, each with a custom volume mounted at /data,
// spread round-robin over a list of Incus remotes, written with the constructs as a user would. Each remote gets
// its own project (images and profiles shared with the default project, volumes its own), so the same daemon can
// stand in for several hosts: three `IncusHost`s on the local socket are three remotes of one provider, each with
// its own objects. Pass real remotes (https://…) to spread the fleet over real hosts.
import type { TerraformStack } from "cdktf";
import { IncusHost, Instance, Project, RemovalPolicy, StoragePool, Volume } from "../lib";

export interface FleetOptions {
  /** Containers (each with one volume). */
  readonly count: number;
  /** Remote addresses ("unix://", "https://host:8443"), one IncusHost each. */
  readonly remotes: readonly string[];
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
  project: (prefix: string, h: number) => `${prefix}-p${h}`,
  instance: (prefix: string, i: number) => `${prefix}-c${i}`,
  volume: (prefix: string, i: number) => `${prefix}-v${i}`,
};

export function buildFleet(stack: TerraformStack, o: FleetOptions): void {
  const sites = o.remotes.map((address, h) => {
    const host = new IncusHost(stack, `site${h}`, { address });
    const project = new Project(stack, `project${h}`, { host, name: fleetNames.project(o.prefix, h) });
    const pool = StoragePool.fromName(stack, `pool${h}`, host, o.pool);
    return { host, project, pool };
  });
  for (let i = 0; i < o.count; i++) {
    const { host, project, pool } = sites[i % sites.length];
    const data = new Volume(stack, `v${i}`, {
      pool,
      name: fleetNames.volume(o.prefix, i),
      size: o.volumeSize,
      removalPolicy: RemovalPolicy.DESTROY,
      incus: { project },
    });
    new Instance(stack, `c${i}`, {
      host,
      name: fleetNames.instance(o.prefix, i),
      running: o.running,
      incus: { image: o.image, rootDisk: { pool }, project },
    }).attach(data, { path: "/data" });
  }
}
