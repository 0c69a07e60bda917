// Deploying what `cdktf-virt import` wrote, as a user's `cdktf deploy` does: the generated TypeScript run through
// esbuild (no compile step) to synthesize, then the real terraform in the stack's directory with no CLI
// configuration, so the stack's own provider set-up is what is used.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { terraformBinary } from "../../../support/terraform";

const NODE_MODULES = join(__dirname, "..", "..", "..", "..", "node_modules");

/** A finished command: its exit code and everything it printed. */
export interface Ran {
  code: number;
  out: string;
}

/** Runs `app`'s main.ts (the generated files) and returns the directory of the synthesized stack `stackName`. */
export function synthImported(app: string, stackName = "imported"): string {
  writeFileSync(
    join(app, "ts-hook.js"),
    `const fs = require("fs");\nconst { transformSync } = require(${JSON.stringify(join(NODE_MODULES, "esbuild"))});\n` +
      `require.extensions[".ts"] = (m, f) => m._compile(transformSync(fs.readFileSync(f, "utf8"), { loader: "ts", format: "cjs", target: "node20", sourcefile: f }).code, f);\n`,
  );
  const r = spawnSync(process.execPath, ["-r", "./ts-hook.js", "main.ts"], {
    cwd: app,
    env: { ...process.env, NODE_PATH: NODE_MODULES },
    encoding: "utf8",
    timeout: 180_000,
  });
  if (r.status !== 0)
    throw new Error(`synthesizing the imported stack exited with ${r.status}:\n${r.stdout}${r.stderr}`);
  return join(app, "cdktf.out", "stacks", stackName);
}

/**
 * Terraform in `stackDir` with a HOME of its own under `scratch`; throws with the output on an exit code outside
 * `okCodes`.
 */
export function importedTerraform(
  stackDir: string,
  scratch: string,
  env: NodeJS.ProcessEnv = {},
): (args: string[], okCodes?: number[]) => Ran {
  const home = join(scratch, "home");
  mkdirSync(home, { recursive: true });
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    ...env,
    HOME: home,
    CHECKPOINT_DISABLE: "1",
    TF_IN_AUTOMATION: "1",
  };
  delete full.TF_CLI_CONFIG_FILE;
  delete full.TF_PLUGIN_CACHE_DIR;
  return (args, okCodes = [0]) => {
    const r = spawnSync(terraformBinary(), [...args, "-no-color"], {
      cwd: stackDir,
      env: full,
      encoding: "utf8",
      timeout: 240_000,
    });
    const ran = { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
    if (!okCodes.includes(ran.code))
      throw new Error(`terraform ${args.join(" ")} exited with ${ran.code}:\n${ran.out}`);
    return ran;
  };
}
