// The plan rules of incus_storage_volume that the official provider expresses as defaults: description "" and
// config {} unless the volume is a copy or an import, content_type "filesystem" unless the source decides it; and
// the refusals and warnings of a plan that deletes or replaces a volume its removal policy keeps.
import type { Diagnostics, ModifyPlanRequest, ModifyPlanResponse } from "../../framework";
import { isUnknown } from "../../framework";
import { REMOVAL_POLICY_CONFIG_KEY } from "../../../records";
import { configMap, PROTECT_KEY } from "../common";
import type { Writable } from "../common/state";
import { describeRemoval, volumeRemovalPolicy } from "./volume-removal";
import type { volumeSchema, VolumeAddress, VolumePlanModel, VolumeState } from "./volume-schema";

/** True when the volume's content comes from another volume or a file. */
export function hasSource(values: { source_volume?: unknown; source_file?: unknown }): boolean {
  const set = (v: unknown) => v !== null && v !== undefined;
  return set(values.source_volume) || set(values.source_file);
}

/** Defaults that depend on whether a source is used (see the file comment). */
export function planVolume(
  req: ModifyPlanRequest<typeof volumeSchema>,
  diagnostics: Diagnostics,
): ModifyPlanResponse<typeof volumeSchema> {
  const { config, planned, prior } = req;
  if (prior !== null && (planned === null || req.requiresReplace.length > 0))
    checkRemoval(prior, planned !== null, diagnostics);
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
function checkRemoval(
  prior: VolumeAddress & Pick<VolumeState, "config">,
  replacing: boolean,
  diagnostics: Diagnostics,
): void {
  const config = configMap(prior.config);
  const where = `Storage volume ${prior.pool}/${prior.name}`;
  let policy;
  try {
    policy = volumeRemovalPolicy(config, where);
  } catch (err) {
    diagnostics.error(`${where} has an invalid removal policy`, (err as Error).message, [
      "config",
      REMOVAL_POLICY_CONFIG_KEY,
    ]);
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
