// Reading one recorded key out of a config map as the readers get it: a provider's config map (strings), or the
// configuration and state values the tooling reads (where a value may also be a boolean, or missing altogether).

/** A config map as any reader holds it. */
export type RecordedConfig = { readonly [key: string]: unknown } | null | undefined;

/** The value of `key` as a string (a boolean as "true"/"false"), undefined when absent or not a scalar. */
export function recordedString(config: RecordedConfig, key: string): string | undefined {
  const value = typeof config === "object" && config !== null ? config[key] : undefined;
  return typeof value === "string" ? value : typeof value === "boolean" ? String(value) : undefined;
}
