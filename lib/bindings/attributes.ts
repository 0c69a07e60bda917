// Declarative attribute specs for the L1 bindings. Each binding lists the Terraform attribute names it emits and
// their shapes (generated from the provider's schema literal, so exactly the schema's names); one converter turns the
// camelCase config a binding receives into the snake_case JSON Terraform reads, and refuses a name the spec lacks.
import { Token, Tokenization } from "../framework";

/**
 * The shape of one attribute:
 * - "value": a string, number or bool (or list of them), emitted as given;
 * - "map": a map whose keys are emitted verbatim (config maps, environment, device properties);
 * - { object }: a single nested object (nested attribute or single block);
 * - { list }: a list or set of nested objects (list/set blocks, list nested attributes);
 * - { mapOf }: a map of nested objects (e.g. incus_instance.exec).
 */
export type AttributeKind =
  | "value"
  | "map"
  | { readonly object: AttributeSpec }
  | { readonly list: AttributeSpec }
  | { readonly mapOf: AttributeSpec };

/** Terraform attribute name (snake_case) → shape. */
export type AttributeSpec = { readonly [terraformName: string]: AttributeKind };

/** "contentType" → "content_type", "ipv4Address" → "ipv4_address". */
export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

/** True when `value` is (or contains at its top level) a cdktf token that is resolved only at synthesis. */
export function isToken(value: unknown): boolean {
  return value !== null && value !== undefined && Token.isUnresolved(value);
}

/**
 * Converts a camelCase config object into Terraform JSON attributes following `spec`. Undefined values are left
 * out; tokens are passed through untouched (cdktf resolves them later). An attribute missing from the spec is a
 * programming error in a binding and throws, naming the resource type and the attribute path.
 */
export function toTerraformAttributes(
  resourceType: string,
  spec: AttributeSpec,
  config: object | undefined,
  path = "",
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (config === undefined || config === null) return out;
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    const name = snakeCase(key);
    const kind = spec[name];
    if (kind === undefined) {
      throw new Error(
        `${resourceType}: attribute "${path}${name}" is not part of this binding's schema ` +
          `(known: ${Object.keys(spec).join(", ")}). Fix the binding or use addOverride().`,
      );
    }
    out[name] = convertValue(resourceType, kind, value, `${path}${name}`);
  }
  return out;
}

function convertValue(resourceType: string, kind: AttributeKind, value: unknown, path: string): unknown {
  if (value === null || kind === "value" || kind === "map" || Tokenization.isResolvable(value)) return value;
  if ("object" in kind) return toTerraformAttributes(resourceType, kind.object, value as object, `${path}.`);
  if ("list" in kind) {
    if (!Array.isArray(value) || isToken(value)) return value;
    return value.map((item, i) =>
      Tokenization.isResolvable(item) ? item : toTerraformAttributes(resourceType, kind.list, item, `${path}[${i}].`),
    );
  }
  const entries = Object.entries(value as Record<string, unknown>);
  return Object.fromEntries(
    entries.map(([key, item]) => [
      key,
      Tokenization.isResolvable(item)
        ? item
        : toTerraformAttributes(resourceType, kind.mapOf, item as object, `${path}["${key}"].`),
    ]),
  );
}

/** Every attribute path a spec declares, e.g. ["config", "device", "device.name", …], sorted. */
export function specPaths(spec: AttributeSpec, prefix = ""): string[] {
  const paths: string[] = [];
  for (const [name, kind] of Object.entries(spec)) {
    const path = `${prefix}${name}`;
    paths.push(path);
    if (typeof kind === "object") {
      const nested = "object" in kind ? kind.object : "list" in kind ? kind.list : kind.mapOf;
      paths.push(...specPaths(nested, `${path}.`));
    }
  }
  return paths.sort();
}
