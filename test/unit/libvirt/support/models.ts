// Resource values as the provider server hands them to resource code: every attribute of the schema present, null
// where a test leaves it out (the framework's own normalisation), typed by the schema. Tests then write only the
// values that matter to them.
import type { Schema, StateModel, CtyObjectValue } from "../../../../lib/provider/framework";
import { normalizeObject } from "../../../../lib/provider/framework/normalize";

export function valuesOf<S extends Schema>(schema: S, values: CtyObjectValue): StateModel<S> {
  return normalizeObject(schema, values) as StateModel<S>;
}
