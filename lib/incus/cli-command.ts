// `incus` commands the provider and explain print for a person to run (restore a final copy, restore or copy a
// snapshot taken before a rebuild, delete or detach by hand). They must run as printed, so they name the remote
// the way the user's incus command-line client knows it, not the way Terraform does: the provider's remote names
// (the constructs use the IncusHost's id) mean nothing to the CLI. The CLI's remotes come from its config.yml
// ($INCUS_CONF, else ~/.config/incus) plus its built-in "local" (the unix socket, moved by INCUS_SOCKET / INCUS_DIR
// like ours); one whose address matches is used, with no prefix at all when it is the CLI's default remote. When
// none matches, the command uses a name that is free in that file and says which `incus remote add` makes it valid.
import { parseAddress, readClientConfig, resolveConfigDir, splitAddresses } from "./remotes";
import type { RemoteInfo } from "./remotes";

/** How printed commands address one remote. */
export interface CliRemote {
  /** "" (the CLI's default remote) or "<name>:". */
  readonly prefix: string;
  /** Set when the CLI has no remote at this address: the command that adds one, to run first. */
  readonly addRemote?: string;
}

function normalized(address: string, env: NodeJS.ProcessEnv): string | undefined {
  try {
    return parseAddress(address, env).normalized;
  } catch {
    return undefined;
  }
}

/** The CLI's name for the remote `info` describes, read from the CLI's configuration in `env`. */
export function cliRemote(info: Pick<RemoteInfo, "name" | "address">, env: NodeJS.ProcessEnv = process.env): CliRemote {
  const target = normalized(info.address, env) ?? info.address;
  const config = readClientConfig(resolveConfigDir(undefined, env));
  const known: Record<string, string> = { local: "unix://" }; // the CLI's built-in remote; config.yml may redefine it
  for (const [name, remote] of Object.entries(config.remotes)) {
    if ((remote.protocol ?? "incus") === "incus") known[name] = splitAddresses(remote.addr)[0] ?? "";
    else delete known[name];
  }
  const matching = Object.keys(known)
    .filter((name) => normalized(known[name], env) === target)
    .sort();
  const defaultRemote = config.defaultRemote || "local";
  if (matching.includes(defaultRemote)) return { prefix: "" };
  if (matching.length > 0) return { prefix: `${matching[0]}:` };
  let name = info.name;
  for (let n = 2; name in known || name in config.remotes; n++) name = `${info.name}-${n}`;
  return { prefix: `${name}:`, addRemote: `incus remote add ${shellWord(name)} ${shellWord(target)}` };
}

/** A word as a POSIX shell reads it back unchanged (quoted only when it has to be). */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** `[<remote>:]<pool>/<volume>[/<snapshot>]` as `incus storage volume copy` takes it. */
export function cliVolumeRef(remote: CliRemote, pool: string, volume: string, snapshot?: string): string {
  return shellWord(`${remote.prefix}${pool}/${volume}${snapshot === undefined ? "" : `/${snapshot}`}`);
}

/** An `incus` command line: the words (already shell words), then `--project <p>` outside the default project. */
export function incusCommand(words: readonly string[], project?: string | null): string {
  const flag = project && project !== "default" ? ` --project ${shellWord(project)}` : "";
  return `incus ${words.join(" ")}${flag}`;
}

/** `incus storage volume copy` of one volume (or snapshot) of a pool to another name in the same pool. */
export function volumeCopyCommand(
  remote: CliRemote,
  pool: string,
  from: string,
  to: string,
  project?: string | null,
): string {
  return incusCommand(
    ["storage", "volume", "copy", cliVolumeRef(remote, pool, from), cliVolumeRef(remote, pool, to)],
    project,
  );
}

/**
 * Commands as a warning's detail shows them: one per line, indented, after the `incus remote add` that makes them
 * valid when the CLI does not know the remote yet.
 */
export function printedCommands(remote: CliRemote, commands: readonly string[]): string {
  const lines = remote.addRemote ? [remote.addRemote, ...commands] : [...commands];
  const intro = remote.addRemote
    ? "(your incus client has no remote at this address yet: the first command adds it)\n"
    : "";
  return `${intro}${lines.map((l) => `  ${l}`).join("\n")}`;
}
