// Turning failures into messages, and the not-found rule every resource shares: a read of a vanished object
// drops it from state, a delete of a missing object is done (ignoreNotFound lives with the client's errors).
export { ignoreNotFound } from "../../../incus";

/** The message of any thrown value. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
