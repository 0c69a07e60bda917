// Small helpers for building state values from plans.
import type { Unknown } from "../../cty";
import { isUnknown } from "../../framework";

/** `T` with its properties assignable, for a plan adjusted in place (models are read-only). */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** The value when known and not null, else `fallback`. */
export function knownOr<T, F>(value: T | Unknown | null | undefined, fallback: F): Exclude<T, Unknown> | F {
  return value === null || value === undefined || isUnknown(value) ? fallback : (value as Exclude<T, Unknown>);
}

/**
 * A state to record right after an object was created, before it could be read back: the plan with every
 * value that is not known yet replaced by null, nested ones too (Terraform accepts no unknown values in state).
 * `fills` supplies values already known, e.g. a server-chosen type. Typed as the schema's state `T`, which it
 * is but for those nulls: the read back that follows replaces it.
 */
export function provisionalState<T extends object>(planned: object, fills: Partial<T> = {}): T {
  return { ...(withoutUnknowns(planned) as object), ...fills } as T;
}

function withoutUnknowns(value: unknown): unknown {
  if (isUnknown(value)) return null;
  if (Array.isArray(value)) return value.map(withoutUnknowns);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutUnknowns(v)]));
  }
  return value;
}
