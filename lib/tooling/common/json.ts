// Checks on parsed JSON, shared by the readers of plans and synthesized stacks.

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
