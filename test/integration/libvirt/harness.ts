// Shared set-up for the libvirt provider's terraform tests: a workspace with the bundled provider, HCL snippets
// in the shape of the official provider's examples, and plan inspection through `terraform show -json`.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { requiredProviders, TerraformWorkspace } from "../../support/terraform";
import { LIBVIRT_TEST_URI } from "../../support/libvirt";

export const OWNER_NS = "https://cdktf-virt.dev/xmlns/owner";

/** A workspace for the libvirt provider; guests get no grace time (they have no OS to shut down). */
export function libvirtWorkspace(prefix: string): TerraformWorkspace {
  return TerraformWorkspace.create({
    providers: ["libvirt"],
    prefix,
    env: { CDKTF_VIRT_LIBVIRT_SHUTDOWN_TIMEOUT: "0" },
  });
}

/** The terraform/provider header of every configuration. */
export function header(): string {
  return `${requiredProviders(["libvirt"])}provider "libvirt" {\n  uri = "${LIBVIRT_TEST_URI}"\n}\n`;
}

/** Inner metadata XML carrying an ownership marker, as HCL string content. */
export function ownerXml(marker: string): string {
  return `<cdktf-virt:owner xmlns:cdktf-virt=\\"${OWNER_NS}\\">${marker}</cdktf-virt:owner>`;
}

/** Creates a small qcow2 image file (virtual size `size`, e.g. "8M") in the workspace, for create.content. */
export function qcow2Image(ws: TerraformWorkspace, name: string, size: string): string {
  const dir = join(ws.root, "images");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  execFileSync("qemu-img", ["create", "-q", "-f", "qcow2", path, size]);
  return path;
}

export type PlannedAction = "create" | "update" | "delete" | "no-op" | "read";

/** `terraform plan -out=tfplan` + `show -json`: each resource address and its planned actions. */
export async function plannedActions(ws: TerraformWorkspace): Promise<Record<string, PlannedAction[]>> {
  await ws.ok(["plan", "-input=false", "-out=tfplan"]);
  const shown = await ws.ok(["show", "-json", "tfplan"]);
  const plan = JSON.parse(shown.stdout) as {
    resource_changes?: Array<{ address: string; change: { actions: PlannedAction[] } }>;
  };
  const out: Record<string, PlannedAction[]> = {};
  for (const rc of plan.resource_changes ?? []) out[rc.address] = rc.change.actions;
  return out;
}

/** Applies the plan saved by plannedActions (no second refresh and plan). */
export function applySavedPlan(ws: TerraformWorkspace) {
  return ws.ok(["apply", "-input=false", "tfplan"]);
}

/** Asserts that `terraform plan -detailed-exitcode` finds nothing to do; shows the plan otherwise. */
export async function expectEmptyPlan(ws: TerraformWorkspace): Promise<void> {
  const plan = await ws.plan();
  if (plan.code !== 0) throw new Error(`expected an empty plan, got exit code ${plan.code}:\n${plan.output}`);
}
