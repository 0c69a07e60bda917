// How the constructs fail: one call that throws the public ConstructValidationError (../model/errors.ts).
import type { IConstruct } from "constructs";
import { ConstructValidationError } from "../model/errors";

/** Throws a ConstructValidationError. */
export function fail(scope: IConstruct, kind: string, prop: string | undefined, message: string): never {
  throw new ConstructValidationError(scope, kind, prop, message);
}
