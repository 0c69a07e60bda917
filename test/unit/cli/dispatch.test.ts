// Every command runs under the one dispatcher with the one IO (ToolIO: streams, stdin, cwd, env) and the one error
// type (ToolError/UsageError): exit codes come through unchanged, stdin reaches the command, and each command's
// usage errors read as they always have.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { main } from "../../../lib/cli/dispatch";
import { parseInitArgs } from "../../../lib/cli/init/options";
import { EXIT_GUARD_REFUSED, ToolError, UsageError } from "../../../lib/tooling";
import { memoryIO } from "../tooling/support/io";
import { STATE, change, homelabJson, homelabPriorState, planOf } from "../tooling/support/plans";

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
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "t-cli-dispatch-"));
  fs.writeFileSync(path.join(dir, "cdk.tf.json"), JSON.stringify(homelabJson()));
  fs.writeFileSync(path.join(dir, "plan.json"), JSON.stringify(replacePgdata));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test("explain --guard refuses with exit 2 through the dispatcher", async () => {
  const io = memoryIO({ cwd: dir });
  expect(await main(["explain", "plan.json", "--guard"], io)).toBe(EXIT_GUARD_REFUSED);
  expect(io.err()).toContain("explain --guard: REFUSED");
});

test("the dispatcher hands the command its stdin", async () => {
  const io = memoryIO({ cwd: dir, stdin: JSON.stringify(replacePgdata) });
  expect(await main(["explain", "-", "--json", "--config", "cdk.tf.json"], io)).toBe(0);
  expect(JSON.parse(io.out()).lifecycleFrom).toBe("configuration");
});

test("a tooling command's usage error: its message, then its usage, exit 1", async () => {
  const io = memoryIO({ cwd: dir });
  expect(await main(["graph", "--format", "x"], io)).toBe(1);
  expect(io.err()).toMatch(/^graph: unknown --format "x"; use one of .*\n\nUsage: cdktf-virt graph /);
});

test.each([
  [["init", "--bogus"], 'cdktf-virt init: unknown option "--bogus"\nRun `cdktf-virt init --help` for usage.\n'],
  [
    ["provider", "install", "--mirror"],
    "cdktf-virt provider install: --mirror needs a value\nRun `cdktf-virt provider install --help` for usage.\n",
  ],
])("cdktf-virt %j: the command words, the message and where the usage is, exit 1", async (argv, stderr) => {
  const io = memoryIO({ cwd: dir });
  expect(await main(argv, io)).toBe(1);
  expect(io.err()).toBe(stderr);
  expect(io.out()).toBe("");
});

test("init's usage errors are the tooling's UsageError, a ToolError", () => {
  let thrown: unknown;
  try {
    parseInitArgs(["--bogus"], { cwd: dir, nodeVersion: process.version, packageVersion: "0.1.0" });
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(UsageError);
  expect(thrown).toBeInstanceOf(ToolError);
});
