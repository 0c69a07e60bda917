// The framework's planning rules for PlanResourceChange, before a resource's own modifyPlan:
// - a value set in configuration is planned as configured (unknown stays unknown);
// - a null configuration value takes the attribute's default, if it has one;
// - a computed attribute left null keeps its prior state value when the object already exists (no
//   "(known after apply)" noise for values that do not change), and is unknown when the object is created;
// - plan modifiers then run per attribute; RequiresReplace modifiers yield the sorted replacement paths.
// Nested values are planned element by element: lists by index, maps by key, sets by matching each configured
// element with a prior element that has the same configured values (set-matching.ts).
import { isUnknown, UNKNOWN } from "../cty";
import type { CtyValue } from "../cty";
import type { AttrPath } from "./diagnostics";
import { sortUniquePaths } from "./diagnostics";
import type { Attribute, Block, PlanModifier, Values } from "./schema";
import type { ObjectSchema } from "./schema-type";
import { SetElementMatcher } from "./set-matching";
import { attributeMode, attributeType, blockType } from "./schema-type";

export interface PlanOutcome {
  /** Null when the resource is being destroyed. */
  readonly planned: Values | null;
  readonly requiresReplace: AttrPath[];
}

type Collection = "single" | "list" | "set" | "map";

export function planChange(schema: ObjectSchema, config: Values | null, prior: Values | null): PlanOutcome {
  if (config === null) return { planned: null, requiresReplace: [] };
  const planned = planObject(schema, config, prior);
  const replace: AttrPath[] = [];
  const root = { config, plan: planned, state: prior };
  applyModifiers(schema, config, planned, prior, [], false, root, replace);
  return { planned, requiresReplace: sortUniquePaths(replace) };
}

function planObject(schema: ObjectSchema, config: Values, prior: Values | null): Values {
  const out: Values = {};
  for (const [name, attr] of Object.entries(schema.attributes)) {
    out[name] = planAttribute(attr, config[name] ?? null, prior ? (prior[name] ?? null) : null, prior !== null);
  }
  for (const [name, block] of Object.entries(schema.blocks ?? {})) {
    const cfg = config[name] ?? null;
    const pri = prior ? (prior[name] ?? null) : null;
    if (isUnknown(cfg)) out[name] = cfg;
    else if (block.nesting === "single") out[name] = cfg === null ? null : planObject(block, cfg, asObject(pri));
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
  if (nesting === "single") return planObject(schema, cfg as Values, asObject(pri));
  if (nesting === "map") {
    const out: Values = {};
    const priorMap = asObject(pri);
    for (const [k, v] of Object.entries(cfg as Values)) {
      out[k] = isUnknown(v) ? v : planObject(schema, v, priorMap ? asObject(priorMap[k]) : null);
    }
    return out;
  }
  const elements = cfg as CtyValue[];
  const priorElements = Array.isArray(pri) ? (pri as CtyValue[]) : [];
  if (nesting === "list") {
    return elements.map((el, i) => (isUnknown(el) ? el : planObject(schema, el as Values, asObject(priorElements[i]))));
  }
  const matcher = new SetElementMatcher(schema, priorElements);
  return elements.map((el) => (isUnknown(el) ? el : planObject(schema, el as Values, matcher.match(el as Values))));
}

interface Root {
  readonly config: Values;
  readonly plan: Values;
  readonly state: Values | null;
}

/** Runs attribute and block plan modifiers depth-first, writing their planValue back into `plan`. */
function applyModifiers(
  schema: ObjectSchema,
  config: Values | null,
  plan: Values,
  prior: Values | null,
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
    applyModifiers(schema, asObject(cfgObj), plan as Values, asObject(pri), path, inSet, root, replace);
    return;
  }
  if (nesting === "map") {
    const c = asObject(cfgObj);
    const p = asObject(pri);
    for (const [k, v] of Object.entries(plan as Values)) {
      if (v === null || isUnknown(v)) continue;
      const at = inSet ? path : [...path, { key: k }];
      applyModifiers(schema, c ? asObject(c[k]) : null, v, p ? asObject(p[k]) : null, at, inSet, root, replace);
    }
    return;
  }
  const planEls = plan as CtyValue[];
  const cfgEls = Array.isArray(cfgObj) ? (cfgObj as CtyValue[]) : [];
  const priEls = Array.isArray(pri) ? (pri as CtyValue[]) : [];
  const matcher = nesting === "set" ? new SetElementMatcher(schema, priEls) : null;
  planEls.forEach((el, i) => {
    if (el === null || isUnknown(el)) return;
    const c = asObject(cfgEls[i]);
    const p = matcher === null ? asObject(priEls[i]) : c ? matcher.match(c) : null;
    // Terraform cannot address set elements: paths inside a set stop at the set itself.
    const at = nesting === "list" && !inSet ? [...path, i] : path;
    applyModifiers(schema, c, el as Values, p, at, inSet || nesting === "set", root, replace);
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
      { path, type, configValue, planValue: resp.planValue, stateValue, config: root.config, plan: root.plan, state: root.state },
      resp,
    );
  }
  if (resp.requiresReplace) replace.push(path);
  return resp.planValue;
}

function asObject(v: CtyValue | undefined): Values | null {
  if (v === null || v === undefined || isUnknown(v) || typeof v !== "object" || Array.isArray(v)) return null;
  return v as Values;
}
