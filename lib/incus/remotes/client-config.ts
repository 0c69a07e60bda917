// The incus command-line client's configuration directory: config.yml (remotes and the default remote),
// client.crt / client.key (this client's identity) and servercerts/<remote>.crt (pinned server certificates).
// Read the same way the CLI lays it out, so `incus remote add` on the same machine is all a user needs.
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { IncusError } from "../errors";

/** One remote as config.yml records it. */
export interface ClientConfigRemote {
  readonly addr: string;
  /** incus, simplestreams or oci; unset means incus. */
  readonly protocol?: string;
  readonly authType?: string;
  readonly public: boolean;
  readonly project?: string;
  /** OCI registries: the credentials helper executable (`credentials_helper`). */
  readonly credentialsHelper?: string;
}

/** What config.yml says. */
export interface ClientConfig {
  /** The file it was read from. */
  readonly file: string;
  readonly defaultRemote?: string;
  readonly remotes: Readonly<Record<string, ClientConfigRemote>>;
  /**
   * Why the file could not be used (unreadable, not YAML, not a mapping); its remotes are then empty. A missing
   * file is no problem: it only means `incus remote add` was never run.
   */
  readonly problem?: string;
}

/** The configuration directory: the given one, else $INCUS_CONF, else ~/.config/incus; `$VAR` and `~` are expanded. */
export function resolveConfigDir(configured?: string | null, env: NodeJS.ProcessEnv = process.env): string {
  const raw = configured || env.INCUS_CONF || "$HOME/.config/incus";
  const home = env.HOME || os.homedir();
  const expanded = raw
    .replace(/^~(?=$|\/)/, home)
    .replace(/\$\{(\w+)\}|\$(\w+)/g, (_m, a: string | undefined, b: string | undefined) => {
      const name = (a ?? b) as string;
      return name === "HOME" ? home : (env[name] ?? "");
    });
  return path.resolve(expanded);
}

/** Paths of the files the CLI keeps in its configuration directory. */
export function configDirPaths(configDir: string) {
  return {
    configFile: path.join(configDir, "config.yml"),
    clientCert: path.join(configDir, "client.crt"),
    clientKey: path.join(configDir, "client.key"),
    serverCert: (remote: string) => path.join(configDir, "servercerts", `${remote}.crt`),
  };
}

/** Reads config.yml. Never throws: a file that cannot be used comes back with `problem` and no remotes. */
export function readClientConfig(configDir: string): ClientConfig {
  const file = configDirPaths(configDir).configFile;
  let text: string | undefined;
  try {
    text = readOptionalFile(file);
  } catch (err) {
    return { file, remotes: {}, problem: (err as Error).message };
  }
  if (text === undefined) return { file, remotes: {} };
  let doc: unknown;
  try {
    // Loaded on first use: a provider start that never reads config.yml does not pay for the parser.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const yaml = require("yaml") as typeof import("yaml");
    // Errors are thrown; warnings are not printed (a provider's stderr is Terraform's log).
    doc = yaml.parse(text, { logLevel: "error" }) ?? {};
  } catch (err) {
    return { file, remotes: {}, problem: `${file} is not valid YAML: ${(err as Error).message.split("\n")[0]}` };
  }
  if (!isMap(doc))
    return { file, remotes: {}, problem: `${file} is not a YAML mapping (expected default-remote: and remotes:)` };
  const remotes: Record<string, ClientConfigRemote> = {};
  for (const [name, value] of Object.entries(isMap(doc.remotes) ? doc.remotes : {})) {
    if (!isMap(value) || typeof value.addr !== "string") continue;
    remotes[name] = {
      addr: value.addr,
      protocol: stringValue(value.protocol),
      authType: stringValue(value.auth_type),
      public: value.public === true || value.public === "true",
      project: stringValue(value.project),
      credentialsHelper: stringValue(value.credentials_helper),
    };
  }
  return { file, defaultRemote: stringValue(doc["default-remote"]), remotes };
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringValue(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** A file's text, or undefined when it does not exist; other failures throw with the file's name. */
export function readOptionalFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new IncusError("INVALID_OPTIONS", `Cannot read ${file}: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * Writes a file whole, with exactly `mode`, creating its directory first: the content goes to a new temporary file
 * in the same directory, which then replaces `file` by rename. A reader never sees half a file, an old file never
 * keeps its old mode, and a symlink in the file's place is replaced, never written through.
 */
export function writeFileWithDirs(file: string, content: string, mode: number): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o750 });
  const temp = temporaryPath(file);
  try {
    fs.writeFileSync(temp, content, { mode, flag: "wx" });
    fs.chmodSync(temp, mode); // the umask may have taken bits away
    fs.renameSync(temp, file);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}

/**
 * Like writeFileWithDirs, but never replaces an existing file: returns false (and writes nothing) when `file`
 * exists, e.g. because another process made it first. The temporary file is linked into place, which fails when
 * the name is taken.
 */
export function createFileExclusively(file: string, content: string, mode: number): boolean {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o750 });
  const temp = temporaryPath(file);
  try {
    fs.writeFileSync(temp, content, { mode, flag: "wx" });
    fs.chmodSync(temp, mode);
    fs.linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function temporaryPath(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
}
