// A volume's removal policy and snapshot-before-rebuild count as the bundled providers read them on Delete: from the
// object's values (state, for a planned delete; the provider never looks at the configuration then). Incus keeps
// both in the volume's config (the protect marker wins over the policy key); libvirt in the removal_policy attribute.
import { ADOPT_CONFIG_KEY, PROTECT_CONFIG_KEY, REMOVAL_POLICY_CONFIG_KEY, SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY } from "../../config-keys";
import { parseRemovalPolicy, parseRetention } from "../../removal-policy";
import type { RemovalPolicyName } from "../../removal-policy";
import { configValue } from "./resource-kinds";

export interface RecordedRemovalPolicy {
  /** "unknown" when the recorded value is not a policy: the provider refuses to delete such a volume. */
  readonly policy: RemovalPolicyName | "unknown";
  /** Where it was read: the protect marker, the policy key / attribute, or nothing recorded (the providers delete). */
  readonly source: "protect-marker" | "policy-key" | "removal_policy" | "unset";
  /** The value as recorded (for messages). */
  readonly value?: string;
}

type Json = { readonly [key: string]: unknown };

/** The removal policy recorded in a volume's values (configuration or state). */
export function recordedRemovalPolicy(type: string, attributes: Json): RecordedRemovalPolicy {
  if (type === "incus_storage_volume") {
    if (configValue(attributes, PROTECT_CONFIG_KEY) === "true") return { policy: "protect", source: "protect-marker", value: "true" };
    return parsed(configValue(attributes, REMOVAL_POLICY_CONFIG_KEY), "policy-key");
  }
  if (type === "libvirt_volume") {
    const value = attributes.removal_policy;
    return parsed(typeof value === "string" ? value : undefined, "removal_policy");
  }
  return { policy: "destroy", source: "unset" };
}

function parsed(value: string | undefined, source: RecordedRemovalPolicy["source"]): RecordedRemovalPolicy {
  if (value === undefined || value === "") return { policy: "destroy", source: "unset" };
  try {
    return { policy: parseRemovalPolicy(value, "removal policy"), source, value };
  } catch {
    return { policy: "unknown", source, value };
  }
}

/**
 * How many rebuild snapshots an Incus volume keeps (user.cdktf-virt.snapshot-before-rebuild), undefined when it
 * asks for none or is not an Incus volume, "invalid" when the value is not a count (the provider then fails the
 * instance's delete).
 */
export function recordedRebuildSnapshots(type: string, attributes: Json): number | "invalid" | undefined {
  if (type !== "incus_storage_volume") return undefined;
  try {
    return parseRetention(configValue(attributes, SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY), "snapshot-before-rebuild");
  } catch {
    return "invalid";
  }
}

/**
 * The adopt value a volume's configuration sets ("released" or "released:<old owner>"): its create takes over a
 * released volume of the same name, when one is on the host (Incus: config key; libvirt: the adopt attribute).
 */
export function recordedAdopt(type: string, attributes: Json): string | undefined {
  const value = type === "incus_storage_volume" ? configValue(attributes, ADOPT_CONFIG_KEY) : type === "libvirt_volume" ? attributes.adopt : undefined;
  return typeof value === "string" && value !== "" && !value.includes("${") ? value : undefined;
}
