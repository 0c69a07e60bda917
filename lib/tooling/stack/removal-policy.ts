// A volume's removal policy, snapshot-before-rebuild count and adopt request as the bundled providers read them on
// Delete: from the object's values (state, for a planned delete; the provider never looks at the configuration then).
// The records and their decoders are lib/records; this picks the right one for the resource type.
import {
  ADOPT_CONFIG_KEY,
  decodeIncusRemovalPolicy,
  decodeLibvirtRemovalPolicy,
  decodeSnapshotBeforeRebuild,
  SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY,
} from "../../records";
import type { RecordedRemovalPolicy } from "../../records";
import { isObject } from "../common/json";
import { configValue } from "./resource-kinds";

export type { RecordedRemovalPolicy };

type Json = { readonly [key: string]: unknown };

/** The removal policy recorded in a volume's values (configuration or state). */
export function recordedRemovalPolicy(type: string, attributes: Json): RecordedRemovalPolicy {
  if (type === "incus_storage_volume")
    return decodeIncusRemovalPolicy(isObject(attributes.config) ? attributes.config : undefined);
  if (type === "libvirt_volume") return decodeLibvirtRemovalPolicy(attributes.removal_policy);
  return { policy: "destroy", source: "unset" };
}

/**
 * How many rebuild snapshots an Incus volume keeps (SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY), undefined when it asks for
 * none or is not an Incus volume, "invalid" when the value is not a count (the provider then fails the instance's
 * delete).
 */
export function recordedRebuildSnapshots(type: string, attributes: Json): number | "invalid" | undefined {
  if (type !== "incus_storage_volume") return undefined;
  try {
    return decodeSnapshotBeforeRebuild(
      configValue(attributes, SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY),
      "snapshot-before-rebuild",
    );
  } catch {
    return "invalid";
  }
}

/**
 * The adopt value a volume's configuration sets ("released" or "released:<old owner>"): its create takes over a
 * released volume of the same name, when one is on the host (Incus: config key; libvirt: the adopt attribute).
 */
export function recordedAdopt(type: string, attributes: Json): string | undefined {
  const value =
    type === "incus_storage_volume"
      ? configValue(attributes, ADOPT_CONFIG_KEY)
      : type === "libvirt_volume"
        ? attributes.adopt
        : undefined;
  return typeof value === "string" && value !== "" && !value.includes("${") ? value : undefined;
}
