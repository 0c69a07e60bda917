// Node and terraform: present and new enough.
import type { CommandResult } from "../common/process";
import { fail, ok } from "./check-result";
import type { CheckResult } from "./check-result";

export const MIN_NODE_MAJOR = 20;
/** terraform_data is built in since 1.4; removed blocks and the plan JSON the tooling reads need 1.5+. */
export const MIN_TERRAFORM = [1, 5, 0] as const;

export function checkNode(version: string): CheckResult {
  const major = Number(/^v?(\d+)/.exec(version)?.[1]);
  if (!Number.isFinite(major))
    return fail("node", `cannot tell the Node version from "${version}"`, `install Node >= ${MIN_NODE_MAJOR}`);
  if (major < MIN_NODE_MAJOR) {
    return fail(
      "node",
      `Node ${version} is too old`,
      `install Node ${MIN_NODE_MAJOR} or newer (cdktf-virt needs Node >= ${MIN_NODE_MAJOR})`,
    );
  }
  return ok("node", `Node ${version.replace(/^v?/, "v")}`);
}

/** Judges the output of `terraform version -json`. */
export function checkTerraform(result: CommandResult, binary = "terraform"): CheckResult {
  const install = `install terraform >= ${MIN_TERRAFORM.join(
    ".",
  )} (https://developer.hashicorp.com/terraform/install) and put it on PATH, or set TERRAFORM_BINARY`;
  switch (result.kind) {
    case "missing":
      return fail("terraform", `"${binary}" was not found on PATH`, install);
    case "failed-to-start":
      return fail("terraform", `cannot run ${binary}: ${result.message}`, install);
    case "timeout":
      return fail(
        "terraform",
        `\`${binary} version\` did not answer in time`,
        "check that the terraform binary works: run `terraform version`",
      );
    default:
      break;
  }
  let parsed: { terraform_version?: unknown; platform?: unknown } = {};
  try {
    parsed = JSON.parse(result.stdout) as typeof parsed;
  } catch {
    // Very old terraform has no -json; the text form still names the version.
  }
  const version =
    typeof parsed.terraform_version === "string"
      ? parsed.terraform_version
      : /Terraform v(\d+\.\d+\.\d+)/.exec(result.stdout)?.[1];
  if (result.code !== 0 || version === undefined) {
    return fail(
      "terraform",
      `\`${binary} version -json\` failed: ${(result.stderr || result.stdout).trim().split("\n")[0] ?? ""}`,
      install,
    );
  }
  if (compareVersions(version, MIN_TERRAFORM) < 0) return fail("terraform", `terraform ${version} is too old`, install);
  const platform = typeof parsed.platform === "string" ? ` (${parsed.platform})` : "";
  return ok("terraform", `terraform ${version}${platform}`);
}

/** Compares "1.11.4" with [1, 5, 0]: negative, zero or positive. */
export function compareVersions(version: string, minimum: readonly number[]): number {
  const parts = version.split(/[.-]/).map((p) => Number.parseInt(p, 10));
  for (let i = 0; i < minimum.length; i++) {
    const diff = (Number.isFinite(parts[i]) ? parts[i] : 0) - minimum[i];
    if (diff !== 0) return diff;
  }
  return 0;
}
