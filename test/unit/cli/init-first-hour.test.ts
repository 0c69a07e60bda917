// cdktf-virt init, as a new user meets it in the first hour: the generated scripts run offline without
// checkpoint errors, `npm run destroy` without a terminal refuses loudly instead of exiting 0, a --package tarball
// survives `git clone`, the app runs on what `npm i -D typescript` installs today, and the README says what a
// deploy really does. The scripts are run by sh with stand-in CLIs that record how they were called.
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { ToolIO } from "../../../lib/tooling/common/io";
import { init } from "../../../lib/cli/init";
import { INIT_FRAMEWORKS } from "../../../lib/cli/init/frameworks";

let dir: string;
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "t-cli-init-hour-"))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const quiet: ToolIO = { stdout: { write: () => true }, stderr: { write: () => true } };

async function scaffold(framework: string, extra: string[] = []): Promise<string> {
  const io = { ...quiet, cwd: dir };
  await expect(
    init(["app", "--framework", framework, "--no-install", ...extra], io, { npm: "/nonexistent/npm-must-not-run" }),
  ).resolves.toBe(0);
  return path.join(dir, "app");
}

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8"));

/**
 * A bin folder with stand-ins for every command a generated script may call. Each appends
 * "<name> <args> CHECKPOINT_DISABLE=<value>" to calls.log. The CDK CLIs behave as cdktn-cli 0.24 does on destroy:
 * without --auto-approve and without a terminal they print the approval message and exit 0.
 */
function fakeBin(): { bin: string; calls: () => string[] } {
  const bin = path.join(dir, "bin");
  const log = path.join(dir, "calls.log");
  fs.mkdirSync(bin);
  for (const name of ["cdktf", "cdktn", "cdktf-virt", "tsc", "npm"]) {
    fs.writeFileSync(
      path.join(bin, name),
      `#!/bin/sh
echo "${name} $* CHECKPOINT_DISABLE=\${CHECKPOINT_DISABLE-unset}" >> "${log}"
if [ "$1" = destroy ] && [ "$2" != --auto-approve ] && [ ! -t 0 ]; then
  echo "Approval required but stdin is not a TTY and --auto-approve was not passed. Stopping."
fi
exit 0
`,
      { mode: 0o755 },
    );
  }
  return { bin, calls: () => (fs.existsSync(log) ? fs.readFileSync(log, "utf8").trim().split("\n") : []) };
}

