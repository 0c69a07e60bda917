// The incus_storage_volume schema (lxc/incus compatible) and the plan rules the official provider expresses
// as defaults: description "" and config {} unless the volume is a copy or an import, content_type
// "filesystem" unless the source decides it.
import type { ApplyModel, Diagnostics, ModifyPlanRequest, ModifyPlanResponse, PlanModel, PlanModifier, Schema, StateModel } from "../../framework";
import { REMOVAL_POLICY_CONFIG_KEY } from "../../../records";
import { configMap, configValueChecks, objectName, PROTECT_KEY } from "../common";
import type { Writable } from "../common/state";
import { describeRemoval, volumeRemovalPolicy } from "./volume-removal";
import { fileBlock } from "../instance/files";
import { isUnknown, mapOf, nested, oneOf, requiresReplace, requiresReplaceIf, str } from "../../framework";

/** Replace only when the user configured a new value (a computed value filled by the server never replaces). */
const requiresReplaceIfConfigured: PlanModifier = requiresReplaceIf(
  (req) => req.configValue !== null && !isUnknown(req.configValue),
  "Changing the configured value replaces the volume.",
);


export const volumeSchema = {
  description: "A custom storage volume (filesystem, block or ISO).",
  attributes: {
    name: str({ required: true, description: "Name of the volume.", validators: [objectName("storage volume")], planModifiers: [requiresReplace()] }),
    pool: str({ required: true, description: "Storage pool of the volume.", planModifiers: [requiresReplace()] }),
    description: str({ optional: true, computed: true, description: "Description of the volume." }),
    type: str({
      optional: true,
      computed: true,
      default: "custom",
      description: "Volume type; only custom volumes can be managed.",
      validators: [oneOf(["custom"])],
      planModifiers: [requiresReplace()],
    }),
    content_type: str({
      optional: true,
      computed: true,
      description: "filesystem (default) or block.",
      validators: [oneOf(["filesystem", "block"])],
      planModifiers: [requiresReplace()],
    }),
    config: mapOf("string", { optional: true, computed: true, description: "Volume configuration; the size goes in config.size.", validators: [configValueChecks()] }),
    project: str({ optional: true, description: "Project of the volume.", planModifiers: [requiresReplace()] }),
    remote: str({ optional: true, description: "The remote to create the volume on.", planModifiers: [requiresReplace()] }),
    target: str({ optional: true, computed: true, description: "Cluster member.", planModifiers: [requiresReplaceIfConfigured] }),
    source_volume: nested(
      "single",
      {
        pool: str({ required: true, description: "Pool of the volume to copy." }),
        name: str({ required: true, description: "Name of the volume to copy." }),
        remote: str({ optional: true, description: "Remote of the volume to copy (must be the volume's own remote)." }),
      },
      { optional: true, description: "Create the volume as a copy of another custom volume.", planModifiers: [requiresReplace()], conflictsWith: ["source_file"] },
    ),
    source_file: str({
      optional: true,
      description: "Create the volume from a local file: an .iso becomes an ISO volume, anything else is imported as a volume backup.",
      planModifiers: [requiresReplace()],
      conflictsWith: ["source_volume"],
    }),
    location: str({ computed: true, description: "Cluster member the volume is on (\"none\" when not clustered)." }),
  },
  blocks: { file: fileBlock("the volume") },
} satisfies Schema;

/** An incus_storage_volume as state holds it. */
export type VolumeState = StateModel<typeof volumeSchema>;
/** An incus_storage_volume as create and update get it (description, config and content type may be the server's to fill). */
export type VolumePlan = ApplyModel<typeof volumeSchema>;
/** An incus_storage_volume's configuration, or its plan before apply. */
export type VolumePlanModel = PlanModel<typeof volumeSchema>;
/** Where a volume is. */
export type VolumeAddress = Pick<VolumeState, "remote" | "project" | "pool" | "name">;

