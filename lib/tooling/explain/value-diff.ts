// Which leaves of a resource's value change between before and after, honouring Terraform's after_unknown
// ("known after apply") and sensitivity markers, and how to print paths and values for people.
import { isObject } from "../common/json";

/** One step of an attribute path: an object key, a list index, or a list element picked by its `name`. */
export type PathStep = string | number | { readonly element: string };

export interface LeafChange {
  readonly path: readonly PathStep[];
  readonly before: unknown;
  readonly after: unknown;
  /** The new value is only known after apply. */
  readonly afterUnknown: boolean;
  /** Marked sensitive: do not print the values. */
  readonly sensitive: boolean;
}

/** Deep equality where a missing key and null mean the same (Terraform's null). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === undefined || a === null) return b === undefined || b === null;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return a === b;
}

/** Element key of list items that are set blocks identified by a name (Incus devices, files). */
function elementKey(item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  if (typeof item.name === "string") return item.name;
  if (typeof item.target_path === "string") return item.target_path;
  return undefined;
}

function keyedList(items: readonly unknown[]): Map<string, number> | undefined {
  const keys = new Map<string, number>();
  for (const [index, item] of items.entries()) {
    const key = elementKey(item);
    if (key === undefined || keys.has(key)) return undefined;
    keys.set(key, index);
  }
  return keys;
}

function child(marker: unknown, step: string | number): unknown {
  if (marker === true) return true;
  if (Array.isArray(marker) && typeof step === "number") return marker[step];
  if (isObject(marker) && typeof step === "string") return marker[step];
  return undefined;
}

/**
 * The changed leaves between two values. `unknown` mirrors `after` with `true` where the value is unknown;
 * `sensitive` mirrors either side with `true` where it is sensitive (Terraform's after_unknown / *_sensitive).
 */
export function diffValues(before: unknown, after: unknown, unknown?: unknown, sensitive?: unknown): LeafChange[] {
  const out: LeafChange[] = [];
  walk(before, after, unknown, sensitive, [], out);
  return out;
}

function walk(
  before: unknown,
  after: unknown,
  unknown: unknown,
  sensitive: unknown,
  path: PathStep[],
  out: LeafChange[],
): void {
  if (unknown === true) {
    out.push({ path, before, after: undefined, afterUnknown: true, sensitive: sensitive === true });
    return;
  }
  if (sensitive === true) {
    if (!sameValue(before, after)) out.push({ path, before, after, afterUnknown: false, sensitive: true });
    return;
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys)
      walk(before[key], after[key], child(unknown, key), child(sensitive, key), [...path, key], out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const beforeKeys = keyedList(before);
    const afterKeys = keyedList(after);
    if (beforeKeys && afterKeys && (beforeKeys.size > 0 || afterKeys.size > 0)) {
      const keys = [...new Set([...beforeKeys.keys(), ...afterKeys.keys()])].sort();
      for (const key of keys) {
        const b = beforeKeys.get(key);
        const a = afterKeys.get(key);
        walk(
          b === undefined ? undefined : before[b],
          a === undefined ? undefined : after[a],
          a === undefined ? undefined : child(unknown, a),
          a === undefined ? undefined : child(sensitive, a),
          [...path, { element: key }],
          out,
        );
      }
      return;
    }
    if (before.length === after.length) {
      for (let i = 0; i < after.length; i++)
        walk(before[i], after[i], child(unknown, i), child(sensitive, i), [...path, i], out);
      return;
    }
  }
  if (!sameValue(before, after)) out.push({ path, before, after, afterUnknown: false, sensitive: false });
}

/** The value at a path (element steps pick the list item with that name). */
export function valueAt(value: unknown, path: readonly PathStep[]): unknown {
  let current = value;
  for (const step of path) {
    if (typeof step === "object")
      current = Array.isArray(current) ? current.find((item) => elementKey(item) === step.element) : undefined;
    else current = child(current, step);
    if (current === undefined) return undefined;
  }
  return current;
}

/** True when the marker tree (after_unknown / *_sensitive) is `true` at or above the path. */
export function markedAt(marker: unknown, value: unknown, path: readonly PathStep[]): boolean {
  let current = marker;
  let node = value;
  for (const step of path) {
    if (current === true) return true;
    if (typeof step === "object") {
      const index = Array.isArray(node) ? node.findIndex((item) => elementKey(item) === step.element) : -1;
      current = index < 0 ? undefined : child(current, index);
      node = index < 0 ? undefined : (node as unknown[])[index];
    } else {
      current = child(current, step);
      node = child(node, step);
    }
  }
  return current === true;
}

/** `config["user.x"]`, `device["data"].properties.source`, `disks[0].target.dev`. */
export function formatPath(path: readonly PathStep[]): string {
  let text = "";
  for (const step of path) {
    if (typeof step === "number") text += `[${step}]`;
    else if (typeof step === "object") text += `[${JSON.stringify(step.element)}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(step)) text += text === "" ? step : `.${step}`;
    else text += `[${JSON.stringify(step)}]`;
  }
  return text === "" ? "(whole value)" : text;
}

/** A value for a sentence: quoted strings, compact JSON, "(none)" for null, shortened when long. */
export function formatValue(value: unknown, maxLength = 60): string {
  if (value === undefined || value === null) return "(none)";
  const text = JSON.stringify(value);
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/** "image: "a" → "b"", with unknown and sensitive values spelled out. */
export function describeLeaf(change: LeafChange): string {
  const path = formatPath(change.path);
  if (change.sensitive) return `${path} (sensitive value changed)`;
  const absent = (v: unknown) => v === undefined || v === null;
  const compound = (v: unknown) => typeof v === "object" && v !== null;
  // Whole blocks (a device, a file) coming or going read better as added/removed than as an arrow from (none).
  if (!change.afterUnknown && absent(change.before) && compound(change.after))
    return `${path} added: ${formatValue(change.after)}`;
  if (!change.afterUnknown && absent(change.after) && compound(change.before))
    return `${path} removed (was ${formatValue(change.before)})`;
  const after = change.afterUnknown ? "(known after apply)" : formatValue(change.after);
  return `${path}: ${formatValue(change.before)} → ${after}`;
}
