// virsh's human-readable *-info commands print "Key:   value" lines. Only a few fields are needed from them
// (state, persistence, autostart); everything else comes from the XML.

/** Parses "Key:   value" lines into a map keyed by the lower-cased key. */
export function parseInfoLines(output: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of output.split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return fields;
}

/** Reads a yes/no field; undefined when absent (e.g. "Autostart: no autostart" on transient objects is "no"). */
export function yesNo(fields: Map<string, string>, key: string): boolean | undefined {
  const value = fields.get(key);
  if (value === undefined) return undefined;
  return value.toLowerCase().startsWith("yes");
}
