// Reading generic cty values as objects, where code walks values of any schema (the planner, plan modifiers,
// validators) rather than a resource's typed model.
import { CtyDecimal, CtyDynamic, Unknown } from "../cty";
import type { CtyObjectValue, CtyValue } from "../cty";

/** The value as an object (a cty object or map value), or null when it is null, unknown or not an object. */
export function objectValue(value: CtyValue | undefined): CtyObjectValue | null {
  if (value === null || value === undefined || typeof value !== "object" || Array.isArray(value)) return null;
  if (value instanceof Unknown || value instanceof CtyDynamic || value instanceof CtyDecimal) return null;
  return value;
}
