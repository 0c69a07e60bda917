// Which sensitive strings a request carries: every value Terraform sent with it (configuration, prior, planned and
// current state), read through the schema. The server scrubs the request's diagnostics and log
// lines of them (scrub.ts).
import type { CtyType } from "../../cty";
import type { DynamicValue } from "../../plugin";
import { secretStrings } from "../redact";
import type { Attribute, Schema } from "../schema";
import type { ObjectSchema } from "../schema-type";
import type { SecretScrubber } from "../scrub";
import { decodeDynamicAhead } from "./wire";

// (not proposed_new_state: Terraform builds it from the configuration and the prior state, whose secrets are known)
const VALUE_FIELDS = ["config", "prior_state", "planned_state", "current_state"] as const;

export function learnRequestSecrets(scrubber: SecretScrubber, schema: Schema, type: CtyType, req: object): void {
  // Decoding the values is most of a small RPC's CPU: skip it for a schema that cannot hold a secret.
  if (!canHoldSecrets(schema)) return;
  for (const field of VALUE_FIELDS) {
    const dv = (req as Partial<Record<(typeof VALUE_FIELDS)[number], DynamicValue>>)[field];
    if (!dv) continue;
    try {
      // (the RPC handler then takes the decoded value instead of decoding it again)
      scrubber.learn(secretStrings(schema, decodeDynamicAhead(dv, type)));
    } catch {
      // An undecodable value is reported by the RPC handler itself; there is nothing to learn from it.
    }
  }
}

const secretsBySchema = new WeakMap<ObjectSchema, boolean>();

/** Whether any attribute of the schema, nested or in a block, is sensitive or names secret map keys. */
function canHoldSecrets(schema: ObjectSchema): boolean {
  let known = secretsBySchema.get(schema);
  if (known === undefined) {
    known =
      Object.values(schema.attributes).some(attributeCanHoldSecrets) ||
      Object.values(schema.blocks ?? {}).some(canHoldSecrets);
    secretsBySchema.set(schema, known);
  }
  return known;
}

function attributeCanHoldSecrets(attr: Attribute): boolean {
  if (attr.sensitive || (attr.secretKeys?.length ?? 0) > 0) return true;
  return attr.nested !== undefined && canHoldSecrets({ attributes: attr.nested.attributes });
}
