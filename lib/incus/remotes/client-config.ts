// The incus command-line client's configuration directory: config.yml (remotes and the default remote),
// client.crt / client.key (this client's identity) and servercerts/<remote>.crt (pinned server certificates).
// Read the same way the CLI lays it out, so `incus remote add` on the same machine is all a user needs.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** One remote as config.yml records it. */
export interface ConfigFileRemote {
  readonly addr: string;
  readonly protocol?: string;
  readonly authType?: string;
  readonly public?: boolean;
  readonly project?: string;
}

export interface IncusConfigFile {
  readonly defaultRemote?: string;
  readonly remotes: Readonly<Record<string, ConfigFileRemote>>;
}

/** `config_dir`, else $INCUS_CONF, else ~/.config/incus; `$VAR` and `~` are expanded. */
export function resolveConfigDir(configured: string | null | undefined, env: NodeJS.ProcessEnv = process.env): string {
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

/** Reads config.yml; a missing or unreadable file means "no remotes configured there" (as the official provider). */
export function loadConfigFile(configDir: string): IncusConfigFile {
  let text: string;
  try {
    text = fs.readFileSync(configDirPaths(configDir).configFile, "utf8");
  } catch {
    return { remotes: {} };
  }
  const doc = parseSimpleYaml(text);
  const remotes: Record<string, ConfigFileRemote> = {};
  const rawRemotes = doc.remotes;
  if (rawRemotes && typeof rawRemotes === "object") {
    for (const [name, value] of Object.entries(rawRemotes)) {
      if (!value || typeof value !== "object") continue;
      const r = value as Record<string, unknown>;
      if (typeof r.addr !== "string") continue;
      remotes[name] = {
        addr: r.addr,
        protocol: typeof r.protocol === "string" ? r.protocol : undefined,
        authType: typeof r.auth_type === "string" ? r.auth_type : undefined,
        public: r.public === true || r.public === "true",
        project: typeof r.project === "string" ? r.project : undefined,
      };
    }
  }
  const defaultRemote = typeof doc["default-remote"] === "string" ? (doc["default-remote"] as string) : undefined;
  return { defaultRemote, remotes };
}

/** A file's text, or undefined when it does not exist. */
export function readOptionalFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(`Cannot read ${file}: ${(err as Error).message}`);
  }
}

/** Writes a file, creating its directory first (mode applies to the file). */
export function writeFileWithDirs(file: string, content: string, mode: number): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o750 });
  fs.writeFileSync(file, content, { mode });
}

type YamlValue = string | boolean | YamlMap;
interface YamlMap {
  [key: string]: YamlValue;
}

/**
 * The block-mapping subset of YAML that config.yml uses: nested `key: value` maps by indentation, `{}`,
 * quoted or plain scalars, booleans and comments. Lists and flow collections other than `{}` are skipped.
 */
export function parseSimpleYaml(text: string): YamlMap {
  const root: YamlMap = {};
  const stack: { indent: number; map: YamlMap }[] = [{ indent: -1, map: root }];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = stripComment(rawLine);
    if (line.trim() === "" || line.trim() === "---") continue;
    const indent = line.length - line.trimStart().length;
    const m = /^(\s*)("(?:[^"\\]|\\.)*"|'[^']*'|[^:]+?):(?:\s+(.*))?$/.exec(line);
    if (!m) continue; // list items and anything else config.yml does not use
    while (stack.length > 1 && stack[stack.length - 1].indent >= indent) stack.pop();
    const parent = stack[stack.length - 1].map;
    const key = unquote(m[2].trim());
    const rest = (m[3] ?? "").trim();
    if (rest === "") {
      const child: YamlMap = {};
      parent[key] = child;
      stack.push({ indent, map: child });
    } else if (rest === "{}") {
      parent[key] = {};
    } else {
      parent[key] = scalar(rest);
    }
  }
  return root;
}

function stripComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i);
  }
  return line;
}

function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) return JSON.parse(text) as string;
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replace(/''/g, "'");
  return text;
}

function scalar(text: string): string | boolean {
  if (text === "true") return true;
  if (text === "false") return false;
  return unquote(text);
}
