// Destroy order of projects and pools on one Incus host: a project depends on every pool of its host, so terraform
// creates the pools first and deletes the projects first. A project's volumes live in pools; deleting a pool while
// a project still holds volumes in it fails ("currently in use"), and a project kept because it holds kept copies
// must be decided on before the pool is. Pools never depend on projects, so there is no cycle. Either may be
// constructed first: each registration links it with those already registered on the host.
import type { TerraformResource } from "cdktf";
import { resourceAddress } from "../../lifecycle/references";

interface HostEntry {
  readonly pools: TerraformResource[];
  readonly projects: TerraformResource[];
}

const byHost = new WeakMap<object, HostEntry>();

function entryOf(host: object): HostEntry {
  let entry = byHost.get(host);
  if (entry === undefined) {
    entry = { pools: [], projects: [] };
    byHost.set(host, entry);
  }
  return entry;
}

function dependOn(project: TerraformResource, pool: TerraformResource): void {
  // The bare address: depends_on takes no "${...}" expression.
  project.dependsOn = [...(project.dependsOn ?? []), resourceAddress(pool)];
}

/** Registers the cluster-wide pool resource of `host`; every project of the host will depend on it. */
export function registerPoolForDestroyOrder(host: object, pool: TerraformResource): void {
  const entry = entryOf(host);
  entry.pools.push(pool);
  for (const project of entry.projects) dependOn(project, pool);
}

/** Registers the project resource of `host`; it depends on every pool of the host. */
export function registerProjectForDestroyOrder(host: object, project: TerraformResource): void {
  const entry = entryOf(host);
  entry.projects.push(project);
  for (const pool of entry.pools) dependOn(project, pool);
}