/** Runs a package.json script as npm does (sh -c, node_modules/.bin first), stdin from /dev/null: no terminal. */
function runScript(script: string, bin: string, env: NodeJS.ProcessEnv = {}) {
  const clean = { ...process.env };
  delete clean.CHECKPOINT_DISABLE;
  delete clean.CONFIRM_DESTROY;
  return spawnSync("sh", ["-c", script], {
    cwd: dir,
    env: { ...clean, ...env, PATH: `${bin}:${process.env.PATH}` },
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
}

describe.each(INIT_FRAMEWORKS)("%s repository", (framework) => {
  test("every generated script runs its commands with CHECKPOINT_DISABLE=1 (no checkpoint call, no red error offline)", async () => {
    const { scripts } = readJson(path.join(await scaffold(framework), "package.json"));
    const { bin, calls } = fakeBin();
    for (const [name, script] of Object.entries<string>(scripts)) {
      const env = name === "destroy" ? { CONFIRM_DESTROY: "1" } : {};
      const run = runScript(script, bin, env);
      expect({ name, status: run.status, stderr: run.stderr }).toEqual({ name, status: 0, stderr: "" });
    }
    // tsc calls no one; every other command (the CDK CLI, cdktf-virt, terraform under them) would call checkpoint.
    const seen = calls().filter((line) => !line.startsWith("tsc "));
    expect(seen.length).toBeGreaterThanOrEqual(Object.keys(scripts).length - 2);
    expect(seen.filter((line) => !line.endsWith("CHECKPOINT_DISABLE=1"))).toEqual([]);
  });

  test("npm run destroy without a terminal fails (non-zero) and says how to approve; CONFIRM_DESTROY=1 destroys without asking", async () => {
    const { scripts } = readJson(path.join(await scaffold(framework), "package.json"));
    const { bin, calls } = fakeBin();
    const refused = runScript(scripts.destroy, bin);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain("CONFIRM_DESTROY=1");
    expect(calls().filter((line) => line.startsWith(`${framework} destroy`))).toEqual([]);

    const confirmed = runScript(scripts.destroy, bin, { CONFIRM_DESTROY: "1" });
    expect(confirmed.status).toBe(0);
    expect(calls()).toContain(`${framework} destroy --auto-approve CHECKPOINT_DISABLE=1`);
  });

  test("with a terminal, npm run destroy asks (no --auto-approve)", async () => {
    const { scripts } = readJson(path.join(await scaffold(framework), "package.json"));
    const { bin, calls } = fakeBin();
    const clean: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
    delete clean.CONFIRM_DESTROY;
    delete clean.CHECKPOINT_DISABLE;
    // script(1) gives the command a pseudo-terminal on stdin.
    execFileSync("script", ["-qec", `sh -c '${scripts.destroy.replace(/'/g, "'\\''")}'`, "/dev/null"], {
      cwd: dir,
      env: clean,
      stdio: ["pipe", "pipe", "pipe"],
    });
    expect(calls()).toContain(`${framework} destroy CHECKPOINT_DISABLE=1`);
  });

  test("the app runs without ts-node, on what `npm i -D typescript` installs (7.x), and `npm test` type-checks it", async () => {
    const app = await scaffold(framework);
    const pkg = readJson(path.join(app, "package.json"));
    expect(pkg.devDependencies).not.toHaveProperty("ts-node");
    expect(pkg.devDependencies.typescript).toMatch(/^\^7\./);
    // "type": "module" would make Node load the bundled providers under cdktf.out as ES modules: they fail.
    expect(pkg).not.toHaveProperty("type");
    expect(pkg.scripts.check).toBe("tsc --noEmit");
    expect(pkg.scripts.test).toContain("tsc --noEmit");
    const { app: command } = readJson(path.join(app, "cdktf.json"));
    expect(command).toBe(
      framework === "cdktn"
        ? "node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON main.ts"
        : "node --import tsx main.ts",
    );
    if (framework === "cdktf") expect(pkg.devDependencies).toHaveProperty("tsx");
    // Options TypeScript 7 removed (error TS5102 / TS5108), and the checks that keep main.ts runnable by type stripping.
    const { compilerOptions } = readJson(path.join(app, "tsconfig.json"));
    expect(compilerOptions).not.toHaveProperty("baseUrl");
    expect(String(compilerOptions.moduleResolution ?? "nodenext").toLowerCase()).not.toMatch(/^node(10)?$/);
    expect(compilerOptions).toMatchObject({
      module: "preserve",
      moduleResolution: "bundler",
      erasableSyntaxOnly: true,
      verbatimModuleSyntax: true,
    });
  });

  test("the starter needs nothing type stripping cannot run: no enum, no parameter property, no namespace", async () => {
    const mainTs = fs.readFileSync(path.join(await scaffold(framework), "main.ts"), "utf8");
    expect(mainTs).not.toMatch(/\b(enum|namespace)\s+\w+|constructor\s*\(\s*(private|public|protected|readonly)\b/);
    expect(mainTs).not.toMatch(/\b__dirname\b|\brequire\(/); // an ES module
  });
});

describe("the generated README", () => {
  test("says lifting protect on the volume is an in-place update, not a rebuild of db", async () => {
    const readme = fs.readFileSync(path.join(await scaffold("cdktn"), "README.md"), "utf8");
    const section = readme.split(/^## Data is protected$/m)[1]?.split(/^## /m)[0] ?? "";
    expect(section).toContain("protect: false");
    expect(section).not.toMatch(/rebuilds `db`/);
    expect(section).toMatch(/in place/);
  });
});

describe("--package with a tarball", () => {
  test("copies it into vendor/ and depends on it relatively, so a clone of the committed repository still finds it", async () => {
    const tarball = path.join(dir, "elsewhere", "cdktf-virt-0.1.0.tgz");
    fs.mkdirSync(path.dirname(tarball));
    fs.writeFileSync(tarball, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff]));
    const io = { ...quiet, cwd: dir, out: "" };
    io.stdout = { write: (chunk: string) => ((io.out += chunk), true) };
    await init(["app", "--framework", "cdktn", "--no-install", "--package", tarball], io, {
      npm: "/nonexistent/npm-must-not-run",
    });
    expect(io.out).toContain(`vendor/cdktf-virt-0.1.0.tgz is a copy of ${tarball}: commit it`);
    const app = path.join(dir, "app");
    const spec: string = readJson(path.join(app, "package.json")).dependencies["cdktf-virt"];
    expect(spec).toBe("file:vendor/cdktf-virt-0.1.0.tgz");

    const git = (cwd: string, ...args: string[]) =>
      execFileSync("git", args, {
        cwd,
        stdio: "pipe",
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: "t",
          GIT_AUTHOR_EMAIL: "t@t",
          GIT_COMMITTER_NAME: "t",
          GIT_COMMITTER_EMAIL: "t@t",
        },
      });
    git(app, "init", "-q");
    git(app, "add", "-A");
    git(app, "commit", "-qm", "infra");
    fs.rmSync(path.dirname(tarball), { recursive: true });
    const clone = path.join(dir, "clone");
    git(dir, "clone", "-q", app, clone);
    const target = path.join(clone, spec.slice("file:".length));
    expect(fs.readFileSync(target)).toEqual(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff]));
  });
});
