// Creating an instance in each way an instance can come to be: from an image, as a copy of another
// instance (or of one of its snapshots), from a backup tarball (source_file), or empty. The instance is
// created stopped; starting it is the resource's next step, after its state was saved. When Incus fails after
// it has made the instance record (the image vanished or could not be unpacked), the half-made instance is
// removed again: nothing that never worked stays behind on the host or in state.
import { promises as fs } from "node:fs";
import type { Unknown } from "../../cty";
import { DiagnosticError, knownOrNull } from "../../framework";
import type {
  CallOptions,
  ConfigMap,
  DevicesMap,
  IncusClient,
  InstanceSource,
  InstancesPost,
  InstanceType,
} from "../../../incus";
import { ignoreNotFound, isConflict } from "../../../incus";
import { OWNER_KEY, configMap, devicesFromBlocks, expandHome, knownOr } from "../common";
import type { IncusProviderData } from "../provider-data";
import { resolveImageSource } from "./image-source";
import type { InstancePlan } from "./schema";

/** Where an instance lives and how to call Incus about it. */
export interface Placement {
  readonly client: IncusClient;
  /** The `remote` attribute (null: the default remote). */
  readonly remote: string | null;
  /** project + StopProvider signal, for every call. */
  readonly call: CallOptions;
  /** Budget of one operation or wait. */
  readonly timeoutMs: number;
}

/** null → ["default"] (the official provider's rule); [] stays "no profiles". */
export function profilesOf(value: readonly string[] | Unknown | null | undefined): string[] {
  const known = knownOrNull(value);
  return known === null || known === undefined ? ["default"] : [...known];
}

/** The modifiable fields the plan asks for. */
export function desiredBody(plan: InstancePlan): {
  config: ConfigMap;
  devices: DevicesMap;
  profiles: string[];
  description: string;
} {
  return {
    config: configMap(plan.config),
    devices: devicesFromBlocks(knownOr(plan.device, null)),
    profiles: profilesOf(plan.profiles),
    description: knownOr(plan.description, ""),
  };
}

/**
 * A create that is ready to be sent: everything read first (the image source, a copy's source config, the backup
 * file) is done, so a failure of `post` is the create's own.
 */
export interface PreparedCreate {
  /** Creates the instance (not started). */
  post(): Promise<void>;
}

/** Whether the instance `plan` creates has exactly the plan's config, devices, profiles and description (not a copy or a restored backup). */
export function createdAsPlanned(plan: InstancePlan): boolean {
  return knownOr(plan.source_file, null) === null && knownOr(plan.source_instance, null) === null;
}

/** Creates the instance described by `plan` (not started). */
export async function createInstance(data: IncusProviderData, at: Placement, plan: InstancePlan): Promise<void> {
  await (await prepareCreate(data, at, plan)).post();
}

/** Reads what the create of `plan` needs; the instance is created by the `post` it returns. */
export async function prepareCreate(
  data: IncusProviderData,
  at: Placement,
  plan: InstancePlan,
): Promise<PreparedCreate> {
  const sourceFile = knownOr(plan.source_file, null);
  if (sourceFile) return prepareBackup(at, plan, sourceFile);
  const body = desiredBody(plan);
  // The schema accepts only the two instance types.
  const type = knownOr(plan.type, "container") as InstanceType;
  const architecture = knownOr(plan.architecture, null);
  const target = knownOr(plan.target, null);
  const call: CallOptions = { ...at.call, timeoutMs: at.timeoutMs, ...(target ? { target } : {}) };
  let source: InstanceSource;
  let config = body.config;
  let release = async (): Promise<void> => undefined;
  const image = knownOr(plan.image, null);
  const sourceInstance = knownOr(plan.source_instance, null);
  if (image) {
    try {
      ({ source, release } = await resolveImageSource(data, at.remote, at.client, image, at.call));
    } catch (err) {
      throw new DiagnosticError(`Cannot use image ${JSON.stringify(image)}`, (err as Error).message, ["image"]);
    }
  } else if (sourceInstance) {
    const copied = await copySource(at, sourceInstance);
    source = copied.source;
    config = { ...copied.config, ...config };
  } else {
    source = { type: "none" };
  }
  return {
    async post() {
      try {
        await createOrRemove(
          at,
          {
            name: plan.name,
            type,
            source,
            config,
            devices: body.devices,
            profiles: body.profiles,
            description: body.description,
            ephemeral: plan.ephemeral === true,
            ...(architecture ? { architecture } : {}),
          },
          call,
        );
      } finally {
        await release();
      }
    },
  };
}

/**
 * POST /1.0/instances; on a failure other than a conflict, an instance of that name left stopped with this
 * plan's ownership marker is the half-made result of this very call (the resource checked that the name was
 * free, and a concurrent creator would have made the call fail with a conflict): it is deleted, then the
 * error is passed on.
 */
async function createOrRemove(at: Placement, body: InstancesPost, call: CallOptions): Promise<void> {
  try {
    await at.client.instances.create(body, call);
  } catch (err) {
    if (isConflict(err)) throw err;
    const left = await at.client.instances.find(body.name, at.call).catch(() => undefined);
    const ours = left && left.value.status === "Stopped" && left.value.config?.[OWNER_KEY] === body.config?.[OWNER_KEY];
    if (ours)
      await ignoreNotFound(at.client.instances.delete(body.name, { ...at.call, timeoutMs: at.timeoutMs })).catch(
        () => undefined,
      );
    throw err;
  }
}

/**
 * A copy source and the config to start from (volatile keys and the ownership marker dropped, except the
 * base image). Devices are
 * not copied: the copy gets exactly the configured `device` blocks, which is what state records (the
 * official provider merges the source's devices and then reports a set that differs from the plan).
 */
async function copySource(
  at: Placement,
  src: NonNullable<InstancePlan["source_instance"]>,
): Promise<{ source: InstanceSource; config: ConfigMap }> {
  const call = { ...at.call, project: src.project };
  const origin = src.snapshot
    ? (await at.client.instanceSnapshots.get(src.name, src.snapshot, call)).value
    : (await at.client.instances.get(src.name, call)).value;
  const config: ConfigMap = {};
  for (const [k, v] of Object.entries(origin.config ?? {})) {
    if (k === OWNER_KEY) continue; // the copy is a new object, not the source's owner's
    if (!k.startsWith("volatile.") || k === "volatile.base_image") config[k] = v;
  }
  return {
    source: {
      type: "copy",
      source: src.snapshot ? `${src.name}/${src.snapshot}` : src.name,
      project: src.project,
      instance_only: true,
    },
    config,
  };
}

/**
 * Restores a backup tarball (as `incus import`). The pool comes from the single
 * `device { properties = { path = "/", pool = ... } }` block validation allows with source_file.
 */
async function prepareBackup(at: Placement, plan: InstancePlan, sourceFile: string): Promise<PreparedCreate> {
  const file = expandHome(sourceFile);
  try {
    await fs.stat(file);
  } catch (err) {
    throw new Error(`Cannot read source_file ${JSON.stringify(sourceFile)}: ${(err as Error).message}`);
  }
  const devices = knownOr(plan.device, []);
  const pool = devices[0]?.properties?.pool;
  return {
    post: () => at.client.instances.importBackup(file, { ...at.call, timeoutMs: at.timeoutMs, name: plan.name, pool }),
  };
}
