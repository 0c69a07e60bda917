// The bundled providers: built into dist/providers, and installed into Terraform's implied local mirror
// (~/.terraform.d/plugins/registry.cdktf-virt.local/…) so plain `terraform init` finds them offline. Also the
// Terraform CLI configuration, which can hide that mirror.
import * as fs from "node:fs";
import * as path from "node:path";
import { cliConfigReachesMirror, sameBytes } from "../../packaging";
import { fail, ok, warn } from "./check-result";
import type { CheckResult } from "./check-result";

export interface ProviderLayout {
  /** Provider types the package ships, e.g. ["incus", "libvirt"]. */
  readonly types: readonly string[];
  readonly version: string;
  readonly packageRoot: string;
  /** The mirror directory looked at (Terraform's implied ~/.terraform.d/plugins). */
  readonly mirrorDir: string;
  /** Where `npm run build` puts a provider. */
  builtPath(type: string): string;
  /** Where a provider of this version sits in the mirror. */
  mirrorPath(type: string): string;
}

export function checkBundledProviders(layout: ProviderLayout): CheckResult {
  const details: string[] = [];
  const problems: { severity: "warn" | "fail"; fix: string }[] = [];
  for (const type of layout.types) {
    const built = layout.builtPath(type);
    const installed = layout.mirrorPath(type);
    const builtStat = statOrUndefined(built);
    const installedStat = statOrUndefined(installed);
    if (builtStat === undefined) {
      details.push(`${type}: not built (${built} is missing)`);
      problems.push({ severity: "fail", fix: `run \`npm run build\` in ${layout.packageRoot}` });
      continue;
    }
    if (installedStat === undefined) {
      const others = otherVersions(path.dirname(path.dirname(path.dirname(installed))), layout.version);
      details.push(
        others.length > 0
          ? `${type}: version ${others.join(", ")} in ${layout.mirrorDir}, but this package is ${layout.version}`
          : `${type}: built; not installed in ${layout.mirrorDir}`,
      );
      problems.push({ severity: "warn", fix: installFix });
      continue;
    }
    if ((installedStat.mode & 0o111) === 0) {
      details.push(`${type}: ${installed} is not executable`);
      problems.push({
        severity: "fail",
        fix: `chmod 755 ${installed}, or run \`npx cdktf-virt provider install\` again`,
      });
      continue;
    }
    if (!sameBytes(built, installed, builtStat, installedStat)) {
      details.push(`${type}: the copy in the mirror differs from the build in dist/providers (an older build?)`);
      problems.push({ severity: "warn", fix: installFix });
      continue;
    }
    details.push(`${type} ${layout.version}: built and installed (${installed})`);
  }
  const fixes = [...new Set(problems.map((p) => p.fix))].join("; then ");
  if (problems.some((p) => p.severity === "fail"))
    return fail("providers", "a bundled provider is missing or unusable", fixes, details);
  if (problems.length > 0)
    return warn("providers", "bundled providers are not installed for plain terraform", fixes, details);
  return ok("providers", `bundled providers ${layout.types.join(", ")} ${layout.version} installed`, details);
}

const installFix =
  "run `npx cdktf-virt provider install` (cdktf synth also copies them next to each stack, so `cdktf deploy` works without it)";

/**
 * The Terraform CLI configuration: a TF_CLI_CONFIG_FILE that does not exist (terraform warns on every run), or a
 * provider_installation block that replaces the implied mirror without listing ours.
 */
export function checkCliConfig(env: NodeJS.ProcessEnv, home: string): CheckResult {
  const configured = env.TF_CLI_CONFIG_FILE;
  const file = configured ?? path.join(home, ".terraformrc");
  let text: string | undefined;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    text = undefined;
  }
  if (text === undefined) {
    if (configured !== undefined) {
      return warn(
        "terraform-config",
        `TF_CLI_CONFIG_FILE points at ${configured}, which cannot be read (terraform warns about it on every run)`,
        `create the file (it may be empty) or unset TF_CLI_CONFIG_FILE`,
      );
    }
    return ok("terraform-config", "no CLI configuration file: terraform uses its implied local mirrors");
  }
  if (!cliConfigReachesMirror(text, path.join(home, ".terraform.d", "plugins"), true)) {
    return warn(
      "terraform-config",
      `${file} has a provider_installation block that does not include the cdktf-virt mirror: terraform will look for the bundled providers in a registry`,
      `add \`filesystem_mirror { path = "${path.join(
        home,
        ".terraform.d",
        "plugins",
      )}" include = ["registry.cdktf-virt.local/*/*"] }\` to its provider_installation block`,
    );
  }
  return ok("terraform-config", `CLI configuration ${file} leaves the bundled providers reachable`);
}

function otherVersions(typeDir: string, current: string): string[] {
  try {
    return fs
      .readdirSync(typeDir)
      .filter((v) => v !== current)
      .sort();
  } catch {
    return [];
  }
}

function statOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}
