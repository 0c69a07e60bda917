// Type-directed conversion of JS input into the canonical value shape the decoders produce. Encoders run it
// first, so resource code may hand in loose values (undefined for null, numbers as strings or bigints, missing
// object attributes, JS Sets and Maps) and get precise, path-carrying errors for anything that does not fit.
import { canonicalSetElements } from "./canonical";
import { describeValue, fail, within } from "./errors";
import type { CtyPath, CtyPathStep } from "./errors";
import { CtyDecimal, toCanonicalNumber } from "./numbers";
import { refineForType } from "./refinements";
import { ctyTypeEquals, describeCtyType } from "./types";
import type { CtyType } from "./types";
import { CtyDynamic, Unknown, isPlainObject, setOwn } from "./values";
import type { CtyInput, CtyObjectValue, CtyValue } from "./values";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Converts `value` to the canonical form of a value of type `type`, or throws a CtyError naming the path of the
 * first part that does not fit.
 */
export function normalizeCtyValue(value: CtyInput, type: CtyType): CtyValue {
  return conform(value, type, []);
}

/** cty strings are NFC-normalized Unicode; Terraform normalizes whatever it receives the same way. */
export function normalizeString(s: string, path: CtyPath): string {
  if (!NON_ASCII.test(s)) return s;
  if (LONE_SURROGATE.test(s)) fail(path, "string contains a lone UTF-16 surrogate, which is not valid Unicode");
  return s.normalize("NFC");
}

function conform(v: unknown, t: CtyType, path: CtyPathStep[]): CtyValue {
  if (v === null || v === undefined) return null;
  if (v instanceof Unknown) return refineForType(v, t, path);
  if (t === "dynamic") return conformDynamic(v, path);
  if (v instanceof CtyDynamic) {
    if (!ctyTypeEquals(v.type, t)) {
      fail(path, `expected ${describeCtyType(t)}, got a dynamic value of type ${describeCtyType(v.type)}`);
    }
    return conform(v.value, t, path);
  }
  const mismatch = (): never => fail(path, `expected ${describeCtyType(t)}, got ${describeValue(v)}`);
  if (typeof t === "string") {
    switch (t) {
      case "string":
        return typeof v === "string" ? normalizeString(v, path) : mismatch();
      case "bool":
        return typeof v === "boolean" ? v : mismatch();
      case "number": {
        if (typeof v !== "number" && typeof v !== "bigint" && typeof v !== "string" && !(v instanceof CtyDecimal)) {
          return mismatch();
        }
        const n = toCanonicalNumber(v);
        return n ?? fail(path, `expected number, got ${describeValue(v)}, which is not a number cty can hold`);
      }
      default:
        return fail(path, `invalid cty type ${JSON.stringify(t)}`);
    }
  }
  switch (t[0]) {
    case "list":
    case "set": {
      const source = Array.isArray(v) ? v : t[0] === "set" && v instanceof Set ? [...v] : mismatch();
      const elements = source.map((el, index) => within(path, { index }, () => conform(el, t[1], path)));
      return t[0] === "set" ? canonicalSetElements(elements, t[1]) : elements;
    }
    case "tuple": {
      if (!Array.isArray(v)) return mismatch();
      if (v.length !== t[1].length) {
        fail(path, `expected a tuple of ${t[1].length} element(s), got ${v.length} element(s)`);
      }
      return v.map((el, index) => within(path, { index }, () => conform(el, t[1][index], path)));
    }
    case "map": {
      const entries = mapEntries(v) ?? mismatch();
      const out: CtyObjectValue = {};
      for (const [key, el] of entries) {
        if (typeof key !== "string") fail(path, `map keys must be strings, got ${describeValue(key)}`);
        setOwn(
          out,
          key,
          within(path, { key }, () => conform(el, t[1], path)),
        );
      }
      return out;
    }
    case "object":
      return conformObject(v, t[1], path) ?? mismatch();
    default:
      return fail(path, `invalid cty type ${JSON.stringify(t)}`);
  }
}

function mapEntries(v: unknown): Array<[unknown, unknown]> | undefined {
  if (v instanceof Map) return [...v.entries()];
  if (isPlainObject(v)) return Object.entries(v);
  return undefined;
}

function conformObject(v: unknown, attrs: Record<string, CtyType>, path: CtyPathStep[]): CtyObjectValue | undefined {
  const entries = mapEntries(v);
  if (!entries) return undefined;
  const given = new Map(entries);
  const out: CtyObjectValue = {};
  for (const name of Object.keys(attrs)) {
    setOwn(
      out,
      name,
      within(path, { attr: name }, () => conform(given.get(name), attrs[name], path)),
    );
    given.delete(name);
  }
  for (const [name, value] of given) {
    if (value === undefined) continue; // `{ size: undefined }` is a common way to leave an attribute out
    const known = Object.keys(attrs);
    fail(
      path,
      `unexpected attribute ${JSON.stringify(String(name))}; the object type has ` +
        (known.length === 0 ? "no attributes" : `only: ${known.join(", ")}`),
    );
  }
  return out;
}

/**
 * A dynamic attribute holds null, an unknown, or a value with its type. Plain JS values get the type cty would
 * infer for them: string, bool, number, tuple for arrays and object for plain objects.
 */
function conformDynamic(v: unknown, path: CtyPathStep[]): CtyValue {
  if (v instanceof CtyDynamic) {
    if (v.type === "dynamic") return conform(v.value, "dynamic", path);
    return new CtyDynamic(v.type, conform(v.value, v.type, path));
  }
  const type = impliedType(v, path);
  return new CtyDynamic(type, conform(v, type, path));
}

/** The type cty infers for a plain JS value (null and unknowns leave it open: "dynamic"). */
export function impliedType(v: unknown, path: CtyPathStep[] = []): CtyType {
  if (v === null || v === undefined || v instanceof Unknown) return "dynamic";
  if (v instanceof CtyDynamic) return v.type;
  switch (typeof v) {
    case "string":
      return "string";
    case "boolean":
      return "bool";
    case "number":
    case "bigint":
      return "number";
    default:
      break;
  }
  if (v instanceof CtyDecimal) return "number";
  if (Array.isArray(v)) return ["tuple", v.map((el, index) => within(path, { index }, () => impliedType(el, path)))];
  const entries = mapEntries(v);
  if (entries) {
    const attrs: Record<string, CtyType> = {};
    for (const [name, el] of entries) {
      if (el === undefined) continue;
      setOwn(
        attrs,
        String(name),
        within(path, { attr: String(name) }, () => impliedType(el, path)),
      );
    }
    return ["object", attrs];
  }
  return fail(path, `cannot infer a cty type for ${describeValue(v)}; wrap it as new CtyDynamic(type, value)`);
}
