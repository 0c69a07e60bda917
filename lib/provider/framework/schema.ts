// Declarative schemas: what a resource, data source or provider configuration looks like. Plain data, so a
// schema can be built with object literals or with the helpers in attributes.ts.
import type { CtyObjectValue, CtyType, CtyValue } from "../cty";
import type { AttrPath, Diagnostics } from "./diagnostics";

export interface Schema {
  /** Bump when the stored state shape changes; the resource's `upgradeState` then converts old states. */
  readonly version?: number;
  readonly description?: string;
  readonly deprecated?: boolean;
  readonly attributes: Readonly<Record<string, Attribute>>;
  readonly blocks?: Readonly<Record<string, Block>>;
}

/** Flags shared by every kind of attribute (what the helper constructors take). */
export interface AttributeOptions {
  readonly description?: string;
  /** Must be set in configuration. */
  readonly required?: boolean;
  /** May be set in configuration. */
  readonly optional?: boolean;
  /** Set by the provider (alone: read-only; with `optional`: the provider fills it when the user does not). */
  readonly computed?: boolean;
  /** Hidden in plan output; the provider's own messages and logs print "(sensitive value)" instead (redact.ts). */
  readonly sensitive?: boolean;
  /**
   * For a map attribute that is not sensitive as a whole: keys whose values may carry secrets (an entry ending
   * in "." is a prefix). Terraform cannot mark one map element sensitive, so this is not sent to Terraform; the
   * provider redacts these values in every diagnostic and log line it writes.
   */
  readonly secretKeys?: readonly string[];
  /** A deprecation message; Terraform warns when the attribute is used. */
  readonly deprecated?: string;
  /**
   * Planned when the configuration leaves the attribute null. An attribute with a default is sent to Terraform
   * as optional + computed (Terraform requires that for provider-set values).
   */
  readonly default?: CtyValue;
  readonly planModifiers?: readonly PlanModifier[];
  /** Run on known, non-null configuration values during validation. */
  readonly validators?: readonly Validator[];
  /** Names of sibling attributes/blocks that must not be set together with this one. */
  readonly conflictsWith?: readonly string[];
}

/** An attribute holding a value of one cty type. */
export interface TypedAttribute extends AttributeOptions {
  readonly type: CtyType;
  readonly nested?: undefined;
}

export type NestingMode = "single" | "list" | "set" | "map";

/** Nested attributes: an attribute whose value is an object (or a collection of objects) with its own schema. */
export interface NestedAttributes {
  readonly nesting: NestingMode;
  readonly attributes: Readonly<Record<string, Attribute>>;
}

export interface NestedAttribute extends AttributeOptions {
  readonly type?: undefined;
  readonly nested: NestedAttributes;
}

export type Attribute = TypedAttribute | NestedAttribute;

export type BlockNesting = "single" | "list" | "set";

/**
 * A nested block (`device { ... }`). Values: "single" → object or null; "list"/"set" → array of objects,
 * never null (an absent block is an empty array).
 */
export interface Block {
  readonly nesting: BlockNesting;
  readonly description?: string;
  readonly deprecated?: boolean;
  readonly attributes: Readonly<Record<string, Attribute>>;
  readonly blocks?: Readonly<Record<string, Block>>;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly planModifiers?: readonly PlanModifier[];
  readonly validators?: readonly Validator[];
}

/** What a plan modifier sees about one attribute (or block) while a resource is planned for create or update. */
export interface PlanModifierRequest {
  readonly path: AttrPath;
  /** The cty type of the values below (for ctyEqual). */
  readonly type: CtyType;
  /** Configuration value (may be unknown). */
  readonly configValue: CtyValue;
  /** Planned value so far (may be unknown). */
  readonly planValue: CtyValue;
  /** Prior state value; null when the resource is being created. */
  readonly stateValue: CtyValue;
  /** Whole-resource values, for modifiers that look at other attributes. */
  readonly config: CtyObjectValue;
  readonly plan: CtyObjectValue;
  /** Null when the resource is being created. */
  readonly state: CtyObjectValue | null;
}

export interface PlanModifierResponse {
  /** Starts as the request's planValue; assign to change the plan. */
  planValue: CtyValue;
  /** Set to true to plan a replacement instead of an in-place update. */
  requiresReplace: boolean;
}

/** A tiny value with a description and one method of early returns. */
export interface PlanModifier {
  readonly description: string;
  modify(req: PlanModifierRequest, resp: PlanModifierResponse): void;
}

export interface ValidatorRequest {
  readonly path: AttrPath;
  readonly type: CtyType;
  /** A known, non-null configuration value (validators are skipped for null and unknown values). */
  readonly value: CtyValue;
  /** The whole object containing the attribute (the resource config, or the nested object). */
  readonly config: CtyObjectValue;
  /** The value is (inside) a sensitive attribute: say what is wrong without printing it. */
  readonly sensitive?: boolean;
}

export interface Validator {
  readonly description: string;
  /** Report problems with `diags.error(summary, detail, req.path)`. */
  validate(req: ValidatorRequest, diags: Diagnostics): void;
}
