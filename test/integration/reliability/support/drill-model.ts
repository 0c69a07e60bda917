// The stack the crash and lost-state drills deploy, and what the drills read back from Incus to judge it:
// N containers, each with a persistent data volume (mounted at /data) and an ephemeral scratch volume; every
// object named with the drill's unique prefix. Flipping the image between two aliases of one image replaces every
// container and its scratch volume (the generation anchor) while the data volumes must stay — the riskiest path.
import type { TerraformStack } from "cdktf";
import { IncusHost, Instance, StoragePool, Volume, VolumeLifecycle } from "../../../../lib";
import type { IncusClient } from "../../../../lib/incus";
import { isNotFound } from "../../../../lib/incus";
import { TEST_POOL } from "../../../support/incus";

export const OWNER_KEY = "user.cdktf-virt.owner";

export interface DrillModel {
  readonly prefix: string;
  readonly count: number;
  readonly image: string;
}

export const containerName = (prefix: string, i: number) => `${prefix}-c${i}`;
export const dataName = (prefix: string, i: number) => `${prefix}-data${i}`;
export const scratchName = (prefix: string, i: number) => `${prefix}-scratch${i}`;

/** Builds the drill stack with the constructs (the product path: owner markers, anchors, prevent_destroy). */
export function buildDrillStack(stack: TerraformStack, model: DrillModel): void {
  const host = new IncusHost(stack, "local");
  const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
  for (let i = 0; i < model.count; i++) {
    const instance = new Instance(stack, `c${i}`, {
      host,
      name: containerName(model.prefix, i),
      image: model.image,
      rootDisk: { pool },
    });
    const data = new Volume(stack, `data${i}`, { pool, name: dataName(model.prefix, i), size: "32MiB" });
    const scratch = new Volume(stack, `scratch${i}`, {
      pool,
      name: scratchName(model.prefix, i),
      size: "32MiB",
      lifecycle: VolumeLifecycle.EPHEMERAL,
    });
    instance.attach(data, { path: "/data" });
    instance.attach(scratch, { path: "/scratch" });
  }
}

/** One object as Incus has it: identity (volatile UUID, creation time) and the owner marker. */
export interface IncusObject {
  readonly name: string;
  readonly uuid: string;
  readonly createdAt: string;
  readonly owner?: string;
}

/** Everything with the prefix in Incus: instances and custom volumes of the test pool. */
export interface Inventory {
  readonly instances: Map<string, IncusObject>;
  readonly volumes: Map<string, IncusObject>;
}

export async function inventory(client: IncusClient, prefix: string): Promise<Inventory> {
  const instances = new Map<string, IncusObject>();
  for (const inst of await client.instances.list()) {
    if (!inst.name.startsWith(prefix)) continue;
    instances.set(inst.name, {
      name: inst.name,
      uuid: inst.config["volatile.uuid"] ?? "",
      createdAt: String(inst.created_at ?? ""),
      owner: inst.config[OWNER_KEY],
    });
  }
  const volumes = new Map<string, IncusObject>();
  for (const vol of await client.storageVolumes.list(TEST_POOL)) {
    if (vol.type !== "custom" || !vol.name.startsWith(prefix)) continue;
    volumes.set(vol.name, {
      name: vol.name,
      uuid: vol.config["volatile.uuid"] ?? "",
      createdAt: String(vol.created_at ?? ""),
      owner: vol.config[OWNER_KEY],
    });
  }
  return { instances, volumes };
}

/** The names the model says must exist, and nothing else. */
export function expectedNames(model: DrillModel): { instances: string[]; volumes: string[] } {
  const range = [...Array(model.count).keys()];
  return {
    instances: range.map((i) => containerName(model.prefix, i)).sort(),
    volumes: range.flatMap((i) => [dataName(model.prefix, i), scratchName(model.prefix, i)]).sort(),
  };
}

/** Deletes every instance and volume with the prefix (stopping instances first); objects without it are untouched. */
export async function deleteByPrefix(client: IncusClient, prefix: string): Promise<string[]> {
  const problems: string[] = [];
  const { instances, volumes } = await inventory(client, prefix);
  for (const name of instances.keys()) {
    try {
      await client.instanceState.stop(name, { force: true }).catch(() => undefined);
      await client.instances.delete(name);
    } catch (err) {
      if (!isNotFound(err)) problems.push(`instance ${name}: ${(err as Error).message}`);
    }
  }
  for (const name of volumes.keys()) {
    try {
      await client.storageVolumes.delete(TEST_POOL, name);
    } catch (err) {
      if (!isNotFound(err)) problems.push(`volume ${name}: ${(err as Error).message}`);
    }
  }
  return problems;
}
