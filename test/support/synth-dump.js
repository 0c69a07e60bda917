// With CDKTF_VIRT_SYNTH_DUMP=<dir>, every stack a test synthesizes is written to <dir>, one file per synthesis,
// named after the test file, the test and the stack. scripts/synth-equivalence.sh runs the tests on two commits
// this way and compares the files byte for byte: a refactoring must not change what any stack synthesizes.
const { mkdirSync, writeFileSync } = require("node:fs");
const { join, relative } = require("node:path");

const dumpDir = process.env.CDKTF_VIRT_SYNTH_DUMP;
if (dumpDir) {
  const { TerraformStack } = require("cdktf");
  const original = TerraformStack.prototype.toTerraform;
  const counts = new Map();
  TerraformStack.prototype.toTerraform = function toTerraform() {
    const result = original.call(this);
    const state = typeof expect === "function" ? expect.getState() : {};
    const file = state.testPath ? relative(process.cwd(), state.testPath) : "unknown";
    const base = `${file}__${state.currentTestName ?? ""}__${this.node.path}`
      .replace(/[^A-Za-z0-9._-]+/g, "_")
      .slice(0, 200);
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    mkdirSync(dumpDir, { recursive: true });
    writeFileSync(join(dumpDir, `${base}__${n}.json`), JSON.stringify(result, null, 2));
    return result;
  };
}
