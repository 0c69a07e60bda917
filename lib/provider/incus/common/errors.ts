// Turning failures into diagnostics, and the not-found rules every resource shares: a read of a vanished
// object drops it from state, a delete of a missing object is done.
import type { AttrPath, Diagnostics } from "../../framework";
import { isNotFound } from "../../../incus";

/** The promise's value, or undefined when it failed with NOT_FOUND (other errors pass through). */
export async function ignoreNotFound<T>(promise: Promise<T>): Promise<T | undefined> {
  try {
    return await promise;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** The message of any thrown value. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

/** Records `err` as an error diagnostic: "<summary>" with the failure as detail. */
export function reportError(diagnostics: Diagnostics, summary: string, err: unknown, path?: AttrPath): void {
  diagnostics.error(summary, errorMessage(err), path);
}
