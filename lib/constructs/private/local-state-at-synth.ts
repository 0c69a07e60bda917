// At synthesis, before terraform runs: a stack whose local state file a killed terraform cut short gets
// Terraform's backup back in its place (lib/packaging/local-state.ts), so the next `cdktf deploy` refreshes and
// converges instead of refusing to start. Only the default workspace's file of a `local` backend is looked at.
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import type { IConstruct } from "constructs";
import { Annotations, Token } from "../../framework";
import type { TerraformStack } from "../../framework";
import { recoverCutLocalState } from "../../packaging";

/** Where the stack's `local` backend keeps the default workspace's state, if it has one terraform will read. */
export function localStatePath(stack: TerraformStack, stackDir: string): string | undefined {
  const backend = stack.node.tryFindChild("backend") as (IConstruct & { toTerraform?: () => unknown }) | undefined;
  const config = (backend?.toTerraform?.() as { terraform?: { backend?: { local?: { path?: unknown } } } })?.terraform
    ?.backend?.local;
  if (config === undefined) return undefined;
  const statePath = config.path ?? "terraform.tfstate";
  if (typeof statePath !== "string" || Token.isUnresolved(statePath)) return undefined;
  if (selectedWorkspace(stackDir) !== "default") return undefined;
  return path.resolve(stackDir, statePath);
}

function selectedWorkspace(stackDir: string): string {
  if (process.env.TF_WORKSPACE) return process.env.TF_WORKSPACE;
  const file = path.join(stackDir, ".terraform", "environment");
  return existsSync(file) ? readFileSync(file, "utf8").trim() || "default" : "default";
}

/** Recovers the stack's cut local state, if it has one, and says what was done in a warning on the stack. */
export function recoverLocalStateOf(stack: TerraformStack, stackDir: string): void {
  const statePath = localStatePath(stack, stackDir);
  if (statePath === undefined) return;
  const recovered = recoverCutLocalState(statePath);
  if (!recovered) return;
  const from = recovered.restoredFrom
    ? `restored Terraform's backup of the state this stack had before that run (${recovered.restoredFrom})`
    : `there was no readable backup (${statePath}.backup), so terraform starts with no state`;
  Annotations.of(stack).addWarning(
    `The local state file ${statePath} could not be read: ${recovered.problem}. A terraform killed while writing it ` +
      `leaves it cut short (Terraform rewrites it in place). cdktf-virt ${from} and kept the unreadable file as ` +
      `${recovered.keptAs}. The next deploy refreshes every object and adopts the objects the killed run created ` +
      `(they carry this stack's owner marker); resources of other providers created in that run are not in the ` +
      `restored state: check the kept file for them.`,
  );
}
