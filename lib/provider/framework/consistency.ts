// Checks of Terraform's contracts on provider results, done before Terraform does them, so that a broken
// resource produces a clear message naming the resource and attribute instead of Terraform's generic
// "Provider produced inconsistent result":
// - a plan must keep every configured value of a non-computed attribute;
// - the state after apply must agree with every known planned value.
// Values in the messages are redacted by the schema: a sensitive attribute shows as "(sensitive value)".
import { ctyEqual, isUnknown, isWhollyKnown } from "../cty";
import type { CtyObjectValue, CtyType, CtyValue } from "../cty";
import type { AttrPath } from "./diagnostics";
import { formatAttrPath } from "./diagnostics";
import { objectValue } from "./object-value";
import { redactAt } from "./redact";
import type { ObjectSchema } from "./schema-type";
import { attributeMode, attributeType, objectType } from "./schema-type";

export interface Inconsistency {
  readonly path: AttrPath;
  readonly message: string;
}

export function describeInconsistencies(list: readonly Inconsistency[]): string {
  return list.map((p) => `${formatAttrPath(p.path)}: ${p.message}`).join("; ");
}

/** Planned values that differ from the configuration where Terraform requires them to be equal. */
export function checkPlanAgainstConfig(
  schema: ObjectSchema,
  config: CtyObjectValue,
  planned: CtyObjectValue,
): Inconsistency[] {
  const out: Inconsistency[] = [];
  for (const [name, attr] of Object.entries(schema.attributes)) {
    const c = config[name] ?? null;
    const p = planned[name] ?? null;
    const mode = attributeMode(attr);
    if (mode.computed && c === null) continue; // the provider may choose
    if (isUnknown(c)) {
      if (!isUnknown(p)) out.push({ path: [name], message: "configured value is unknown but the plan has a value" });
      continue;
    }
    if (attr.nested) continue; // inner computed values may differ; Terraform checks those itself
    if (!ctyEqual(c, p, attributeType(attr))) {
      const at = [name];
      out.push({
        path: at,
        message: `planned ${showValue(redactAt(schema, at, p))} but the configuration says ${showValue(
          redactAt(schema, at, c),
        )}`,
      });
    }
  }
  return out;
}

/**
 * Applied values that contradict known planned values. (Values still unknown after apply are the caller's check:
 * it removes them before this runs.)
 */
export function checkApplyAgainstPlan(
  schema: ObjectSchema,
  planned: CtyObjectValue,
  applied: CtyObjectValue,
): Inconsistency[] {
  const out: Inconsistency[] = [];
  const show = (path: AttrPath, v: CtyValue | undefined) => showValue(v === undefined ? v : redactAt(schema, path, v));
  compareKnown(objectType(schema), planned, applied, [], out, show);
  return out;
}

type Show = (path: AttrPath, v: CtyValue | undefined) => string;

function compareKnown(
  type: CtyType,
  planned: CtyValue,
  actual: CtyValue,
  path: AttrPath,
  out: Inconsistency[],
  show: Show,
) {
  if (isUnknown(planned)) return;
  const known = isWhollyKnown(planned);
  if (known && ctyEqual(planned, actual ?? null, type)) return;
  // Different (or partly known): report here for leaves, else descend to name the attributes that differ.
  const leaf = typeof type === "string" || planned === null || actual === null || actual === undefined;
  if (leaf || (known && (type[0] === "set" || type[0] === "map"))) {
    out.push({ path, message: `planned ${show(path, planned)}, but apply produced ${show(path, actual)}` });
    return;
  }
  const kind = type[0];
  if (kind === "object") {
    const fields = type[1] as Record<string, CtyType>;
    const [p, a] = [objectValue(planned) ?? {}, objectValue(actual) ?? {}];
    for (const [name, t] of Object.entries(fields)) {
      compareKnown(t, p[name] ?? null, a[name] ?? null, [...path, name], out, show);
    }
  } else if (kind === "list" || kind === "tuple") {
    const p = planned as CtyValue[];
    const a = actual as CtyValue[];
    if (!Array.isArray(a) || a.length !== p.length) {
      out.push({
        path,
        message: `planned ${p.length} element(s), but apply produced ${Array.isArray(a) ? a.length : show(path, a)}`,
      });
      return;
    }
    p.forEach((el, i) =>
      compareKnown(
        kind === "list" ? (type[1] as CtyType) : (type[1] as CtyType[])[i],
        el,
        a[i],
        [...path, i],
        out,
        show,
      ),
    );
  } else if (kind === "map") {
    const a = objectValue(actual) ?? {};
    for (const [k, v] of Object.entries(objectValue(planned) ?? {})) {
      compareKnown(type[1] as CtyType, v, a[k] ?? null, [...path, { key: k }], out, show);
    }
  } else if (kind === "set") {
    const p = planned as CtyValue[];
    const a = actual as CtyValue[];
    if (Array.isArray(a) && a.length < p.filter((el) => isWhollyKnown(el)).length) {
      out.push({ path, message: `planned ${p.length} element(s), but apply produced ${a.length}` });
    }
  }
}

export function findUnknownPaths(value: CtyValue, path: AttrPath): AttrPath[] {
  if (isUnknown(value)) return [path];
  if (value === null || typeof value !== "object") return [];
  if (Array.isArray(value)) return value.flatMap((el, i) => findUnknownPaths(el, [...path, i]));
  const obj = Object.getPrototypeOf(value) === Object.prototype ? objectValue(value) : null;
  if (obj === null) return isWhollyKnown(value) ? [] : [path];
  return Object.entries(obj).flatMap(([k, v]) => findUnknownPaths(v, [...path, k]));
}

function showValue(v: CtyValue | undefined): string {
  if (v === undefined) return "nothing";
  if (isUnknown(v)) return "(known after apply)";
  try {
    const text = JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x));
    return text.length > 120 ? text.slice(0, 117) + "..." : text;
  } catch {
    return String(v);
  }
}
