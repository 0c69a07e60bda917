// The drift command line: which stack it checks (a name, a directory, the app), the terraform runs it makes (init
// once, a refresh-only plan, show -json), the exit codes (0 no drift, 2 drift, 1 error) and errors that say what to do.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { main as dispatch } from "../../../lib/cli/dispatch";
import { driftMain, ToolError } from "../../../lib/tooling";
import type { TerraformRunner } from "../../../lib/tooling";
import { memoryIO } from "./support/io";
import { driftPlan, driftStackJson } from "./support/drift-fixtures";
import type { DriftPlanName } from "./support/drift-fixtures";

type Call = { readonly args: readonly string[]; readonly cwd: string };

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "t-tooling-drift-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** An app directory with the drift-lab stack synthesized into cdktf.out/stacks (optionally a second stack). */
function appWithStacks(...names: string[]): string {
  for (const name of names.length > 0 ? names : ["drift-lab"]) {
    const stack = path.join(dir, "cdktf.out", "stacks", name);
    fs.mkdirSync(stack, { recursive: true });
    fs.writeFileSync(path.join(stack, "cdk.tf.json"), JSON.stringify(driftStackJson("drift-lab")));
  }
  return dir;
}

/** Records terraform calls; `plan -out=FILE` writes a planfile, `show -json` answers with the fixture plan. */
function fakeTerraform(plan: DriftPlanName, calls: Call[]): TerraformRunner {
  return {
    run: async (args, cwd) => {
      calls.push({ args, cwd });
      const out = args.find((a) => a.startsWith("-out="));
      if (out) fs.writeFileSync(out.slice("-out=".length), "PK\u0003\u0004 fake planfile");
      return { stdout: args[0] === "show" ? JSON.stringify(driftPlan(plan)) : "", stderr: "" };
    },
  };
}

const stackDir = () => path.join(dir, "cdktf.out", "stacks", "drift-lab");

