// `cdktf-virt init [DIR] [--framework cdktf|cdktn] [--package SPEC] [--name NAME] [--no-install] [--force]`:
// scaffolds an infra repository that deploys with one command (`npm run deploy`).
import { readFileSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { packageVersion } from "../../packaging";
import type { ToolIO } from "../../tooling/common/io";
import { renderCiFiles } from "./ci-files";
import { FRAMEWORK_PROFILES, minNodeText, nodeSupports } from "./frameworks";
import { INIT_USAGE, parseInitArgs } from "./options";
import { vendoredInPlace } from "./package-source";
import type { InitOptions } from "./options";
import { renderProjectFiles } from "./templates";
import type { GeneratedFile } from "./templates";
import { runNpmInstall, writeFiles } from "./writer";

export { INIT_USAGE } from "./options";
export type { InitOptions } from "./options";

export interface InitDependencies {
  /** The Node version the default framework is chosen for. @default process.version */
  readonly nodeVersion?: string;
  /** The npm executable. @default "npm" */
  readonly npm?: string;
}

/** Every file of the new repository, in the order they are written. */
export function renderRepository(
  options: Pick<InitOptions, "framework" | "stackName" | "packageSpec" | "vendoredPackage" | "dir">,
): GeneratedFile[] {
  const profile = FRAMEWORK_PROFILES[options.framework];
  const vendored = options.vendoredPackage;
  const copy =
    vendored && !vendoredInPlace({ spec: options.packageSpec, vendored }, options.dir)
      ? [{ path: vendored.path, content: readFileSync(vendored.from) }]
      : [];
  return [
    ...renderProjectFiles({ profile, stackName: options.stackName, packageSpec: options.packageSpec }),
    ...renderCiFiles(profile, options.stackName),
    ...copy,
  ];
}

export async function init(argv: string[], io: ToolIO, deps: InitDependencies = {}): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const nodeVersion = deps.nodeVersion ?? process.version;
  const options = parseInitArgs(argv, { cwd, nodeVersion, packageVersion: packageVersion() });
  if (!options) {
    io.stdout.write(INIT_USAGE);
    return 0;
  }
  const profile = FRAMEWORK_PROFILES[options.framework];
  if (options.frameworkReason) io.stdout.write(`${options.frameworkReason}\n`);
  else if (!nodeSupports(profile, nodeVersion)) {
    io.stderr.write(
      `warning: ${profile.cli.name} needs Node >= ${minNodeText(
        profile,
      )}; this is Node ${nodeVersion}, so its commands will not run here\n`,
    );
  }
  const linkedDir = directoryOf(options.packageSpec, options.dir);
  if (linkedDir) {
    io.stderr.write(
      `warning: --package ${linkedDir} is a directory: npm links it, and cdktf-virt would then load ${profile.library.name} ` +
        `from ${linkedDir}/node_modules instead of the app's copy (synth fails). Pass a tarball made by \`npm pack\` instead.\n`,
    );
  }

  const written = writeFiles(options.dir, renderRepository(options), options.force);
  const inside = relative(cwd, options.dir);
  const shown =
    inside === "" ? "." : inside === ".." || inside.startsWith("../") || isAbsolute(inside) ? options.dir : inside;
  io.stdout.write(
    `Wrote ${written.join(", ")} in ${shown} (stack "${options.stackName}", ${profile.name}, cdktf-virt ${
      options.packageSpec
    })\n`,
  );
  if (options.vendoredPackage) {
    io.stdout.write(
      `${options.vendoredPackage.path} is a copy of ${options.vendoredPackage.from}: commit it, clones of the repository install cdktf-virt from it\n`,
    );
  }

  if (options.install) {
    io.stdout.write(`Running npm install in ${shown} …\n`);
    await runNpmInstall(options.dir, { stdout: io.stdout, stderr: io.stderr, env: io.env }, deps.npm);
  }
  const cd = shown === "." ? "" : `cd ${/[^\w./-]/.test(shown) ? JSON.stringify(shown) : shown} && `;
  io.stdout.write(
    `\nNext: ${cd}${options.install ? "" : "npm install && "}npm run deploy\n` +
      `  (needs terraform >= 1.5 and a running Incus; \`npx cdktf-virt doctor\` checks both, README.md says more)\n`,
  );
  return 0;
}

/** The directory a `file:` spec names, when it is one (npm links directories instead of copying them). */
function directoryOf(spec: string, dir: string): string | undefined {
  if (!spec.startsWith("file:")) return undefined;
  const path = resolve(dir, spec.slice("file:".length));
  try {
    return statSync(path).isDirectory() ? path : undefined;
  } catch {
    return undefined;
  }
}