export const volumeDataSourceSchema = {
  description: "Reads an existing storage volume.",
  attributes: {
    name: str({ required: true, description: "Name of the volume." }),
    type: str({ required: true, description: "Volume type: custom, container, virtual-machine or image." }),
    storage_pool: str({ required: true, description: "Pool of the volume." }),
    project: str({ optional: true, description: "Project of the volume." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    target: str({ optional: true, description: "Cluster member." }),
    description: str({ optional: true, computed: true, description: "Description of the volume." }),
    config: mapOf("string", { computed: true, description: "Volume configuration." }),
    location: str({ optional: true, computed: true, description: "Cluster member the volume is on." }),
    content_type: str({ optional: true, computed: true, description: "filesystem, block or iso." }),
  },
} satisfies Schema;

/** True when the volume's content comes from another volume or a file. */
export function hasSource(values: { source_volume?: unknown; source_file?: unknown }): boolean {
  const set = (v: unknown) => v !== null && v !== undefined;
  return set(values.source_volume) || set(values.source_file);
}

/** Defaults that depend on whether a source is used (see the file comment). */
export function planVolume(req: ModifyPlanRequest<typeof volumeSchema>, diagnostics: Diagnostics): ModifyPlanResponse<typeof volumeSchema> {
  const { config, planned, prior } = req;
  if (prior !== null && (planned === null || req.requiresReplace.length > 0)) checkRemoval(prior, planned !== null, diagnostics);
  if (!config || !planned) return { planned };
  const next: Writable<VolumePlanModel> = { ...planned };
  const sourced = hasSource(config) || isUnknown(config.source_volume) || isUnknown(config.source_file);
  if (!sourced) {
    if (config.description === null) next.description = "";
    if (config.config === null) next.config = {};
    if (config.content_type === null) next.content_type = "filesystem";
  }
  return { planned: next };
}

/**
 * A volume marked protected (the protect flag or removal policy "protect") is never planned for deletion, even
 * once its resource block is gone, nor for a replacement (its delete half); a retained volume cannot be replaced
 * (the kept volume would hold the name the new one needs); a volume whose policy keeps it or a final copy says so.
 */
function checkRemoval(prior: VolumeAddress & Pick<VolumeState, "config">, replacing: boolean, diagnostics: Diagnostics): void {
  const config = configMap(prior.config);
  const where = `Storage volume ${prior.pool}/${prior.name}`;
  let policy;
  try {
    policy = volumeRemovalPolicy(config, where);
  } catch (err) {
    diagnostics.error(`${where} has an invalid removal policy`, (err as Error).message, ["config", REMOVAL_POLICY_CONFIG_KEY]);
    return;
  }
  const change = replacing ? "this change replaces it, which deletes it first" : "this plan would destroy it";
  if (policy === "retain" && replacing) {
    diagnostics.error(
      `${where} cannot be replaced: its removal policy is retain`,
      `${change}, but retain keeps the old volume under the name the new one needs. Deploy it with another removal ` +
        "policy first (snapshot keeps a final copy), or give the new volume another name.",
    );
    return;
  }
  if (policy !== "protect") {
    const effect = describeRemoval(prior);
    if (effect) diagnostics.warning(`${where}: removal policy ${policy}`, effect);
    return;
  }
  const flag = config[PROTECT_KEY] === "true" ? `${PROTECT_KEY}="true"` : `${REMOVAL_POLICY_CONFIG_KEY}="protect"`;
  diagnostics.error(
    `${where} is protected`,
    `Its config carries ${flag}, and ${change}: data that is meant to be kept. ` +
      "To delete it on purpose, first deploy it with protection lifted (the Volume construct's `protect: false` or another " +
      `removal policy, or remove the key), then remove it. To stop managing it without deleting it, use ` +
      "`terraform state rm` or a `removed { lifecycle { destroy = false } }` block.",
  );
}
