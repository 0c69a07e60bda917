// cty types in Terraform's own JSON encoding. Schemas carry attribute types as these JSON bytes, and dynamic values
// carry their concrete type the same way, so the JS representation is simply the parsed JSON.
import { CtyError } from "./errors";

export type CtyPrimitiveType = "string" | "number" | "bool";

export type CtyType =
  | "string"
  | "number"
  | "bool"
  | "dynamic"
  | ["list", CtyType]
  | ["set", CtyType]
  | ["map", CtyType]
  | ["object", Record<string, CtyType>]
  | ["object", Record<string, CtyType>, string[] /* optional attributes */]
  | ["tuple", CtyType[]];

const PRIMITIVES: ReadonlySet<string> = new Set(["string", "number", "bool", "dynamic"]);
const COLLECTIONS: ReadonlySet<string> = new Set(["list", "set", "map"]);

const hasOwn = (obj: object, key: string): boolean => Object.prototype.hasOwnProperty.call(obj, key);

/** Parses a type from its JSON bytes or text, checking every part of it. */
export function parseCtyType(json: Uint8Array | string): CtyType {
  const text = typeof json === "string" ? json : new TextDecoder("utf-8", { fatal: false }).decode(json);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new CtyError(
      [],
      `type JSON ${JSON.stringify(text.slice(0, 80))} is not valid JSON (${(err as Error).message})`,
    );
  }
  return checkCtyType(parsed);
}

/** Checks that a JS value is a well-formed CtyType (as parsed from JSON) and returns it typed. */
export function checkCtyType(value: unknown): CtyType {
  checkType(value, "");
  return value as CtyType;
}

// `where` locates the offending part inside the type JSON, e.g. `[1]["disks"][1]`.
function checkType(t: unknown, where: string): void {
  const bad = (detail: string): never => {
    const at = where === "" ? "" : ` at ${where}`;
    throw new CtyError(
      [],
      `invalid cty type${at}: ${detail}; expected "string", "number", "bool", "dynamic", ` +
        `["list"|"set"|"map", T], ["object", {name: T}, [optional names]?] or ["tuple", [T…]]`,
    );
  };
  if (typeof t === "string") {
    if (!PRIMITIVES.has(t)) bad(`unknown primitive type ${JSON.stringify(t)}`);
    return;
  }
  if (!Array.isArray(t) || t.length < 2 || typeof t[0] !== "string") bad(`got ${JSON.stringify(t)}`);
  const arr = t as unknown[];
  const kind = arr[0] as string;
  if (COLLECTIONS.has(kind)) {
    if (arr.length !== 2) bad(`${kind} type must have exactly one element type`);
    checkType(arr[1], `${where}[1]`);
    return;
  }
  if (kind === "tuple") {
    if (arr.length !== 2 || !Array.isArray(arr[1])) bad('tuple type must be ["tuple", [element types]]');
    (arr[1] as unknown[]).forEach((el, i) => checkType(el, `${where}[1][${i}]`));
    return;
  }
  if (kind === "object") {
    const attrs = arr[1];
    if (arr.length > 3 || typeof attrs !== "object" || attrs === null || Array.isArray(attrs)) {
      bad('object type must be ["object", {attribute: type}] with an optional list of optional attributes');
    }
    for (const name of Object.keys(attrs as object)) {
      checkType((attrs as Record<string, unknown>)[name], `${where}[1][${JSON.stringify(name)}]`);
    }
    if (arr.length === 3) {
      const optional = arr[2];
      if (!Array.isArray(optional)) bad("the optional attributes of an object type must be a list of names");
      for (const name of optional as unknown[]) {
        if (typeof name !== "string" || !hasOwn(attrs as object, name)) {
          bad(`optional attribute ${JSON.stringify(name)} is not an attribute of the object type`);
        }
      }
    }
    return;
  }
  bad(`unknown type kind ${JSON.stringify(kind)}`);
}

/** Compact JSON for a type, as Terraform expects it in schemas: attribute names sorted, no whitespace. */
export function ctyTypeToJson(t: CtyType): string {
  if (typeof t === "string") return JSON.stringify(t);
  switch (t[0]) {
    case "list":
    case "set":
    case "map":
      return `[${JSON.stringify(t[0])},${ctyTypeToJson(t[1])}]`;
    case "tuple":
      return `["tuple",[${t[1].map(ctyTypeToJson).join(",")}]]`;
    case "object": {
      const names = Object.keys(t[1]).sort();
      const attrs = names.map((n) => `${JSON.stringify(n)}:${ctyTypeToJson(t[1][n])}`).join(",");
      const optional = t.length === 3 ? [...t[2]].sort() : [];
      return optional.length > 0 ? `["object",{${attrs}},${JSON.stringify(optional)}]` : `["object",{${attrs}}]`;
    }
    default:
      throw new CtyError([], `invalid cty type ${JSON.stringify(t)}`);
  }
}

/** Structural type equality (attribute order and optional-attribute order do not matter). */
export function ctyTypeEquals(a: CtyType, b: CtyType): boolean {
  if (typeof a === "string" || typeof b === "string") return a === b;
  if (a[0] !== b[0]) return false;
  switch (a[0]) {
    case "list":
    case "set":
    case "map":
      return ctyTypeEquals(a[1], b[1] as CtyType);
    case "tuple": {
      const be = b[1] as CtyType[];
      return a[1].length === be.length && a[1].every((el, i) => ctyTypeEquals(el, be[i]));
    }
    case "object": {
      const bo = b as ["object", Record<string, CtyType>, string[]?];
      const an = Object.keys(a[1]);
      if (an.length !== Object.keys(bo[1]).length) return false;
      if (!an.every((n) => hasOwn(bo[1], n) && ctyTypeEquals(a[1][n], bo[1][n]))) return false;
      const ao = new Set(a.length === 3 ? a[2] : []);
      const bOpt = new Set(bo[2] ?? []);
      return ao.size === bOpt.size && [...ao].every((n) => bOpt.has(n));
    }
    default:
      return false;
  }
}

/** A short human name for a type, for error messages ("list of string", "object", "dynamic"). */
export function describeCtyType(t: CtyType): string {
  if (typeof t === "string") return t;
  switch (t[0]) {
    case "list":
    case "set":
    case "map":
      return `${t[0]} of ${describeCtyType(t[1])}`;
    case "tuple":
      return `tuple of ${t[1].length} element(s)`;
    case "object":
      return "object";
    default:
      return JSON.stringify(t);
  }
}

/** True for list, set and map types: the types that length refinements apply to. */
export function isCollectionType(t: CtyType): t is ["list", CtyType] | ["set", CtyType] | ["map", CtyType] {
  return typeof t !== "string" && COLLECTIONS.has(t[0]);
}
