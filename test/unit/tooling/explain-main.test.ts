// The explain command line: where the plan comes from (file, stdin, planfile, stack directory), --json, --guard
// exit codes, and errors that say what to do.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { explainMain, ToolError } from "../../../lib/tooling";
import type { TerraformRunner } from "../../../lib/tooling";
import { memoryIO } from "./support/io";
import { STATE, change, homelabJson, homelabPriorState, planOf } from "./support/plans";

const replacePgdata = planOf(
  [
    change(
      "incus_storage_volume.pgdata",
      "replace",
      STATE.volume("pgdata", "10GiB", true),
      { ...STATE.volume("pgdata", "10GiB", true), content_type: "block" },
      {
        reason: "replace_because_cannot_update",
        replacePaths: [["content_type"]],
      },
    ),
  ],
  homelabPriorState(),
);

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "t-tooling-explain-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A stack directory holding the homelab cdk.tf.json (and, optionally, a plan JSON next to it). */
function stackDir(plan?: object): string {
  const stack = path.join(dir, "cdktf.out", "stacks", "homelab");
  fs.mkdirSync(stack, { recursive: true });
  fs.writeFileSync(path.join(stack, "cdk.tf.json"), JSON.stringify(homelabJson()));
  if (plan) fs.writeFileSync(path.join(stack, "plan.json"), JSON.stringify(plan));
  return stack;
}

/** Records terraform calls and answers `show -json` with the given plan. */
function fakeTerraform(plan: object, calls: { args: readonly string[]; cwd: string }[]): TerraformRunner {
  return {
    run: async (args, cwd) => {
      calls.push({ args, cwd });
      if (args[0] === "plan") {
        const out = args.find((a) => a.startsWith("-out="))!.slice("-out=".length);
        fs.writeFileSync(out, "PK\u0003\u0004 fake planfile");
      }
      return { stdout: args[0] === "show" ? JSON.stringify(plan) : "", stderr: "" };
    },
  };
}

