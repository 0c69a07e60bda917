// Which records a volume carries and which of them Terraform must leave as created. The facts themselves (keys,
// values, how they are read back) are in lib/records; this is the lifecycle side: what the constructs write.
import { encodeLifecycleKind, LIFECYCLE_CONFIG_KEY } from "../records";
import type { VolumeLifecycle } from "../records";

/** What a volume's record says (one input, so that further keys — a removal policy — join in one place). */
export interface VolumeRecordInput {
  readonly kind: VolumeLifecycle;
}

/** The record as config keys: `{ "user.cdktf-virt.lifecycle": "persistent" }` (values in lower case). */
export function volumeRecord(input: VolumeRecordInput): { [key: string]: string } {
  return { [LIFECYCLE_CONFIG_KEY]: encodeLifecycleKind(input.kind) };
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
