// The volume lifecycle policy: what each kind allows, and the one function that maps it onto Terraform's
// `lifecycle` block. Unsafe combinations are rejected here, in one place.
import type { TerraformResourceLifecycle } from "cdktf";
import { VolumeLifecycle } from "../records";

// The kind is also a recorded fact, so the documented enum lives with its recorded spelling in lib/records.
export { VolumeLifecycle };

/** What each lifecycle kind allows and implies. */
export interface VolumeLifecycleRule {
  /** Fewest instances the volume must be attached to. */
  readonly minAttachments: number;
  /** Most instances the volume may be attached to. */
  readonly maxAttachments: number;
  /** Replaced together with its instance (through the instance's generation anchor). */
  readonly replacedWithInstance: boolean;
  /** `protect` when the user does not say. */
  readonly defaultProtect: boolean;
  /** Whether `protect: true` may be combined with this kind. */
  readonly protectAllowed: boolean;
}

export const VOLUME_LIFECYCLE_RULES: { readonly [K in VolumeLifecycle]: VolumeLifecycleRule } = {
  [VolumeLifecycle.EPHEMERAL]: {
    minAttachments: 1,
    maxAttachments: 1,
    replacedWithInstance: true,
    defaultProtect: false,
    // prevent_destroy on a volume that must be rebuilt with its instance would block every rebuild.
    protectAllowed: false,
  },
  [VolumeLifecycle.PERSISTENT]: {
    minAttachments: 0,
    maxAttachments: 1,
    replacedWithInstance: false,
    defaultProtect: true,
    protectAllowed: true,
  },
  [VolumeLifecycle.SHARED]: {
    minAttachments: 0,
    maxAttachments: Number.POSITIVE_INFINITY,
    replacedWithInstance: false,
    defaultProtect: true,
    protectAllowed: true,
  },
};

/** Thrown when a lifecycle setting is impossible; the constructs add the construct path. */
export class LifecyclePolicyError extends Error {
  public constructor(message: string) {
    super(message);
    this.name = "LifecyclePolicyError";
  }
}

/** The effective `protect` of a volume: the user's choice or the kind's default; rejects unsafe combinations. */
export function resolveVolumeProtection(kind: VolumeLifecycle, protect: boolean | undefined): boolean {
  const rule = VOLUME_LIFECYCLE_RULES[kind];
  if (rule === undefined) {
    throw new LifecyclePolicyError(
      `unknown volume lifecycle "${String(kind)}"; use one of ${Object.values(VolumeLifecycle).join(", ")}`,
    );
  }
  if (protect === true && !rule.protectAllowed) {
    throw new LifecyclePolicyError(
      `protect: true cannot be combined with lifecycle ${kind}: an ephemeral volume is destroyed whenever its ` +
        `instance is rebuilt. Use VolumeLifecycle.PERSISTENT for data that must be kept, or drop protect.`,
    );
  }
  return protect ?? rule.defaultProtect;
}

/** Inputs of the volume's lifecycle block. References are plain "type.name" strings (see references.ts). */
export interface VolumeLifecycleInput {
  readonly kind: VolumeLifecycle;
  /** The effective protection (from resolveVolumeProtection). */
  readonly protect: boolean;
  /** Address of the generation anchor of the instance an EPHEMERAL volume belongs to. */
  readonly generationAnchor?: string;
  /** Other resources whose update or replacement must replace this volume (e.g. the base of an overlay). */
  readonly replaceWhenChanged?: readonly string[];
  /** Attribute paths Terraform keeps as created (see records.ts: frozenRecordPaths). */
  readonly ignoreChanges?: readonly string[];
}

/**
 * Maps a volume's lifecycle onto Terraform's `lifecycle` block:
 * - EPHEMERAL: `replace_triggered_by = [<generation anchor>]`, never `prevent_destroy`;
 * - PERSISTENT / SHARED: `prevent_destroy = protect`.
 * Extra triggers (an overlay's base volume) and ignored paths are added for every kind.
 */
export function volumeLifecycleBlock(input: VolumeLifecycleInput): TerraformResourceLifecycle | undefined {
  const rule = VOLUME_LIFECYCLE_RULES[input.kind];
  if (input.protect && !rule.protectAllowed) resolveVolumeProtection(input.kind, true);
  const triggers: string[] = [];
  if (rule.replacedWithInstance && input.generationAnchor !== undefined) triggers.push(input.generationAnchor);
  triggers.push(...(input.replaceWhenChanged ?? []));
  const block: { preventDestroy?: boolean; replaceTriggeredBy?: string[]; ignoreChanges?: string[] } = {};
  if (input.protect) block.preventDestroy = true;
  if (triggers.length > 0) block.replaceTriggeredBy = uniqueSorted(triggers);
  if (input.ignoreChanges?.length) block.ignoreChanges = uniqueSorted(input.ignoreChanges);
  return Object.keys(block).length > 0 ? block : undefined;
}

/** Sorted, without duplicates: stable output across synths. Called for every resource of a stack at synth. */
export function uniqueSorted(values: readonly string[]): string[] {
  const sorted = values.slice().sort();
  return sorted.filter((value, i) => i === 0 || value !== sorted[i - 1]);
}
