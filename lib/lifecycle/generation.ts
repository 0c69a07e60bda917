// The generation rules: an instance and the volumes replaced with it form one generation, compiled to one
// `terraform_data` anchor that all of them name in replace_triggered_by. These functions say what the anchor holds
// and what it follows; the constructs own the anchor resource (lib/constructs/private/generation.ts).
import { VOLUME_LIFECYCLE_RULES, uniqueSorted } from "./volume-lifecycle";
import type { VolumeLifecycle } from "./volume-lifecycle";

/** Attribute values that force a replacement, by attribute name (values may be cdktf tokens). */
export type ReplacementInputs = { readonly [attribute: string]: unknown };

/**
 * One attached volume as the generation rules see it: its kind, and references to the attributes of resources the
 * stack manages whose change is a real change of the volume (references.ts: attributeReferences).
 */
export interface GenerationMember {
  readonly kind: VolumeLifecycle;
  readonly rebuildOnChange: boolean;
  /** The volume's change references; undefined for a volume the stack does not manage. */
  readonly changeReferences?: readonly string[];
  /** The change references of the volume an overlay is based on. */
  readonly baseChangeReferences?: readonly string[];
}

/** Whether a volume of this kind joins its instance's generation (is replaced with it). */
export function joinsGeneration(kind: VolumeLifecycle): boolean {
  return VOLUME_LIFECYCLE_RULES[kind].replacedWithInstance;
}

/**
 * The anchor's triggers_replace: `{ instance: {...}, ephemeral_volumes: { "<key>": {...} } }`, keys sorted and
 * undefined values dropped, so the value is stable across synths. It holds literal values (or references to pools
 * and projects), never references to the instance or its volumes: the anchor depends on none of them.
 */
export function generationTriggers(
  instance: ReplacementInputs,
  ephemeralVolumes: ReadonlyMap<string, ReplacementInputs>,
): { [key: string]: unknown } {
  const volumes: { [key: string]: unknown } = {};
  for (const key of [...ephemeralVolumes.keys()].sort()) volumes[key] = sortKeys(ephemeralVolumes.get(key)!);
  return { instance: sortKeys(instance), ephemeral_volumes: volumes };
}

/**
 * What outside the generation must rebuild all of it when it changes: the base of an ephemeral overlay (a new base
 * invalidates the overlay) and every other volume attached with rebuildOnChange — their change references, so a
 * bookkeeping update of them rebuilds nothing. Ephemeral
 * volumes themselves are left out: they follow the anchor, and the anchor following them would be a cycle.
 */
export function generationFollows(members: readonly GenerationMember[]): string[] {
  const follows: string[] = [];
  for (const m of members) {
    if (joinsGeneration(m.kind)) {
      follows.push(...(m.baseChangeReferences ?? []));
    } else if (m.rebuildOnChange) {
      follows.push(...(m.changeReferences ?? []));
    }
  }
  return uniqueSorted(follows);
}

function sortKeys(inputs: ReplacementInputs): { [key: string]: unknown } {
  const out: { [key: string]: unknown } = {};
  for (const key of Object.keys(inputs).sort()) if (inputs[key] !== undefined) out[key] = inputs[key];
  return out;
}
