// The error the constructs throw: what was wrong, where (construct kind and path, and the prop), what to do.
// The constructs throw it through `fail` (private/errors.ts).
import type { IConstruct } from "constructs";

/** A construct was given props or couplings that cannot work. Always names the construct path. */
export class ConstructValidationError extends Error {
  /** Path of the construct at fault, e.g. "homelab/db". */
  public readonly constructPath: string;
  /** The prop at fault, when one is. */
  public readonly prop?: string;

  public constructor(scope: IConstruct, kind: string, prop: string | undefined, message: string) {
    super(formatProblem(scope, kind, prop, message));
    this.name = "ConstructValidationError";
    this.constructPath = scope.node.path;
    this.prop = prop;
  }
}

/** @internal `Volume "homelab/scratch", prop "size": <message>` (also what validations report). */
export function formatProblem(scope: IConstruct, kind: string, prop: string | undefined, message: string): string {
  const where = `${kind} "${scope.node.path}"`;
  return prop === undefined ? `${where}: ${message}` : `${where}, prop "${prop}": ${message}`;
}
