// How the constructs fail: one call that throws the public ConstructValidationError (../errors.ts).
import type { IConstruct } from "constructs";
import { ConstructValidationError } from "../errors";

/** Throws a ConstructValidationError. */
export function fail(scope: IConstruct, kind: string, prop: string | undefined, message: string): never {
  throw new ConstructValidationError(scope, kind, prop, message);
}
