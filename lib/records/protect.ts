// Protection records. A protected Incus volume carries the protect marker: prevent_destroy lives only in the
// configuration, so when a volume is removed from the code the guard goes with it, while the marker travels with the
// object (and its state) so a provider can still refuse to plan its destruction. It is also how RemovalPolicy.PROTECT
// is written, and it wins over the removal-policy key (removal-policy.ts). A protected Incus instance gets Incus's
// own delete protection instead.
import { recordedString } from "./config-value";
import type { RecordedConfig } from "./config-value";

/** Config key set to "true" on protected Incus volumes. */
export const PROTECT_CONFIG_KEY = "user.cdktf-virt.protect";

/** Incus refuses to delete an instance with this config key set to "true" (Incus's key, not one of ours). */
export const INCUS_DELETE_PROTECTION_KEY = "security.protection.delete";

/** The protect marker as Incus config. */
export function encodeProtectMarker(): { [key: string]: string } {
  return { [PROTECT_CONFIG_KEY]: "true" };
}

/** True when `config` carries the protect marker. */
export function hasProtectMarker(config: RecordedConfig): boolean {
  return recordedString(config, PROTECT_CONFIG_KEY) === "true";
}

/** Config keys an Incus instance gets for its protection setting. */
export function encodeInstanceProtection(protect: boolean): { [key: string]: string } {
  return protect ? { [INCUS_DELETE_PROTECTION_KEY]: "true" } : {};
}

/** True when an Incus instance's config turns on delete protection. */
export function hasDeleteProtection(config: RecordedConfig): boolean {
  return recordedString(config, INCUS_DELETE_PROTECTION_KEY) === "true";
}
