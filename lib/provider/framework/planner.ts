// The framework's planning rules for PlanResourceChange, before a resource's own modifyPlan:
// - a value set in configuration is planned as configured (unknown stays unknown);
// - a null configuration value takes the attribute's default, if it has one;
// - a computed attribute left null keeps its prior state value when the object already exists (no
//   "(known after apply)" noise for values that do not change), and is unknown when the object is created;
// - plan modifiers then run per attribute; RequiresReplace modifiers yield the sorted replacement paths.
// Nested values are planned element by element: lists by index, maps by key, sets by matching each configured
// element with a prior element that has the same configured values (set-matching.ts).
import { isUnknown, UNKNOWN } from "../cty";
import type { CtyObjectValue, CtyValue } from "../cty";
import type { AttrPath } from "./diagnostics";
import { sortUniquePaths } from "./diagnostics";
import { objectValue } from "./object-value";
import type { Attribute, Block, PlanModifier } from "./schema";
import type { ObjectSchema } from "./schema-type";
import { SetElementMatcher } from "./set-matching";
import { attributeMode, attributeType, blockType } from "./schema-type";

export interface PlanOutcome {
  /** Null when the resource is being destroyed. */
  readonly planned: CtyObjectValue | null;
  readonly requiresReplace: AttrPath[];
}

type Collection = "single" | "list" | "set" | "map";

export function planChange(
  schema: ObjectSchema,
  config: CtyObjectValue | null,
  prior: CtyObjectValue | null,
): PlanOutcome {
  if (config === null) return { planned: null, requiresReplace: [] };
  const planned = planObject(schema, config, prior);
  const replace: AttrPath[] = [];
  const root = { config, plan: planned, state: prior };
  applyModifiers(schema, config, planned, prior, [], false, root, replace);
  return { planned, requiresReplace: sortUniquePaths(replace) };
}

function planObject(schema: ObjectSchema, config: CtyObjectValue, prior: CtyObjectValue | null): CtyObjectValue {
  const out: CtyObjectValue = {};
  for (const [name, attr] of Object.entries(schema.attributes)) {
    out[name] = planAttribute(attr, config[name] ?? null, prior ? (prior[name] ?? null) : null, prior !== null);
  }
  for (const [name, block] of Object.entries(schema.blocks ?? {})) {
    const cfg = config[name] ?? null;
    const pri = prior ? (prior[name] ?? null) : null;
    if (isUnknown(cfg)) out[name] = cfg;
    else if (block.nesting === "single") out[name] = planSingle(block, cfg, pri);
    else out[name] = planCollection(block, block.nesting, cfg ?? [], pri);
  }
  return out;
}

function planAttribute(attr: Attribute, cfg: CtyValue, pri: CtyValue, exists: boolean): CtyValue {
  if (isUnknown(cfg)) return cfg;
  if (cfg !== null) {
    return attr.nested ? planCollection({ attributes: attr.nested.attributes }, attr.nested.nesting, cfg, pri) : cfg;
  }
  if (attr.default !== undefined) return attr.default;
  if (attributeMode(attr).computed) return exists ? pri : UNKNOWN;
  return null;
}

function planCollection(schema: ObjectSchema, nesting: Collection, cfg: CtyValue, pri: CtyValue): CtyValue {
  if (cfg === null || isUnknown(cfg)) return cfg;
  if (nesting === "single") return planSingle(schema, cfg, pri);
  if (nesting === "map") {
    const out: CtyObjectValue = {};
    const priorMap = objectValue(pri);
    for (const [k, v] of Object.entries(objectValue(cfg) ?? {}))
      out[k] = planSingle(schema, v, priorMap ? priorMap[k] : null);
    return out;
  }
  const elements = Array.isArray(cfg) ? cfg : [];
  const priorElements = Array.isArray(pri) ? pri : [];
  if (nesting === "list") return elements.map((el, i) => planSingle(schema, el, priorElements[i]));
  const matcher = new SetElementMatcher(schema, priorElements);
  return elements.map((el) => {
    const obj = objectValue(el);
    return obj === null ? el : planObject(schema, obj, matcher.match(obj));
  });
}

/** One nested object, planned against its prior object; an unknown (or null) value stays as configured. */
function planSingle(schema: ObjectSchema, cfg: CtyValue, pri: CtyValue | undefined): CtyValue {
  const obj = objectValue(cfg);
  return obj === null ? cfg : planObject(schema, obj, objectValue(pri));
}

