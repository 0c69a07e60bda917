// The small value language the import plan is written in, and how it prints as TypeScript: string, number and
// boolean literals, references to other constructs' variables, enum members, arrays and object literals.

/** A reference to the variable holding another construct. */
export class Ref {
  public constructor(public readonly variable: string) {}
}

/** A piece of code printed as is (an enum member such as `VolumeLifecycle.SHARED`). */
export class Code {
  public constructor(
    public readonly code: string,
    /** The package export the code needs, e.g. "VolumeLifecycle". */
    public readonly needs?: string,
  ) {}
}

/** A prop value in the generated code. `undefined` entries of objects are left out. */
export type Value =
  string | number | boolean | undefined | Ref | Code | readonly Value[] | { readonly [key: string]: Value };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Every package export the Code values inside `value` need. */
export function neededExports(value: Value, into: Set<string>): Set<string> {
  if (value instanceof Code) {
    if (value.needs) into.add(value.needs);
  } else if (Array.isArray(value)) {
    for (const v of value as readonly Value[]) neededExports(v, into);
  } else if (value !== null && typeof value === "object" && !(value instanceof Ref)) {
    for (const v of Object.values(value as { readonly [key: string]: Value })) neededExports(v, into);
  }
  return into;
}

/** A string literal with double quotes, escaped the way JSON does (valid TypeScript). */
export function quote(text: string): string {
  return JSON.stringify(text);
}

/** An object key: bare when it is an identifier, quoted otherwise ("limits.cpu"). */
export function objectKey(key: string): string {
  return IDENTIFIER.test(key) ? key : quote(key);
}

/** Prints a value; objects and arrays that do not fit on one line are spread over several, indented. */
export function printValue(value: Value, indent: string): string {
  if (value instanceof Ref) return value.variable;
  if (value instanceof Code) return value.code;
  if (typeof value === "string") return quote(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value === undefined) return "undefined";
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = (value as readonly Value[]).map((v) => printValue(v, inner));
    const flat = `[${items.join(", ")}]`;
    if (flat.length + indent.length <= 100 && !flat.includes("\n")) return flat;
    return `[\n${items.map((i) => `${inner}${i},`).join("\n")}\n${indent}]`;
  }
  const entries = Object.entries(value as { readonly [key: string]: Value }).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return "{}";
  // `{ host }` rather than `{ host: host }` when a reference has the key's name.
  const parts = entries.map(([k, v]) =>
    v instanceof Ref && v.variable === k ? k : `${objectKey(k)}: ${printValue(v, inner)}`,
  );
  const flat = `{ ${parts.join(", ")} }`;
  if (flat.length + indent.length <= 100 && !flat.includes("\n")) return flat;
  return `{\n${parts.map((p) => `${inner}${p},`).join("\n")}\n${indent}}`;
}

/** A camelCase identifier from an object name plus a kind suffix: "db-01" + "Instance" → "db01Instance". */
export function variableName(name: string, suffix: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
  let base = words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join("");
  if (base === "" || /^[0-9]/.test(base)) base = `x${base}`;
  return `${base}${suffix}`;
}

/** A PascalCase class name from a stack name: "imported-lab" → "ImportedLabStack". */
export function className(stackName: string): string {
  const words = stackName.split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
  const base = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("") || "Imported";
  return /^[0-9]/.test(base) ? `Stack${base}` : `${base}Stack`;
}

/** Hands out names that are unique in one scope, adding "2", "3", … on collisions. */
export class UniqueNames {
  private readonly used = new Set<string>();

  public constructor(reserved: readonly string[] = []) {
    for (const r of reserved) this.used.add(r);
  }

  public take(wanted: string): string {
    let name = wanted;
    for (let n = 2; this.used.has(name); n++) name = `${wanted}${n}`;
    this.used.add(name);
    return name;
  }
}
