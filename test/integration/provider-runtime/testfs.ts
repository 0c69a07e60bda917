// Shared pieces of the provider-runtime integration tests: a workspace with the testfs provider and helpers
// to write its configuration.
import { createHash } from "node:crypto";
import { TerraformWorkspace, requiredProviders } from "../../support/terraform";

export function testfsWorkspace(
  prefix: string,
  mirror: "cli-config" | "cwd-plugins" = "cli-config",
): TerraformWorkspace {
  return TerraformWorkspace.create({ providers: ["testfs"], prefix: `t-runtime-${prefix}`, mirror });
}

/** main.tf: the provider block (files relative to the workspace) followed by `body`. */
export function writeMain(ws: TerraformWorkspace, body: string): void {
  ws.write(
    "main.tf",
    `${requiredProviders(["testfs"])}\nprovider "testfs" {\n  root = ${JSON.stringify(ws.dir)}\n}\n\n${body}\n`,
  );
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