describe("cdktf-virt explain", () => {
  test("reads a plan JSON file and the cdk.tf.json next to it; --guard exits 2 with the offender", async () => {
    const stack = stackDir(replacePgdata);
    const io = memoryIO({ cwd: stack });
    const code = await explainMain(["plan.json", "--guard"], io);
    expect(code).toBe(2);
    expect(io.out()).toContain(
      'incus_storage_volume.pgdata: persistent volume "homelab-pgdata" in pool "homelab-pool" will be REPLACED',
    );
    expect(io.err()).toContain("explain --guard: REFUSED");
    expect(io.err()).toContain("incus_storage_volume.pgdata");
  });

  test("--allow lets the reviewed destruction through", async () => {
    const stack = stackDir(replacePgdata);
    const io = memoryIO({ cwd: stack });
    expect(await explainMain(["plan.json", "--guard", "--allow", "incus_storage_volume.pgdata"], io)).toBe(0);
    expect(io.err()).toContain("allowed by --allow: incus_storage_volume.pgdata");
  });

  test("--json prints the report and the guard verdict as JSON", async () => {
    const stack = stackDir(replacePgdata);
    const io = memoryIO({ cwd: stack });
    expect(await explainMain([path.join(stack, "plan.json"), "--json", "--guard"], io)).toBe(2);
    const report = JSON.parse(io.out());
    expect(report).toMatchObject({ formatVersion: 1, lifecycleFrom: "configuration", guard: { passed: false } });
    expect(report.volumes).toEqual([
      expect.objectContaining({
        address: "incus_storage_volume.pgdata",
        kind: "persistent",
        action: "replace",
        dataDestroyed: false,
        removal: expect.objectContaining({ policy: "protect", outcome: "refused" }),
      }),
    ]);
    expect(report.guard.offenders[0].address).toBe("incus_storage_volume.pgdata");
  });

  test("reads the plan from stdin with -, the configuration from --config", async () => {
    const stack = stackDir();
    const io = memoryIO({ cwd: dir, stdin: JSON.stringify(replacePgdata) });
    expect(await explainMain(["-", "--json", "--config", path.join(stack, "cdk.tf.json")], io)).toBe(0);
    expect(JSON.parse(io.out()).lifecycleFrom).toBe("configuration");
  });

  test("plans a stack directory with terraform: init when never initialised, plan -out, show -json", async () => {
    const stack = stackDir();
    const calls: { args: readonly string[]; cwd: string }[] = [];
    const io = memoryIO({ cwd: dir });
    const code = await explainMain([".", "--guard"], io, { terraform: fakeTerraform(replacePgdata, calls) });
    expect(code).toBe(2);
    expect(calls.map((c) => [c.args[0], c.cwd])).toEqual([
      ["init", stack],
      ["plan", stack],
      ["show", stack],
    ]);
    const planFile = calls[1].args.find((a) => a.startsWith("-out="))!.slice(5);
    expect(calls[2].args).toContain(planFile);
    expect(fs.existsSync(planFile)).toBe(false); // the temporary planfile is removed
    expect(io.err()).toContain(`explain: terraform plan in ${stack}`);
  });

  test("skips init in an initialised stack and shows a binary planfile in its directory", async () => {
    const stack = stackDir();
    fs.mkdirSync(path.join(stack, ".terraform"));
    fs.writeFileSync(path.join(stack, "p.tfplan"), Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    const calls: { args: readonly string[]; cwd: string }[] = [];
    const io = memoryIO({ cwd: stack });
    expect(await explainMain(["p.tfplan"], io, { terraform: fakeTerraform(replacePgdata, calls) })).toBe(0);
    expect(calls).toEqual([{ args: ["show", "-json", "-no-color", path.join(stack, "p.tfplan")], cwd: stack }]);
    expect(io.out()).toContain("will be REPLACED");
  });

  test("an app directory with several stacks needs --stack", async () => {
    stackDir();
    const other = path.join(dir, "cdktf.out", "stacks", "other");
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, "cdk.tf.json"), "{}");
    const io = memoryIO({ cwd: dir });
    expect(await explainMain([], io)).toBe(1);
    expect(io.err()).toContain("holds several stacks (homelab, other); name one with --stack <name>");
  });

  test("errors say what was wrong and what to give instead", async () => {
    const io = memoryIO({ cwd: dir });
    fs.writeFileSync(path.join(dir, "bad.json"), "{ not json");
    expect(await explainMain(["bad.json"], io)).toBe(1);
    expect(io.err()).toMatch(/bad\.json is not JSON .*terraform show -json <planfile>/);

    const io2 = memoryIO({ cwd: dir });
    fs.writeFileSync(path.join(dir, "other.json"), JSON.stringify({ hello: 1 }));
    expect(await explainMain(["other.json"], io2)).toBe(1);
    expect(io2.err()).toContain('is not a Terraform plan in JSON: it has no "format_version"');

    const io3 = memoryIO({ cwd: dir });
    expect(await explainMain(["missing.json"], io3)).toBe(1);
    expect(io3.err()).toContain("missing.json does not exist");

    const io4 = memoryIO({ cwd: dir });
    expect(await explainMain(["--frobnicate"], io4)).toBe(1);
    expect(io4.err()).toMatch(/^explain: Unknown option '--frobnicate'/);
    expect(io4.err()).toContain("Usage: cdktf-virt explain");
  });

  test("a failing terraform run is reported with its output", async () => {
    stackDir();
    const failing: TerraformRunner = {
      run: async () => {
        throw new ToolError(
          "`terraform init -input=false -no-color` in /x exited with 1:\n  Error: Failed to query available provider packages",
        );
      },
    };
    const io = memoryIO({ cwd: dir });
    expect(await explainMain([], io, { terraform: failing })).toBe(1);
    expect(io.err()).toContain("Failed to query available provider packages");
  });

  test("--help prints the usage", async () => {
    const io = memoryIO();
    expect(await explainMain(["--help"], io)).toBe(0);
    expect(io.out()).toContain("--guard");
  });
});
