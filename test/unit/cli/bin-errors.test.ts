// A failing cdktf-virt command ends with its message on stderr and a non-zero exit code: no stack trace and no
// UnhandledPromiseRejection dump. bin/cdktf-virt runs as users run it, on the command line built from these sources.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { buildSync } from "esbuild";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cdktf-virt-bin-"));

beforeAll(() => {
  fs.mkdirSync(path.join(dir, "bin"));
  fs.copyFileSync(path.join(ROOT, "package.json"), path.join(dir, "package.json")); // the package's version
  fs.copyFileSync(path.join(ROOT, "bin", "cdktf-virt"), path.join(dir, "bin", "cdktf-virt"));
  const outfile = path.join(dir, "dist", "lib", "cli", "index.js");
  buildSync({
    entryPoints: [path.join(ROOT, "lib", "cli", "index.ts")],
    bundle: true,
    platform: "node",
    outfile,
    logLevel: "error",
    external: ["cdktf", "cdktn", "constructs"],
  });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function cdktfVirt(args: string[], cwd = dir) {
  const r = spawnSync(process.execPath, [path.join(dir, "bin", "cdktf-virt"), ...args], {
    cwd,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const NO_DUMP = /UnhandledPromiseRejection|^\s+at .+:\d+:\d+\)?$/m;

test.each([
  [["explain", "does-not-exist.json"], /^explain: .*does-not-exist\.json does not exist\n$/],
  [["graph"], /holds no synthesized stack: .*Run `cdktf synth` in your cdktf app first/],
  [["drift", "--format", "yaml"], /^drift: unknown --format "yaml"/],
  [["no-such-command"], /^cdktf-virt: unknown command "no-such-command"/],
])("cdktf-virt %j fails with its message and exit code 1", (args, message) => {
  const r = cdktfVirt(args);
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(NO_DUMP);
});
