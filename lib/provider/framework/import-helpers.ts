// Common shapes of `terraform import` IDs, as ready-made importState implementations.
import type { ResourceContext, State } from "./resource";

type ImportFn = (id: string, ctx: ResourceContext<unknown>) => Promise<State>;

/** The import ID is the value of one attribute (e.g. the object's `name`); read() fills in the rest. */
export function importByAttribute(attribute: string): ImportFn {
  return async (id) => {
    if (id.trim() === "") throw new Error(`The import ID is empty: give the ${attribute} of the object to import.`);
    return { [attribute]: id };
  };
}

/**
 * The import ID joins several attributes with a separator, e.g. `importJoinedId(["pool", "name"])` accepts
 * "default/data". The first `optionalLeading` attributes may be left out (e.g. a project prefix).
 */
export function importJoinedId(
  attributes: readonly string[],
  opts: { separator?: string; optionalLeading?: number } = {},
): ImportFn {
  const sep = opts.separator ?? "/";
  const optionalLeading = opts.optionalLeading ?? 0;
  const expected = attributes.map((a) => `<${a}>`).join(sep);
  return async (id) => {
    const parts = id.split(sep);
    const min = attributes.length - optionalLeading;
    if (parts.length < min || parts.length > attributes.length || parts.some((p) => p === "")) {
      throw new Error(`Invalid import ID ${JSON.stringify(id)}: expected ${expected}.`);
    }
    const names = attributes.slice(attributes.length - parts.length);
    const state: State = {};
    names.forEach((name, i) => (state[name] = parts[i]));
    return state;
  };
}
