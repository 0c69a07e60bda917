// The refresh-only plans and stacks of fixtures/drift (see its README: real terraform runs against incusd and
// libvirtd, changed by hand in between).
import * as fs from "node:fs";
import * as path from "node:path";
import { parseSynthesizedStack } from "../../../../lib/tooling";
import type { RefreshPlanJson, SynthesizedStack } from "../../../../lib/tooling";
import type { TerraformJson } from "../../../support/terraform-json";
import { FIXTURES } from "./plans";

export const DRIFT_FIXTURES = path.join(FIXTURES, "drift");

export type DriftPlanName =
  "incus-clean" | "incus-changed" | "incus-instance-deleted" | "libvirt-clean" | "libvirt-changed";

/** A refresh-only plan fixture, parsed (a fresh copy: tests may edit it). */
export function driftPlan(name: DriftPlanName): RefreshPlanJson {
  return JSON.parse(fs.readFileSync(path.join(DRIFT_FIXTURES, `${name}.json`), "utf8"));
}

/** The cdk.tf.json of a fixture stack as raw JSON (to edit) … */
export function driftStackJson(stack: "drift-lab" | "drift-kvm"): TerraformJson {
  return JSON.parse(fs.readFileSync(path.join(DRIFT_FIXTURES, `${stack}.cdk.tf.json`), "utf8"));
}

/** … and parsed, optionally after an edit. */
export function driftStack(stack: "drift-lab" | "drift-kvm", edit?: (json: TerraformJson) => void): SynthesizedStack {
  const json = driftStackJson(stack);
  edit?.(json);
  return parseSynthesizedStack(json, `${stack} fixture`);
}
