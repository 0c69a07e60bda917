// Errors the constructs throw: what was wrong, where (construct kind and path, and the prop), what to do.
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

/** `Volume "homelab/scratch", prop "size": <message>` */
export function formatProblem(scope: IConstruct, kind: string, prop: string | undefined, message: string): string {
  const where = `${kind} "${scope.node.path}"`;
  return prop === undefined ? `${where}: ${message}` : `${where}, prop "${prop}": ${message}`;
}

/** Throws a ConstructValidationError. */
export function fail(scope: IConstruct, kind: string, prop: string | undefined, message: string): never {
  throw new ConstructValidationError(scope, kind, prop, message);
}
