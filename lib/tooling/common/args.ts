// Command-line parsing on node:util parseArgs, with errors that name the option and the command.
import { parseArgs } from "node:util";
import { UsageError } from "./errors";

/** One option of a command: a boolean flag, a string value, or a repeatable string value. */
export type OptionSpec =
  | { readonly type: "boolean"; readonly short?: string }
  | { readonly type: "string"; readonly short?: string; readonly multiple?: boolean };

export interface ParsedArgs {
  readonly positionals: string[];
  readonly flags: { readonly [name: string]: boolean };
  readonly values: { readonly [name: string]: string | undefined };
  readonly lists: { readonly [name: string]: string[] };
}

/** Parses argv strictly: an unknown option or a missing value is a UsageError naming it. */
export function parseCommandArgs(
  command: string,
  argv: readonly string[],
  options: { readonly [name: string]: OptionSpec },
  maxPositionals: number,
): ParsedArgs {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], options: options as never, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(`${command}: ${(err as Error).message.replace(/\. To specify a positional.*$/s, ".")}`);
  }
  if (parsed.positionals.length > maxPositionals) {
    const extra = parsed.positionals
      .slice(maxPositionals)
      .map((p) => `"${p}"`)
      .join(", ");
    throw new UsageError(`${command}: unexpected argument ${extra}`);
  }
  const flags: { [name: string]: boolean } = {};
  const values: { [name: string]: string | undefined } = {};
  const lists: { [name: string]: string[] } = {};
  for (const [name, spec] of Object.entries(options)) {
    const value = (parsed.values as { [name: string]: unknown })[name];
    if (spec.type === "boolean") flags[name] = value === true;
    else if (spec.multiple) lists[name] = (value as string[] | undefined) ?? [];
    else values[name] = value as string | undefined;
  }
  return { positionals: parsed.positionals, flags, values, lists };
}
