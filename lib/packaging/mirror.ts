// Installing the bundled providers into a Terraform filesystem mirror (unpacked layout), so `terraform init`
// finds them with no registry and no network:
//   <mirror>/<hostname>/<namespace>/<type>/<version>/<os>_<arch>/terraform-provider-<type>_v<version>
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import type { Stats } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { packageHashV1, updateLockFile } from "./lock-file";
import { packageRoot, packageVersion } from "./package-info";

export const PROVIDER_HOSTNAME = "registry.cdktf-virt.local";
export const PROVIDER_NAMESPACE = "cdktf-virt";
/** The providers shipped with the package, in the order they are installed. */
export const BUNDLED_PROVIDER_TYPES: readonly string[] = ["incus", "libvirt"];

/** Version of the bundled providers: the package version. */
export const PROVIDER_VERSION: string = packageVersion();

/** "registry.cdktf-virt.local/cdktf-virt/<type>": the `source` to put in required_providers. */
export function providerSource(type: string): string {
  return `${PROVIDER_HOSTNAME}/${PROVIDER_NAMESPACE}/${type}`;
}

/** Terraform's name for this machine's platform, e.g. "linux_amd64". */
export function terraformPlatform(platform: string = process.platform, arch: string = process.arch): string {
  const os = platform === "win32" ? "windows" : platform;
  const cpu = ({ x64: "amd64", ia32: "386", arm64: "arm64", arm: "arm" } as Record<string, string>)[arch] ?? arch;
  return `${os}_${cpu}`;
}

/** Where `npm run build` puts the bundled provider of `type`. */
export function bundledProviderPath(type: string): string {
  return join(packageRoot(), "dist", "providers", `terraform-provider-${type}.js`);
}

/** Terraform's implied local mirror directory on Unix (searched when no CLI config overrides it). */
export function defaultMirrorDir(): string {
  return join(homedir(), ".terraform.d", "plugins");
}

/** Path of a provider executable inside a mirror. */
export function mirrorExecutablePath(mirrorDir: string, type: string, version: string = PROVIDER_VERSION): string {
  return join(
    mirrorDir,
    PROVIDER_HOSTNAME,
    PROVIDER_NAMESPACE,
    type,
    version,
    terraformPlatform(),
    `terraform-provider-${type}_v${version}`,
  );
}

export interface InstalledProvider {
  readonly type: string;
  readonly source: string;
  readonly version: string;
  readonly path: string;
  /** False when identical bytes were already there. */
  readonly changed: boolean;
}

export interface InstallOptions {
  /** Provider types to install; default: every bundled provider that has been built. */
  readonly types?: readonly string[];
}

/**
 * Copies bundled providers into `mirrorDir` (idempotent: identical files are left alone). Throws, naming the
 * missing file and the fix, when a requested provider has not been built. Writes no lock file: see
 * prepareWorkingDirectory.
 */
export function installBundledProviders(mirrorDir: string, opts: InstallOptions = {}): InstalledProvider[] {
  const types = opts.types ?? BUNDLED_PROVIDER_TYPES.filter((t) => existsSync(bundledProviderPath(t)));
  if (types.length === 0) {
    throw new Error(
      `No bundled providers found in ${join(packageRoot(), "dist", "providers")}; run \`npm run build\` first.`,
    );
  }
  return types.map((type) => installOne(mirrorDir, type));
}

function installOne(mirrorDir: string, type: string): InstalledProvider {
  const source = bundledProviderPath(type);
  if (!existsSync(source)) {
    throw new Error(`The ${type} provider has not been built (${source} is missing); run \`npm run build\` first.`);
  }
  const target = mirrorExecutablePath(mirrorDir, type);
  const result = { type, source: providerSource(type), version: PROVIDER_VERSION, path: target };
  const marked = markCommonJs(dirname(target));
  const existing = statSync(target, { throwIfNoEntry: false });
  if (existing !== undefined && sameBytes(source, target, statSync(source), existing)) {
    if ((existing.mode & 0o111) === 0) chmodSync(target, 0o755);
    return { ...result, changed: marked };
  }
  mkdirSync(join(target, ".."), { recursive: true });
  // Copy then rename, so a concurrently starting terraform never sees a half-written executable.
  const partial = `${target}.${process.pid}.partial`;
  copyFileSync(source, partial);
  chmodSync(partial, 0o755);
  renameSync(partial, target);
  return { ...result, changed: true };
}

