// The attribute view terraform-plugin-testing's checks read: a resource's state flattened into "a.b.0.c" keys, with
// "x.#" the length of a list or set and "x.%" the size of a map or object-valued map. Null values are absent.
export type FlatMap = Map<string, string>;

export function flatten(values: Record<string, unknown>): FlatMap {
  const out: FlatMap = new Map();
  const walk = (prefix: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      out.set(`${prefix}.#`, String(value.length));
      value.forEach((v, i) => walk(`${prefix}.${i}`, v));
    } else if (typeof value === "object") {
      const entries = Object.entries(value as Record<string, unknown>);
      // A null element of a map still counts, as in terraform-plugin-testing's flatmap.
      if (prefix) out.set(`${prefix}.%`, String(entries.length));
      for (const [k, v] of entries) walk(prefix ? `${prefix}.${k}` : k, v);
    } else {
      out.set(prefix, String(value));
    }
  };
  walk("", values);
  return out;
}

/**
 * The elements of a list, set or map attribute `key` ("device.*" → "device"; a map's "*" is any of its keys, as
 * in terraform-plugin-testing), each flattened relative to itself.
 */
export function elements(flat: FlatMap, key: string): FlatMap[] {
  const base = key.replace(/\.\*$/, "");
  const count = Number(flat.get(`${base}.#`) ?? 0);
  const ids = flat.has(`${base}.#`)
    ? Array.from({ length: count }, (_, i) => String(i))
    : [
        ...new Set(
          [...flat.keys()]
            .filter((k) => k.startsWith(`${base}.`) && k !== `${base}.%`)
            .map((k) => k.slice(base.length + 1).split(".")[0]),
        ),
      ];
  const out: FlatMap[] = [];
  for (const id of ids) {
    const prefix = `${base}.${id}`;
    const element: FlatMap = new Map();
    for (const [k, v] of flat) {
      if (k === prefix) element.set("", v);
      else if (k.startsWith(`${prefix}.`)) element.set(k.slice(prefix.length + 1), v);
    }
    out.push(element);
  }
  return out;
}
