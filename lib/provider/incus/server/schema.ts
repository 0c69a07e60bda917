// The incus_server schema (lxc/incus compatible), with the models resource code reads.
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { custom, mapOf, requiresReplace, requiresReplaceIf, str } from "../../framework";
import { nonEmpty } from "../common/non-empty";

/** "" unsets a server key: the key would vanish after apply, and Terraform would report an inconsistent result. */
const noEmptyValues = custom((value) => {
  if (value === null || typeof value !== "object") return undefined;
  const empty = Object.entries(value)
    .filter(([, v]) => v === "")
    .map(([k]) => k);
  return empty.length > 0
    ? `empty values unset a server key; leave ${empty.map((k) => JSON.stringify(k)).join(", ")} out instead`
    : undefined;
}, "no empty values");

export const serverSchema = {
  description:
    "Server configuration keys of an Incus server (or of one cluster member). Only the keys listed here are " +
    "managed: other keys are left as they are, and destroying the resource unsets the managed keys.",
  attributes: {
    remote: str({ optional: true, description: "The remote to configure.", planModifiers: [requiresReplace()] }),
    config: mapOf("string", {
      optional: true,
      computed: true,
      default: {},
      description: "Server configuration keys to set (e.g. core.https_address, images.auto_update_interval).",
      validators: [noEmptyValues],
    }),
    target: str({
      optional: true,
      description: "Cluster member whose member-specific keys to set.",
      validators: [nonEmpty()],
      // As RequiresReplaceIfConfigured upstream: removing the attribute does not replace.
      planModifiers: [requiresReplaceIf((req) => req.configValue !== null, "A new target replaces the resource.")],
    }),
  },
} satisfies Schema;

/** An incus_server as state holds it. */
export type ServerState = StateModel<typeof serverSchema>;
/** An incus_server as create and update get it. */
export type ServerPlan = ApplyModel<typeof serverSchema>;
