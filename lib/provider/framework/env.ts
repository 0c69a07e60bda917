// Provider settings that come from the environment rather than the configuration (tuning knobs for test runs and
// comparisons): read once where the provider needs them, with an error that names the variable when malformed.

/** A number of 0 or more from the environment variable `name`; undefined when unset or blank. */
export function numberFromEnv(env: NodeJS.ProcessEnv, name: string, unit: string): number | undefined {
  const text = env[name];
  if (text === undefined || text.trim() === "") return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name}=${JSON.stringify(text)} is not a number of ${unit}.`);
  return value;
}
