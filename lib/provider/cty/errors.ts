// Errors raised by the cty codec. Every error carries the attribute path of the value that was wrong, so the
// framework can turn it into a diagnostic that points at the attribute in the user's configuration.

/** One step of a path into a value: an object attribute, a list/set/tuple position, or a map key. */
export type CtyPathStep = { readonly attr: string } | { readonly index: number } | { readonly key: string };

export type CtyPath = readonly CtyPathStep[];

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** Formats a path the way Terraform users read it: `.device[2].properties["path"]`. */
export function formatCtyPath(path: CtyPath): string {
  let text = "";
  for (const step of path) {
    if ("attr" in step) {
      text += IDENTIFIER.test(step.attr) ? `.${step.attr}` : `[${JSON.stringify(step.attr)}]`;
    } else if ("index" in step) {
      text += `[${step.index}]`;
    } else {
      text += `[${JSON.stringify(step.key)}]`;
    }
  }
  return text;
}

/** A value that does not fit its cty type, or bytes that are not a valid encoding of it. */
export class CtyError extends Error {
  /** Where in the value the problem is (empty for the value itself). */
  readonly path: CtyPath;
  /** The problem without the path prefix. */
  readonly detail: string;

  constructor(path: CtyPath, detail: string) {
    const where = path.length === 0 ? "(root)" : formatCtyPath(path);
    super(`${where}: ${detail}`);
    this.name = "CtyError";
    this.path = [...path];
    this.detail = detail;
  }
}

/** Shorthand used by the codec internals: throw at the current (mutable) path. */
export function fail(path: CtyPath, detail: string): never {
  throw new CtyError(path, detail);
}

/**
 * Runs `run` with `step` pushed onto the codec's mutable `path`, so a fail() inside names the full path. On a
 * throw the step stays: the error has already copied the path.
 */
export function within<T>(path: CtyPathStep[], step: CtyPathStep, run: () => T): T {
  path.push(step);
  const result = run();
  path.pop();
  return result;
}

/** A short description of a JS or wire value for error messages ("number 5", "string \"abc\"", "an array"). */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  switch (typeof value) {
    case "string":
      return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case "number":
    case "boolean":
      return `${typeof value} ${String(value)}`;
    case "bigint":
      return `bigint ${value.toString()}`;
    case "object":
      break;
    default:
      return `a ${typeof value}`;
  }
  if (Array.isArray(value)) return `an array of ${value.length} element(s)`;
  if (value instanceof Uint8Array) return `binary data (${value.length} bytes)`;
  const name = (value as object).constructor?.name;
  if (name && name !== "Object") return `a ${name}`;
  return "an object";
}
