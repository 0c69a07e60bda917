// What the constructs record on each volume so that tooling (explain, guard, graph) reads the model instead of
// inferring it: the lifecycle kind under LIFECYCLE_CONFIG_KEY. On Incus the record is part of the volume's config
// (it travels with the object and its state); libvirt volumes have no metadata of their own, so there it goes into
// the resource's "//" comment in cdk.tf.json, which Terraform ignores and the tooling reads.
import { LIFECYCLE_CONFIG_KEY } from "../config-keys";
import type { VolumeLifecycle } from "./volume-lifecycle";

export { LIFECYCLE_CONFIG_KEY };

/** What a volume's record says (one input, so that further keys — a removal policy — join in one place). */
export interface VolumeRecordInput {
  readonly kind: VolumeLifecycle;
}

/** The record as config keys: `{ "user.cdktf-virt.lifecycle": "persistent" }` (values in lower case). */
export function volumeRecord(input: VolumeRecordInput): { [key: string]: string } {
  return { [LIFECYCLE_CONFIG_KEY]: input.kind.toLowerCase() };
}

/**
 * The keys of a volume's record that Terraform must leave as they were created when an instance follows the volume
 * (rebuildOnChange): any update of a followed volume rebuilds the instance, and a bookkeeping key is no reason to
 * rebuild anything — in particular not when an upgrade of cdktf-virt adds the key to volumes deployed before.
 * Returned as `ignore_changes` paths into the Incus config map.
 */
export function frozenRecordPaths(record: { readonly [key: string]: string }): string[] {
  return Object.keys(record)
    .filter((key) => key === LIFECYCLE_CONFIG_KEY)
    .map((key) => `config["${key}"]`);
}
