// The incus command-line client's name for each remote of the stack's incus provider, so the commands explain
// prints run as printed and match the ones the provider prints on apply (lib/incus/cli-command.ts): a provider
// remote name (an IncusHost's construct id) means nothing to the CLI, its address does.
import { RemoteTable } from "../../incus";
import { cliRemote } from "../../incus/cli-command";
import type { RemoteDefinition } from "../../incus";
import type { CliRemote } from "../../incus/cli-command";
import { isObject } from "../common/json";
import type { SynthesizedStack } from "./synthesized-stack";

/** The CLI remote of a provider remote name (undefined: the provider's default remote). */
export type CliRemoteLookup = (remote: string | undefined) => CliRemote;

function literal(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" && !value.includes("${") ? value : undefined;
}

/**
 * How printed commands name each remote of the stack's default incus provider: its remote blocks and default_remote
 * on top of the CLI's config.yml, as the provider merges them. A remote whose address is not known (a reference
 * resolved at apply, or no stack) keeps the provider's name.
 */
export function incusCliRemotes(
  stack: SynthesizedStack | undefined,
  env: NodeJS.ProcessEnv = process.env,
): CliRemoteLookup {
  const provider =
    stack?.providers.find((p) => p.type === "incus" && p.alias === undefined) ??
    stack?.providers.find((p) => p.type === "incus");
  const attributes = provider?.attributes ?? {};
  const blocks = Array.isArray(attributes.remote) ? attributes.remote.filter(isObject) : [];
  const remotes: RemoteDefinition[] = blocks.flatMap((b) => {
    const name = literal(b.name);
    if (name === undefined) return [];
    const address = literal(b.address);
    return [
      {
        name,
        address,
        protocol: literal(b.protocol),
        unusable: address === undefined && b.address !== undefined ? "unknown address" : undefined,
      },
    ];
  });
  const table = RemoteTable.load({
    configDir: literal(attributes.config_dir),
    remotes,
    defaultRemote: literal(attributes.default_remote),
    env,
  });
  const found = new Map<string, CliRemote>();
  return (remote) => {
    const name = table.nameOf(remote);
    let cli = found.get(name);
    if (cli === undefined) {
      try {
        cli = cliRemote(table.info(name), env);
      } catch {
        cli = { prefix: remote ? `${remote}:` : "" };
      }
      found.set(name, cli);
    }
    return cli;
  };
}
