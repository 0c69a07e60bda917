// `cdktf-virt init` command line: argv → the options the templates and the writer need, every default resolved
// and every value checked here, so a bad argument is a usage error before anything touches the disk.
import { existsSync } from "node:fs";
import { basename, isAbsolute, resolve } from "node:path";
import { UsageError } from "../../tooling/common/errors";
import { INIT_FRAMEWORKS, defaultFramework } from "./frameworks";
import type { InitFramework } from "./frameworks";
import { packageDependency } from "./package-source";
import type { PackageDependency } from "./package-source";

export const INIT_USAGE = `Usage: cdktf-virt init [DIR] [options]

Creates an infra repository in DIR (default: the current directory): a starter stack for the local Incus host,
package.json with synth / plan / deploy / destroy / explain scripts, tsconfig.json, cdktf.json, .gitignore,
a README and a GitOps pipeline under ci/. Then runs \`npm install\` there, after which \`npm run deploy\` deploys it.

Options:
  --framework NAME   cdktf (HashiCorp CDK for Terraform) or cdktn (CDK Terrain)
                     (default: cdktn when Node >= 22.19, which cdktn-cli needs; cdktf otherwise)
  --package SPEC     npm spec of the cdktf-virt dependency: a range, or a tarball or directory path
                     (a tarball is copied into vendor/ and named relatively, so clones find it)
                     (default: ^<this cdktf-virt's version>)
  --name NAME        stack name; host object names start with it (default: derived from DIR's name)
  --no-install       write the files only; run \`npm install\` yourself
  --force            overwrite files that already exist (nothing is ever deleted)
  -h, --help         show this help
`;

/** Stack names: safe as a directory (cdktf.out/stacks/NAME), an npm package name and an Incus name prefix. */
export const STACK_NAME_RULE =
  "lower-case letters, digits and hyphens, starting with a letter, not ending with a hyphen, at most 40 characters";
const STACK_NAME_PATTERN = /^[a-z](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
const STACK_NAME_MAX = 40;
const FALLBACK_STACK_NAME = "infra";

export interface InitOptions {
  /** Absolute directory the repository is written into. */
  readonly dir: string;
  readonly framework: InitFramework;
  /** One line saying which framework was picked by default and why; undefined when --framework was given. */
  readonly frameworkReason?: string;
  /** The dependency spec written into package.json for cdktf-virt (a path is relative to `dir`). */
  readonly packageSpec: string;
  /** A --package tarball copied into the repository (vendor/), so that clones find it. */
  readonly vendoredPackage?: PackageDependency["vendored"];
  readonly stackName: string;
  readonly install: boolean;
  readonly force: boolean;
}

export interface InitContext {
  /** Where relative paths start. */
  readonly cwd: string;
  /** The running Node (process.version): decides the default framework. */
  readonly nodeVersion: string;
  /** This package's version: the default --package is ^version. */
  readonly packageVersion: string;
}

/** Parses argv; undefined means --help was asked for. Throws UsageError for bad arguments. */
export function parseInitArgs(argv: readonly string[], context: InitContext): InitOptions | undefined {
  let dirArg: string | undefined;
  let framework: string | undefined;
  let packageArg: string | undefined;
  let name: string | undefined;
  let install = true;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string => {
      if (eq > 0) return arg.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined || v.startsWith("-")) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === "-h" || flag === "--help") return undefined;
    else if (flag === "--framework") framework = value();
    else if (flag === "--package") packageArg = value();
    else if (flag === "--name") name = value();
    else if (flag === "--no-install" && eq < 0) install = false;
    else if (flag === "--force" && eq < 0) force = true;
    else if (!arg.startsWith("-") && dirArg === undefined) dirArg = arg;
    else if (!arg.startsWith("-"))
      throw new UsageError(`one directory only: got ${JSON.stringify(dirArg)} and ${JSON.stringify(arg)}`);
    else throw new UsageError(`unknown option ${JSON.stringify(arg)}`);
  }

  const dir = resolve(context.cwd, dirArg ?? ".");
  let chosen: InitFramework;
  let frameworkReason: string | undefined;
  if (framework === undefined) {
    ({ framework: chosen, reason: frameworkReason } = defaultFramework(context.nodeVersion));
  } else if ((INIT_FRAMEWORKS as readonly string[]).includes(framework)) {
    chosen = framework as InitFramework;
  } else {
    throw new UsageError(
      `--framework ${JSON.stringify(framework)} is not a framework; use ${INIT_FRAMEWORKS.map((f) => `"${f}"`).join(
        " or ",
      )}`,
    );
  }

  let stackName: string;
  if (name === undefined) stackName = stackNameFromDirectory(dir);
  else if (STACK_NAME_PATTERN.test(name)) stackName = name;
  else throw new UsageError(`--name ${JSON.stringify(name)} is not a valid stack name; use ${STACK_NAME_RULE}`);

  const dependency = packageDependency(
    packageArg === undefined ? `^${context.packageVersion}` : normalizePackageSpec(packageArg, context.cwd),
    dir,
  );
  return {
    dir,
    framework: chosen,
    frameworkReason,
    packageSpec: dependency.spec,
    vendoredPackage: dependency.vendored,
    stackName,
    install,
    force,
  };
}

/** A stack name made from a directory name: "My Infra_2" → "my-infra-2"; "2024" → "x-2024"; "" → "infra". */
export function stackNameFromDirectory(dir: string): string {
  let name = basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (name === "") return FALLBACK_STACK_NAME;
  if (!/^[a-z]/.test(name)) name = `x-${name}`;
  return name.slice(0, STACK_NAME_MAX).replace(/-+$/, "");
}

/**
 * The spec with paths resolved: a path (absolute, ./ or ../, a .tgz, or anything that exists on disk) becomes
 * `file:<absolute path>` (a relative `file:` path too: it is relative to where init runs); ranges, tags and other
 * specs stay as they are. packageDependency then makes it relative to the new repository.
 */
export function normalizePackageSpec(spec: string, cwd: string): string {
  if (spec === "") throw new UsageError("--package needs a value");
  if (spec.startsWith("file:")) return `file:${resolve(cwd, spec.slice("file:".length))}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(spec) && !isAbsolute(spec)) return spec; // file:, npm:, github:, https:, …
  const looksLikePath =
    isAbsolute(spec) ||
    spec.startsWith("./") ||
    spec.startsWith("../") ||
    /\.(tgz|tar\.gz)$/.test(spec) ||
    existsSync(resolve(cwd, spec));
  return looksLikePath ? `file:${resolve(cwd, spec)}` : spec;
}
