// `cdktf-virt provider install [--mirror DIR] [--type NAME]...`: copies the bundled providers into a Terraform
// filesystem mirror (default: Terraform's implied local mirror, ~/.terraform.d/plugins) and prints the source
// addresses to use in required_providers.
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import {
  cliConfigForMirror,
  cliConfigReachesMirror,
  defaultMirrorDir,
  installBundledProviders,
  prepareWorkingDirectory,
} from "../packaging";
import { UsageError } from "../tooling/common/errors";
import type { ToolIO } from "../tooling/common/io";

export const PROVIDER_INSTALL_USAGE = `Usage: cdktf-virt provider install [--mirror DIR] [--type NAME]...

Installs the providers bundled with cdktf-virt into a Terraform filesystem mirror, so \`terraform init\`
finds them without a registry or network.

Options:
  --mirror DIR   mirror directory (default: ~/.terraform.d/plugins, which Terraform searches by itself)
  --type NAME    install only this provider (incus, libvirt); repeatable
  -h, --help     show this help
`;

export async function providerInstall(argv: string[], io: ToolIO): Promise<number> {
  const env = io.env ?? process.env;
  let mirror: string | undefined;
  const types: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("-")) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === "-h" || arg === "--help") {
      io.stdout.write(PROVIDER_INSTALL_USAGE);
      return 0;
    } else if (arg === "--mirror") mirror = value();
    else if (arg.startsWith("--mirror=")) mirror = arg.slice("--mirror=".length);
    else if (arg === "--type") types.push(value());
    else if (arg.startsWith("--type=")) types.push(arg.slice("--type=".length));
    else throw new UsageError(`unknown argument ${JSON.stringify(arg)}`);
  }
  const dir = mirror ? resolve(io.cwd ?? process.cwd(), mirror) : defaultMirrorDir();
  const opts = types.length > 0 ? { types } : {};
  // A working directory's own terraform.d/plugins: also record the providers in its .terraform.lock.hcl.
  const inWorkingDir = basename(dir) === "plugins" && basename(dirname(dir)) === "terraform.d";
  const installed = inWorkingDir
    ? prepareWorkingDirectory(dirname(dirname(dir)), opts)
    : installBundledProviders(dir, opts);
  io.stdout.write(`Installed into ${dir}:\n`);
  for (const p of installed) {
    io.stdout.write(`  ${p.source} ${p.version}${p.changed ? "" : " (already up to date)"}\n`);
  }
  io.stdout.write("\nUse them in a configuration:\n  terraform {\n    required_providers {\n");
  for (const p of installed) {
    io.stdout.write(`      ${p.type} = { source = "${p.source}", version = "${p.version}" }\n`);
  }
  io.stdout.write("    }\n  }\n");
  const hint = mirrorHint(dir, mirror !== undefined, env);
  if (hint) io.stderr.write(`\n${hint}\n`);
  return 0;
}

/**
 * Terraform searches the implied mirror only when no CLI configuration sets provider_installation; a custom
 * --mirror always needs one. Says what to add, when the configuration does not already reach the mirror.
 */
function mirrorHint(dir: string, custom: boolean, env: NodeJS.ProcessEnv): string | undefined {
  const configFile = env.TF_CLI_CONFIG_FILE || join(env.HOME || homedir(), ".terraformrc");
  const text = existsSync(configFile) ? readFileSync(configFile, "utf8") : undefined;
  if (cliConfigReachesMirror(text, dir, !custom)) return undefined;
  const snippet = cliConfigForMirror(dir).trimEnd();
  if (custom) {
    return `Terraform does not search ${dir} by itself: add this to your CLI configuration (${configFile}):\n${snippet}`;
  }
  return `${configFile} has a provider_installation block, so Terraform ignores its implied mirror; add:\n${snippet}`;
}
