// Which sensitive strings a request carries: every value Terraform sent with it (configuration, prior, proposed,
// planned and current state), read through the schema. The server scrubs the request's diagnostics and log
// lines of them (scrub.ts).
import type { CtyType } from "../../cty";
import type { DynamicValue } from "../../plugin";
import { secretStrings } from "../redact";
import type { Schema } from "../schema";
import type { SecretScrubber } from "../scrub";
import { decodeDynamic } from "./wire";

const VALUE_FIELDS = ["config", "prior_state", "proposed_new_state", "planned_state", "current_state"] as const;

export function learnRequestSecrets(scrubber: SecretScrubber, schema: Schema, type: CtyType, req: object): void {
  for (const field of VALUE_FIELDS) {
    const dv = (req as Partial<Record<(typeof VALUE_FIELDS)[number], DynamicValue>>)[field];
    if (!dv) continue;
    try {
      scrubber.learn(secretStrings(schema, decodeDynamic(dv, type)));
    } catch {
      // An undecodable value is reported by the RPC handler itself; there is nothing to learn from it.
    }
  }
}
