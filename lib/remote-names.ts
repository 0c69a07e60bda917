// What an Incus remote may be called, in one place for everyone who accepts a name: the IncusHost construct (at
// synth), the provider's `remote` blocks (at validate) and lib/incus' remote table (at load). A remote's name
// becomes a file name (servercerts/<name>.crt in the client configuration directory), so a name must never be able
// to leave that directory: no '/', no leading '.', nothing a shell or a path would read specially.
// Imports nothing, so every layer can use it.

/** The rule, in the words error messages use. */
export const REMOTE_NAME_DESCRIPTION = "1-63 letters, digits, '.', '_' or '-', starting with a letter or digit";

const REMOTE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

/** Why `name` cannot name a remote, or undefined when it can. */
export function remoteNameProblem(name: string): string | undefined {
  if (name.length === 0) return `the remote name is empty; use ${REMOTE_NAME_DESCRIPTION}`;
  if (!REMOTE_NAME_PATTERN.test(name))
    return `${JSON.stringify(name)} is not a valid name for a remote; use ${REMOTE_NAME_DESCRIPTION}`;
  return undefined;
}
