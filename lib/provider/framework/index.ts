// Public surface of the provider framework: schemas, plan modifiers, validators, diagnostics, the Resource /
// DataSource / Provider interfaces, and providerHandlers (which serves a provider under runPlugin).
export type {
  Attribute,
  AttributeOptions,
  Block,
  BlockNesting,
  NestedAttribute,
  NestedAttributes,
  NestingMode,
  PlanModifier,
  PlanModifierRequest,
  PlanModifierResponse,
  Schema,
  TypedAttribute,
  Validator,
  ValidatorRequest,
} from "./schema";
export type {
  AnySchema,
  ApplyResponse,
  CreateRequest,
  DataSource,
  DeleteRequest,
  Logger,
  ModifyPlanRequest,
  ModifyPlanResponse,
  Provider,
  ProviderContext,
  ReadRequest,
  Resource,
  ResourceContext,
  State,
  UpdateRequest,
} from "./resource";
export type { ApplyModel, Known, ModelOf, ModelPhase, PlanModel, StateModel, ValueOfType } from "./model";
export { knownOrNull } from "./model";
export { numberFromEnv } from "./env";
export { objectValue } from "./object-value";
export type { AttrPath, AttrPathStep, Diagnostic, Severity } from "./diagnostics";
export { DiagnosticError, Diagnostics, formatAttrPath, sortUniquePaths } from "./diagnostics";
export { bool, dynamic, listBlock, listOf, mapOf, nested, num, setBlock, setOf, singleBlock, str } from "./attributes";
export type { BlockOptions } from "./attributes";
export { requiresReplace, requiresReplaceIf, useStateForUnknown } from "./plan-modifiers";
export { between, custom, lengthBetween, oneOf, regex, sizeBetween } from "./validators";
export { importByAttribute, importJoinedId } from "./import-helpers";
export { providerHandlers } from "./serve";
// Re-exported so resource code needs one import for values it builds or inspects.
export { UNKNOWN, isUnknown, isWhollyKnown } from "../cty";
export type { CtyObjectValue, CtyType, CtyValue } from "../cty";