/**
 * The bundles are CommonJS files without a .js extension, and the mirror usually sits inside the user's app
 * (cdktf.out/stacks/<stack>/terraform.d/plugins): an app whose package.json says `"type": "module"` would make
 * node load them as ES modules and fail. A package.json beside the executable is the nearest one node reads.
 * Returns whether it had to be written.
 */
function markCommonJs(dir: string): boolean {
  const path = join(dir, "package.json");
  if (existsSync(path) && readFileSync(path, "utf8") === COMMONJS_PACKAGE_JSON) return false;
  mkdirSync(dir, { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, COMMONJS_PACKAGE_JSON);
  renameSync(partial, path);
  return true;
}

const COMMONJS_PACKAGE_JSON = '{ "type": "commonjs" }\n';

/**
 * Whether files `a` and `b` hold the same bytes (sizes first); false when either cannot be read. Callers that
 * have already stat'ed the files pass the stats.
 */
export function sameBytes(a: string, b: string, statA?: Stats, statB?: Stats): boolean {
  try {
    if ((statA ?? statSync(a)).size !== (statB ?? statSync(b)).size) return false;
    return readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

/**
 * Whether a Terraform CLI configuration (its text; undefined when there is none) leaves the bundled providers in
 * `mirrorDir` reachable. Without a provider_installation block Terraform searches only its implied mirrors
 * (`implied`: `mirrorDir` is one of them); with one, the block must name our hostname or a plugins mirror.
 */
export function cliConfigReachesMirror(text: string | undefined, mirrorDir: string, implied: boolean): boolean {
  if (text === undefined || !/\bprovider_installation\b/.test(text)) return implied;
  return text.includes(PROVIDER_HOSTNAME) || text.includes(mirrorDir) || /\.terraform\.d\/plugins/.test(text);
}

/**
 * A Terraform CLI configuration (for TF_CLI_CONFIG_FILE) that installs our providers from `mirrorDir` and
 * everything else as usual.
 */
export function cliConfigForMirror(mirrorDir: string): string {
  const pattern = `${PROVIDER_HOSTNAME}/*/*`;
  return [
    "provider_installation {",
    "  filesystem_mirror {",
    `    path    = ${JSON.stringify(mirrorDir)}`,
    `    include = [${JSON.stringify(pattern)}]`,
    "  }",
    "  direct {",
    `    exclude = [${JSON.stringify(pattern)}]`,
    "  }",
    "}",
    "",
  ].join("\n");
}

/**
 * Makes a Terraform working directory (e.g. a synthesized cdktf stack, `cdktf.out/stacks/<stack>`) find the
 * bundled providers with no other setup: installs them into `<dir>/terraform.d/plugins` (an implied mirror
 * Terraform searches when no CLI configuration sets provider_installation) and records their h1: hashes in
 * `<dir>/.terraform.lock.hcl` (other providers' entries are kept). The lock entries stop `cdktf deploy` from
 * running `terraform providers lock`, which only asks registries and fails for our private hostname.
 */
export function prepareWorkingDirectory(dir: string, opts: InstallOptions = {}): InstalledProvider[] {
  const installed = installBundledProviders(join(dir, "terraform.d", "plugins"), opts);
  updateLockFile(
    join(dir, ".terraform.lock.hcl"),
    installed.map((p) => ({ address: p.source, version: p.version, hashes: [packageHashV1(dirname(p.path))] })),
  );
  return installed;
}
