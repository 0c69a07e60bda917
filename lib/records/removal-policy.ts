// The removal policy: the public enum, its name as recorded, and how it is written and read back. The constructs
// write it (Incus: the protect marker or the policy key; libvirt: the removal_policy attribute); the bundled
// providers carry it out on Delete; the tooling says what a plan will do with it.
import { recordedString } from "./config-value";
import type { RecordedConfig } from "./config-value";
import { hasProtectMarker, PROTECT_CONFIG_KEY } from "./protect";

/**
 * What happens to an object when Terraform deletes it: because it was removed from the code, on `cdktf destroy`,
 * or on a replacement. The bundled providers carry the policy out on Delete (it travels with the object's state, so
 * it still holds once the construct is gone from the code).
 */
export enum RemovalPolicy {
  /**
   * Refuse to delete it: `prevent_destroy` while the construct is in the code, and a marker the provider reads so a
   * plan that deletes it is refused even after the construct is removed. The default for PERSISTENT and SHARED
   * volumes (what `protect: true` means).
   */
  PROTECT = "protect",
  /**
   * Keep it on the host with its data and drop it from the Terraform state. Its owner marker becomes
   * `released:<old owner>`, so no stack adopts it by accident (adopt it on purpose with `user.cdktf-virt.adopt`).
   */
  RETAIN = "retain",
  /**
   * Keep a final copy `<name>-final-<yyyymmddThhmmssZ>` in the same pool (restorable with one command the apply
   * prints), then delete the object.
   */
  SNAPSHOT = "snapshot",
  /** Delete it with its data. The default for EPHEMERAL volumes (what `protect: false` means). */
  DESTROY = "destroy",
}

/** A removal policy as recorded and read back: the enum's values. */
export type RemovalPolicyName = `${RemovalPolicy}`;

export const REMOVAL_POLICY_NAMES: readonly RemovalPolicyName[] = Object.values(RemovalPolicy);

/**
 * Config key carrying an Incus volume's removal policy when the protect marker does not say it (RETAIN, SNAPSHOT),
 * written by the constructs and carried out by the bundled providers on Delete, whatever path leads to the delete.
 */
export const REMOVAL_POLICY_CONFIG_KEY = "user.cdktf-virt.removal-policy";

/**
 * The policy named by `value` (a config value or attribute; any case, surrounding blanks ignored), "destroy" when
 * unset. Throws on anything else, so a typo never downgrades "retain" to a delete.
 */
export function decodeRemovalPolicy(value: string | null | undefined, where: string): RemovalPolicyName {
  if (value === null || value === undefined || value === "") return "destroy";
  const policy = value.trim().toLowerCase();
  if ((REMOVAL_POLICY_NAMES as readonly string[]).includes(policy)) return policy as RemovalPolicyName;
  throw new Error(
    `${where} is ${JSON.stringify(value)}, which is not a removal policy; use one of ${REMOVAL_POLICY_NAMES.join(
      ", ",
    )}.`,
  );
}

/**
 * The Incus volume config a policy adds: PROTECT the protect marker (as before removal policies existed), RETAIN
 * and SNAPSHOT the policy key, DESTROY nothing. The policy key is written only where it says something the protect
 * marker does not, so stacks deployed before removal policies existed plan no change (a changed key on a volume an
 * instance follows with rebuildOnChange would rebuild that instance).
 */
export function encodeIncusRemovalPolicy(policy: RemovalPolicy): { [key: string]: string } {
  if (policy === RemovalPolicy.PROTECT) return { [PROTECT_CONFIG_KEY]: "true" };
  if (policy === RemovalPolicy.RETAIN || policy === RemovalPolicy.SNAPSHOT)
    return { [REMOVAL_POLICY_CONFIG_KEY]: policy };
  return {};
}

/**
 * The libvirt_volume `removal_policy` attribute: every policy but DESTROY (the provider's default). libvirt volumes
 * carry no marker, so the attribute is the protection that stays with the volume's state once its block is removed
 * from the code: the provider refuses a plan that deletes a "protect" volume. Writing it on a deployed volume is an
 * in-place update, and instances follow only a volume's change references, so it rebuilds nothing.
 */
export function encodeLibvirtRemovalPolicy(policy: RemovalPolicy): string | undefined {
  return policy === RemovalPolicy.DESTROY ? undefined : policy;
}

/** A removal policy read back from an object's values, with where it was read (for messages). */
export interface RecordedRemovalPolicy {
  /** "unknown" when the recorded value is not a policy: the providers refuse to delete such a volume. */
  readonly policy: RemovalPolicyName | "unknown";
  /** The protect marker, the Incus policy key, the libvirt attribute, or nothing recorded (the providers delete). */
  readonly source: "protect-marker" | "policy-key" | "removal_policy" | "unset";
  /** The value as recorded. */
  readonly value?: string;
}

/**
 * The removal policy an Incus volume's config records. The protect marker wins over the policy key: volumes
 * deployed before removal policies existed carry only the marker, and PROTECT is written as the marker alone.
 */
export function decodeIncusRemovalPolicy(config: RecordedConfig): RecordedRemovalPolicy {
  if (hasProtectMarker(config)) return { policy: "protect", source: "protect-marker", value: "true" };
  return recorded(recordedString(config, REMOVAL_POLICY_CONFIG_KEY), "policy-key");
}

/** The removal policy a libvirt_volume's `removal_policy` attribute records. */
export function decodeLibvirtRemovalPolicy(attribute: unknown): RecordedRemovalPolicy {
  return recorded(typeof attribute === "string" ? attribute : undefined, "removal_policy");
}

/** The policy an Incus volume's config records (decodeIncusRemovalPolicy); throws when the key is not a policy. */
export function incusRemovalPolicy(config: RecordedConfig, where: string): RemovalPolicyName {
  const { policy, value } = decodeIncusRemovalPolicy(config);
  return policy !== "unknown" ? policy : decodeRemovalPolicy(value, `${where}: config "${REMOVAL_POLICY_CONFIG_KEY}"`);
}

function recorded(value: string | undefined, source: RecordedRemovalPolicy["source"]): RecordedRemovalPolicy {
  if (value === undefined || value === "") return { policy: "destroy", source: "unset" };
  try {
    return { policy: decodeRemovalPolicy(value, "removal policy"), source, value };
  } catch {
    return { policy: "unknown", source, value };
  }
}
