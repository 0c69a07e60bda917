// Resource references inside Terraform JSON values: "${incus_storage_volume.pgdata.name}" and the like.

/** A reference to a managed resource, e.g. { address: "incus_storage_volume.pgdata", attribute: "name" }. */
export interface ResourceReference {
  readonly address: string;
  readonly attribute?: string;
}

// Words that start a reference but never name a managed resource.
const NOT_RESOURCES = new Set(["var", "local", "data", "module", "each", "count", "self", "path", "terraform"]);
const INTERPOLATION = /\$\{([^}]*)\}/g;
const TRAVERSAL = /(?<![\w.])([a-z][a-z0-9]*_[a-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_-]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?/g;

/** Every resource reference in a string or in any string nested in arrays and objects. */
export function referencesIn(value: unknown): ResourceReference[] {
  const found: ResourceReference[] = [];
  visitStrings(value, (text) => {
    for (const interpolation of text.matchAll(INTERPOLATION)) {
      for (const match of interpolation[1].matchAll(TRAVERSAL)) {
        if (NOT_RESOURCES.has(match[1])) continue;
        found.push({ address: `${match[1]}.${match[2]}`, attribute: match[3] });
      }
    }
  });
  return found;
}

/** The addresses referenced anywhere in a value, sorted and without duplicates. */
export function referencedAddresses(value: unknown): string[] {
  return [...new Set(referencesIn(value).map((r) => r.address))].sort();
}

/** The reference when the value is exactly one "${type.name[.attribute]}" and nothing else. */
export function soleReference(value: unknown): ResourceReference | undefined {
  if (typeof value !== "string") return undefined;
  const match =
    /^\$\{\s*([a-z][a-z0-9]*_[a-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_-]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?\s*\}$/.exec(value);
  if (!match || NOT_RESOURCES.has(match[1])) return undefined;
  return { address: `${match[1]}.${match[2]}`, attribute: match[3] };
}

/** True when the value is a plain string with no interpolation in it. */
export function isLiteralString(value: unknown): value is string {
  return typeof value === "string" && !value.includes("${");
}

/** "incus_instance.db.name" or "incus_instance.db" → "incus_instance.db" (lifecycle entries may name an attribute). */
export function resourceAddressOf(reference: string): string {
  const parts = reference.split(".");
  return parts.length > 2 ? `${parts[0]}.${parts[1].replace(/\[.*$/, "")}` : reference.replace(/\[.*$/, "");
}

function visitStrings(value: unknown, visit: (text: string) => void): void {
  if (typeof value === "string") visit(value);
  else if (Array.isArray(value)) for (const item of value) visitStrings(item, visit);
  else if (typeof value === "object" && value !== null)
    for (const item of Object.values(value)) visitStrings(item, visit);
}