describe("cdktf-virt drift", () => {
  test("drift found: exit 2, the report in words; terraform init, then a refresh-only plan and show -json in the stack directory", async () => {
    const calls: Call[] = [];
    const io = memoryIO({ cwd: appWithStacks() });
    expect(await driftMain([], io, { terraform: fakeTerraform("incus-changed", calls) })).toBe(2);
    expect(io.out()).toContain(
      "Drift in stack drift-lab: 3 objects changed outside the code since the last deploy (2 changed, 1 deleted).",
    );
    expect(io.out()).toContain('config key "user.x" added: "y"');
    expect(io.out()).toContain("stopped outside the code (status Running → Stopped)");
    expect(calls.map((c) => c.args[0])).toEqual(["init", "plan", "show"]);
    expect(calls.every((c) => c.cwd === stackDir())).toBe(true);
    expect(calls[1].args).toEqual(expect.arrayContaining(["-refresh-only", "-input=false", "-lock-timeout=60s"]));
    const planFile = calls[1].args.find((a) => a.startsWith("-out="))!.slice("-out=".length);
    expect(calls[2].args).toEqual(["show", "-json", "-no-color", planFile]);
    expect(fs.existsSync(planFile)).toBe(false); // the temporary planfile is gone
    expect(io.err()).toContain(`drift: terraform plan -refresh-only in ${stackDir()}`);
  });

  test("no drift: exit 0; an initialised stack directory is not initialised again", async () => {
    appWithStacks();
    fs.mkdirSync(path.join(stackDir(), ".terraform"));
    const calls: Call[] = [];
    const io = memoryIO({ cwd: dir });
    expect(await driftMain([stackDir()], io, { terraform: fakeTerraform("incus-clean", calls) })).toBe(0);
    expect(io.out()).toBe("No drift in stack drift-lab: all 5 objects are as the last deploy left them.\n");
    expect(calls.map((c) => c.args[0])).toEqual(["plan", "show"]);
  });

  test("--json: the report for machines, the exit code as in words", async () => {
    const io = memoryIO({ cwd: appWithStacks() });
    expect(
      await driftMain(["drift-lab", "--json"], io, { terraform: fakeTerraform("incus-instance-deleted", []) }),
    ).toBe(2);
    const report = JSON.parse(io.out());
    expect(report).toMatchObject({
      formatVersion: 1,
      stack: "drift-lab",
      drifted: true,
      summary: { checked: 5, changed: 1, deleted: 2 },
    });
    expect(report.findings.map((f: { address: string; action: string }) => `${f.address} ${f.action}`)).toEqual([
      "incus_instance.db deleted",
      "incus_storage_volume.data changed",
      "incus_storage_volume.spare deleted",
    ]);
  });

  test("a stack picked by name or with --stack among several", async () => {
    appWithStacks("drift-lab", "other");
    const byName: Call[] = [];
    expect(
      await driftMain(["drift-lab"], memoryIO({ cwd: dir }), { terraform: fakeTerraform("incus-clean", byName) }),
    ).toBe(0);
    expect(byName[0].cwd).toBe(stackDir());
    const byOption: Call[] = [];
    expect(
      await driftMain(["--stack", "other"], memoryIO({ cwd: dir }), {
        terraform: fakeTerraform("incus-clean", byOption),
      }),
    ).toBe(0);
    expect(byOption[0].cwd).toBe(path.join(dir, "cdktf.out", "stacks", "other"));
    const io = memoryIO({ cwd: dir });
    expect(await driftMain([], io, { terraform: fakeTerraform("incus-clean", []) })).toBe(1);
    expect(io.err()).toContain("holds several stacks (drift-lab, other); name one with --stack <name>");
  });

  test("no stack: exit 1, says to synthesize first; terraform never runs", async () => {
    const calls: Call[] = [];
    const io = memoryIO({ cwd: dir });
    expect(await driftMain(["homelab"], io, { terraform: fakeTerraform("incus-clean", calls) })).toBe(1);
    expect(io.err()).toContain(`drift: no stack "homelab": there is neither ${path.join(dir, "homelab")} nor`);
    expect(io.err()).toContain("Run `cdktf synth` in your cdktf app first");
    const empty = memoryIO({ cwd: dir });
    expect(await driftMain([], empty, { terraform: fakeTerraform("incus-clean", calls) })).toBe(1);
    expect(empty.err()).toContain("holds no synthesized stack");
    expect(calls).toEqual([]);
  });

  test("terraform missing: exit 1 with how to install it", async () => {
    const io = memoryIO({
      cwd: appWithStacks(),
      env: { ...process.env, TERRAFORM_BINARY: path.join(dir, "no-terraform") },
    });
    expect(await driftMain([], io)).toBe(1);
    expect(io.err()).toContain(
      `cannot run terraform: "${path.join(dir, "no-terraform")}" was not found on PATH. Install terraform >= 1.5`,
    );
  });

  test("the plan fails: exit 1 with terraform's own error", async () => {
    const failing: TerraformRunner = {
      run: async (args, cwd) => {
        if (args[0] !== "plan") return { stdout: "", stderr: "" };
        throw new ToolError(
          `\`terraform ${args.join(
            " ",
          )}\` in ${cwd} exited with 1:\n  Error: Incus is not reachable at unix:///var/lib/incus/unix.socket`,
        );
      },
    };
    const io = memoryIO({ cwd: appWithStacks() });
    expect(await driftMain([], io, { terraform: failing })).toBe(1);
    expect(io.err()).toMatch(
      /`terraform plan -refresh-only .*` in .*drift-lab exited with 1:\n {2}Error: Incus is not reachable/,
    );
    expect(io.out()).toBe("");
  });

  test("terraform prints something that is not a plan: exit 1, named", async () => {
    const garbage: TerraformRunner = { run: async (args) => ({ stdout: args[0] === "show" ? "{}" : "", stderr: "" }) };
    const io = memoryIO({ cwd: appWithStacks() });
    expect(await driftMain([], io, { terraform: garbage })).toBe(1);
    expect(io.err()).toContain("is not a Terraform plan in JSON format 1.x");
  });

  test("usage: --help, an unknown option, and the dispatcher knows the command", async () => {
    const help = memoryIO();
    expect(await driftMain(["--help"], help)).toBe(0);
    expect(help.out()).toContain("Usage: cdktf-virt drift [STACK] [options]");
    const bad = memoryIO();
    expect(await driftMain(["--bogus"], bad)).toBe(1);
    expect(bad.err()).toContain("drift: Unknown option '--bogus'");
    const top = memoryIO();
    expect(await dispatch(["--help"], top)).toBe(0);
    expect(top.out()).toContain("drift [STACK]");
    const viaCli = memoryIO();
    expect(await dispatch(["drift", "--help"], viaCli)).toBe(0);
    expect(viaCli.out()).toContain("Exit codes: 0 no drift, 2 drift found, 1 error");
  });
});
