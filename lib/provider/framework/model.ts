// Typed models derived from a declarative schema, as terraform-plugin-framework's `req.Plan.Get(ctx, &model)`
// reads values into a struct: the type of each value follows from the schema's attribute type and flags, so
// resource code reads `planned.name` as a string instead of casting an `any`. Nothing happens at run time: the
// framework already hands resources every attribute (null when unset) in the schema's shape.
//
// A resource lets its schema's literal type through (`satisfies Schema` instead of `: Schema`) and names it:
// `Resource<IncusProviderData, typeof schema>`.
import { isUnknown } from "../cty";
import type { CtyNumber, CtyObjectValue, CtyType, CtyValue, Unknown } from "../cty";
import type { Schema } from "./schema";

/** The JS value of a cty type, as the framework hands it over (sets and lists are arrays); any value for `CtyType` itself. */
export type ValueOfType<T> = CtyType extends T
  ? CtyValue
  : T extends "string"
    ? string
    : T extends "number"
      ? CtyNumber
      : T extends "bool"
        ? boolean
        : T extends readonly ["list" | "set", infer E]
          ? ValueOfType<E>[]
          : T extends readonly ["map", infer E]
            ? Record<string, ValueOfType<E>>
            : T extends readonly ["object", ...unknown[]]
              ? CtyObjectValue
              : CtyValue;

/**
 * What may be unknown where: "state" (read, delete, prior state: nothing), "apply" (the plan create and update
 * get: only what the provider computes; Terraform resolves the configuration before apply) and "plan" (the
 * configuration and plan at validate, plan and provider configure: anything).
 */
export type ModelPhase = "state" | "apply" | "plan";

type AttributesOf<S> = S extends { readonly attributes: infer A } ? A : never;
type BlocksOf<S> = S extends { readonly blocks: infer B } ? B : unknown;

/** An attribute's value before `null` and `Unknown` are added. */
type KnownValue<A, P extends ModelPhase> = A extends { readonly nested: infer N }
  ? N extends { readonly nesting: infer M }
    ? M extends "single"
      ? ObjectModel<N, P>
      : M extends "map"
        ? Record<string, ObjectModel<N, P>>
        : ObjectModel<N, P>[]
    : never
  : A extends { readonly type: infer T }
    ? ValueOfType<T>
    : never;

/** Required attributes and those with a default are never null; the rest may be. */
type NullableValue<A, P extends ModelPhase> = A extends
  { readonly required: true } | { readonly default: NonNullable<unknown> }
  ? KnownValue<A, P>
  : KnownValue<A, P> | null;

/**
 * At apply, only computed values without a default may be unknown: the planner plans the default whenever the
 * configuration leaves the value null (a modifyPlan that marks such a value unknown must not type it this way).
 */
type AttributeValue<A, P extends ModelPhase> = P extends "plan"
  ? NullableValue<A, P> | Unknown
  : P extends "apply"
    ? A extends { readonly computed: true }
      ? A extends { readonly default: NonNullable<unknown> }
        ? NullableValue<A, P>
        : NullableValue<A, P> | Unknown
      : NullableValue<A, P>
    : NullableValue<A, P>;

/** list and set blocks are arrays (never null; empty when absent); a single block is its object or null. */
type BlockValue<B, P extends ModelPhase> = B extends { readonly nesting: "single" }
  ? ObjectModel<B, P> | null | (P extends "plan" ? Unknown : never)
  : ObjectModel<B, P>[] | (P extends "plan" ? Unknown : never);

type ObjectModel<S, P extends ModelPhase> = {
  readonly [K in keyof AttributesOf<S>]: AttributeValue<AttributesOf<S>[K], P>;
} & {
  readonly [K in keyof BlocksOf<S>]: BlockValue<BlocksOf<S>[K], P>;
};

/**
 * The values of schema `S` in phase `P`. A schema typed as plain `Schema` (the server, which serves every
 * resource, and code that walks values of any schema) gives `CtyObjectValue`: attribute names to cty values.
 */
export type ModelOf<S extends Schema, P extends ModelPhase = "state"> = string extends keyof S["attributes"]
  ? CtyObjectValue
  : ObjectModel<S, P>;

/** A resource's state, or a data source's result: every value known. */
export type StateModel<S extends Schema> = ModelOf<S, "state">;
/** The plan create and update apply: computed attributes may still be unknown. */
export type ApplyModel<S extends Schema> = ModelOf<S, "apply">;
/** A configuration or plan before apply: any value may be unknown. */
export type PlanModel<S extends Schema> = ModelOf<S, "plan">;

/** A model value's type without `Unknown`: what is left once a value is known. */
export type Known<T> = Exclude<T, Unknown>;

/** A model value, or null while it is not known (`UNKNOWN`, or a dynamic value whose value is unknown). */
export function knownOrNull<T>(value: T | Unknown): Known<T> | null {
  return isUnknown(value) ? null : (value as Known<T>);
}
