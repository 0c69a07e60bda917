// Small helpers for building state values from plans.
import type { State, Values } from "../../framework";
import { isUnknown } from "../../framework";

/** The value when known and not null, else `fallback`. */
export function knownOr<T>(value: unknown, fallback: T): T {
  return value === null || value === undefined || isUnknown(value) ? fallback : (value as T);
}

/**
 * A state to record right after an object was created, before it could be read back: the plan with every
 * value that is not known yet replaced by null (Terraform accepts no unknown values in state). `fills`
 * supplies values already known, e.g. a server-chosen type.
 */
export function provisionalState(planned: Values, fills: Values = {}): State {
  const out: State = {};
  for (const [k, v] of Object.entries(planned)) out[k] = isUnknown(v) ? null : v;
  return { ...out, ...fills };
}