interface Root {
  readonly config: CtyObjectValue;
  readonly plan: CtyObjectValue;
  readonly state: CtyObjectValue | null;
}

/** Runs attribute and block plan modifiers depth-first, writing their planValue back into `plan`. */
function applyModifiers(
  schema: ObjectSchema,
  config: CtyObjectValue | null,
  plan: CtyObjectValue,
  prior: CtyObjectValue | null,
  path: AttrPath,
  inSet: boolean,
  root: Root,
  replace: AttrPath[],
): void {
  const entries: [string, Attribute | Block, boolean][] = [
    ...Object.entries(schema.attributes).map(([n, a]) => [n, a, false] as [string, Attribute, boolean]),
    ...Object.entries(schema.blocks ?? {}).map(([n, b]) => [n, b, true] as [string, Block, boolean]),
  ];
  for (const [name, item, isBlock] of entries) {
    const here = inSet ? path : [...path, name];
    const type = isBlock ? blockType(item as Block) : attributeType(item as Attribute);
    const cfg = config ? (config[name] ?? null) : null;
    const pri = prior ? (prior[name] ?? null) : null;
    plan[name] = runModifiers(item.planModifiers, here, type, cfg, plan[name], pri, root, replace);
    const value = plan[name];
    if (value === null || isUnknown(value)) continue;
    const nesting: Collection | undefined = isBlock ? (item as Block).nesting : (item as Attribute).nested?.nesting;
    if (!nesting) continue;
    const inner: ObjectSchema = isBlock ? (item as Block) : { attributes: (item as Attribute).nested!.attributes };
    walkCollection(inner, nesting, cfg, value, pri, here, inSet, root, replace);
  }
}

function walkCollection(
  schema: ObjectSchema,
  nesting: Collection,
  cfg: CtyValue,
  plan: CtyValue,
  pri: CtyValue,
  path: AttrPath,
  inSet: boolean,
  root: Root,
  replace: AttrPath[],
): void {
  const cfgObj = isUnknown(cfg) ? null : cfg;
  if (nesting === "single") {
    const planned = objectValue(plan);
    if (planned) applyModifiers(schema, objectValue(cfgObj), planned, objectValue(pri), path, inSet, root, replace);
    return;
  }
  if (nesting === "map") {
    const c = objectValue(cfgObj);
    const p = objectValue(pri);
    for (const [k, v] of Object.entries(objectValue(plan) ?? {})) {
      const planned = objectValue(v);
      if (planned === null) continue;
      const at = inSet ? path : [...path, { key: k }];
      applyModifiers(
        schema,
        c ? objectValue(c[k]) : null,
        planned,
        p ? objectValue(p[k]) : null,
        at,
        inSet,
        root,
        replace,
      );
    }
    return;
  }
  const planEls = Array.isArray(plan) ? plan : [];
  const cfgEls = Array.isArray(cfgObj) ? cfgObj : [];
  const priEls = Array.isArray(pri) ? pri : [];
  const matcher = nesting === "set" ? new SetElementMatcher(schema, priEls) : null;
  planEls.forEach((el, i) => {
    const planned = objectValue(el);
    if (planned === null) return;
    const c = objectValue(cfgEls[i]);
    const p = matcher === null ? objectValue(priEls[i]) : c ? matcher.match(c) : null;
    // Terraform cannot address set elements: paths inside a set stop at the set itself.
    const at = nesting === "list" && !inSet ? [...path, i] : path;
    applyModifiers(schema, c, planned, p, at, inSet || nesting === "set", root, replace);
  });
}

function runModifiers(
  modifiers: readonly PlanModifier[] | undefined,
  path: AttrPath,
  type: ReturnType<typeof attributeType>,
  configValue: CtyValue,
  planValue: CtyValue,
  stateValue: CtyValue,
  root: Root,
  replace: AttrPath[],
): CtyValue {
  if (!modifiers || modifiers.length === 0) return planValue;
  const resp = { planValue, requiresReplace: false };
  for (const modifier of modifiers) {
    modifier.modify(
      {
        path,
        type,
        configValue,
        planValue: resp.planValue,
        stateValue,
        config: root.config,
        plan: root.plan,
        state: root.state,
      },
      resp,
    );
  }
  if (resp.requiresReplace) replace.push(path);
  return resp.planValue;
}
