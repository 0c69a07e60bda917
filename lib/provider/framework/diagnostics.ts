// Diagnostics: how resources report problems. Terraform shows each one with its summary, detail and, when an
// attribute path is given, the configuration line of that attribute.

/**
 * A path to an attribute inside a resource's value:
 * - a string steps into an attribute (or nested block) of an object,
 * - a number steps into a list element (0-based),
 * - `{ key }` steps into a map element.
 * Example: `["device", 2, "properties", { key: "path" }]`.
 * Paths stop at set elements: Terraform has no way to name one.
 */
export type AttrPathStep = string | number | { readonly key: string };
export type AttrPath = readonly AttrPathStep[];

export type Severity = "error" | "warning";

export interface Diagnostic {
  readonly severity: Severity;
  readonly summary: string;
  readonly detail?: string;
  readonly path?: AttrPath;
}

/** Collects errors and warnings for one request. Resource code may also throw: the server turns it into an error. */
export class Diagnostics {
  private readonly list: Diagnostic[] = [];

  /** Records an error. The operation still returns what it has (e.g. a created object's state). */
  error(summary: string, detail?: string, path?: AttrPath): void {
    this.add({ severity: "error", summary, detail, path });
  }

  warning(summary: string, detail?: string, path?: AttrPath): void {
    this.add({ severity: "warning", summary, detail, path });
  }

  add(diagnostic: Diagnostic): void {
    const clean: Diagnostic = {
      severity: diagnostic.severity,
      summary: diagnostic.summary,
      ...(diagnostic.detail ? { detail: diagnostic.detail } : {}),
      ...(diagnostic.path && diagnostic.path.length > 0 ? { path: [...diagnostic.path] } : {}),
    };
    this.list.push(clean);
  }

  append(other: Diagnostics | readonly Diagnostic[]): void {
    for (const d of other instanceof Diagnostics ? other.all : other) this.add(d);
  }

  hasErrors(): boolean {
    return this.list.some((d) => d.severity === "error");
  }

  get all(): readonly Diagnostic[] {
    return this.list;
  }

  get errors(): readonly Diagnostic[] {
    return this.list.filter((d) => d.severity === "error");
  }

  get length(): number {
    return this.list.length;
  }
}

/** `.device[2].properties["path"]`: the way Terraform prints attribute paths, used in messages and logs. */
export function formatAttrPath(path: AttrPath): string {
  let out = "";
  for (const step of path) {
    if (typeof step === "string") out += `.${step}`;
    else if (typeof step === "number") out += `[${step}]`;
    else out += `[${JSON.stringify(step.key)}]`;
  }
  return out === "" ? "(resource)" : out;
}

/** Orders paths step by step (names and keys as strings, indexes numerically; shorter first on a tie). */
export function compareAttrPaths(a: AttrPath, b: AttrPath): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareSteps(a[i], b[i]);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/** Sorted, de-duplicated copy: the form Terraform expects for requires_replace. */
export function sortUniquePaths(paths: readonly AttrPath[]): AttrPath[] {
  const sorted = [...paths].sort(compareAttrPaths);
  return sorted.filter((p, i) => i === 0 || compareAttrPaths(sorted[i - 1], p) !== 0);
}

function stepRank(step: AttrPathStep): number {
  return typeof step === "string" ? 0 : typeof step === "number" ? 1 : 2;
}

function compareSteps(a: AttrPathStep, b: AttrPathStep): number {
  const ra = stepRank(a);
  const rb = stepRank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === "number" && typeof b === "number") return a - b;
  const sa = typeof a === "string" ? a : (a as { key: string }).key;
  const sb = typeof b === "string" ? b : (b as { key: string }).key;
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/**
 * An error that carries its own diagnostic, for resource code that prefers throwing:
 * `throw new DiagnosticError("Invalid size", "…", ["size"])` shows the summary and points at `size`.
 */
export class DiagnosticError extends Error {
  constructor(
    readonly summary: string,
    readonly detail?: string,
    readonly path?: AttrPath,
  ) {
    super(detail ? `${summary}: ${detail}` : summary);
    this.name = "DiagnosticError";
  }
}
