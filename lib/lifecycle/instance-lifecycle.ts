// The instance side of the lifecycle compiler: protection and the replacement triggers of an instance.
import type { TerraformResourceLifecycle } from "cdktf";
import { encodeInstanceProtection } from "../records";
import { uniqueSorted } from "./volume-lifecycle";

export interface InstanceLifecycleInput {
  /** `protect` of the instance: prevent_destroy (and Incus delete protection). */
  readonly protect: boolean;
  /** Address of the instance's generation anchor, when it has ephemeral volumes. */
  readonly generationAnchor?: string;
  /** Change references (attributeReferences) of the volumes attached with `rebuildOnChange: true`. */
  readonly rebuildOnChangeOf?: readonly string[];
}

/**
 * The instance's `lifecycle` block:
 * - `prevent_destroy = true` when protected;
 * - `replace_triggered_by` = its generation anchor (so it is rebuilt together with its ephemeral volumes) and
 *   every volume attached with rebuildOnChange (a change of its size, config, identity — or its replacement — rebuilds
 *   the instance; a change of its bookkeeping does not).
 */
export function instanceLifecycleBlock(input: InstanceLifecycleInput): TerraformResourceLifecycle | undefined {
  const triggers = [...(input.rebuildOnChangeOf ?? [])];
  if (input.generationAnchor !== undefined) triggers.push(input.generationAnchor);
  const block: { preventDestroy?: boolean; replaceTriggeredBy?: string[] } = {};
  if (input.protect) block.preventDestroy = true;
  if (triggers.length > 0) block.replaceTriggeredBy = uniqueSorted(triggers);
  return Object.keys(block).length > 0 ? block : undefined;
}

/** Config keys an Incus instance gets for its protection setting. */
export function instanceProtectionConfig(protect: boolean): { [key: string]: string } {
  return encodeInstanceProtection(protect);
}
