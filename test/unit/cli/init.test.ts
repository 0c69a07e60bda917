// cdktf-virt init: the repository it writes for each framework, the defaults it picks, and what it refuses.
// (npm install, a clone of the committed repository and a real deploy of the result: test/consumer/run.sh init.)
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { main } from "../../../lib/cli/dispatch";
import type { ToolIO } from "../../../lib/tooling/common/io";
import { init } from "../../../lib/cli/init";
import { fitPipeline } from "../../../lib/cli/init/ci-files";
import { FRAMEWORK_PROFILES, defaultFramework } from "../../../lib/cli/init/frameworks";
import { normalizePackageSpec, stackNameFromDirectory } from "../../../lib/cli/init/options";
import { packageDependency } from "../../../lib/cli/init/package-source";
import { packageVersion } from "../../../lib/packaging";

interface MemoryIO extends ToolIO {
  readonly out: () => string;
  readonly err: () => string;
}

function memoryIO(cwd: string): MemoryIO {
  let out = "";
  let err = "";
  return {
    stdout: { write: (chunk: string) => (out += chunk) },
    stderr: { write: (chunk: string) => (err += chunk) },
    cwd,
    out: () => out,
    err: () => err,
  };
}

let dir: string;
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "t-cli-init-"))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const read = (...parts: string[]) => fs.readFileSync(path.join(dir, ...parts), "utf8");
const readJson = (...parts: string[]) => JSON.parse(read(...parts));
/** An npm that must not run: --no-install is set in these tests. */
const NO_NPM = { npm: "/nonexistent/npm-must-not-run" };

async function scaffold(args: string[], nodeVersion = "v20.20.2"): Promise<MemoryIO> {
  const io = memoryIO(dir);
  await expect(init(args, io, { ...NO_NPM, nodeVersion })).resolves.toBe(0);
  return io;
}

describe("a cdktf repository", () => {
  beforeEach(() => fs.writeFileSync(path.join(dir, "cdktf-virt-0.1.0.tgz"), "not a real tarball"));

  test("package.json: scripts, the framework, one constructs range, TypeScript 7 and tsx, the tarball vendored", async () => {
    await scaffold(["infra", "--framework", "cdktf", "--package", "cdktf-virt-0.1.0.tgz", "--no-install"]);
    const pkg = readJson("infra", "package.json");
    expect(pkg).toMatchObject({
      name: "infra",
      private: true,
      scripts: {
        check: "tsc --noEmit",
        synth: "tsc --noEmit && CHECKPOINT_DISABLE=1 cdktf synth",
        plan: "tsc --noEmit && CHECKPOINT_DISABLE=1 cdktf plan",
        deploy: "tsc --noEmit && CHECKPOINT_DISABLE=1 cdktf deploy --auto-approve",
        explain: "tsc --noEmit && CHECKPOINT_DISABLE=1 cdktf synth && CHECKPOINT_DISABLE=1 cdktf-virt explain",
      },
      dependencies: { "cdktf-virt": "file:vendor/cdktf-virt-0.1.0.tgz", cdktf: "^0.21.0", constructs: "^10.4.2" },
      devDependencies: { "cdktf-cli": "^0.21.0", typescript: "^7.0.2", tsx: "^4.21.0", "@types/node": "^20" },
    });
    expect(read("infra", "vendor", "cdktf-virt-0.1.0.tgz")).toBe("not a real tarball");
    expect(pkg.dependencies).not.toHaveProperty("cdktn");
    expect(pkg.devDependencies).not.toHaveProperty("cdktn-cli");
  });

  test("main.ts imports the framework and builds host, dir pool, persistent volume and an instance using it", async () => {
    await scaffold(["infra", "--framework=cdktf", "--name", "lab1", "--no-install"]);
    const mainTs = read("infra", "main.ts");
    expect(mainTs).toContain('import { App, TerraformStack } from "cdktf";');
    expect(mainTs).toContain('from "cdktf-virt";');
    expect(mainTs).toContain('new TerraformStack(app, "lab1")');
    expect(mainTs).toContain('new StoragePool(stack, "pool", { host, driver: "dir" })');
    expect(mainTs).toContain("lifecycle: VolumeLifecycle.PERSISTENT");
    expect(mainTs).toMatch(
      /const image = process\.env\.INCUS_IMAGE \?\? "images:debian\/13"; +\/\/ an image alias on the host/,
    );
    expect(mainTs).toContain("db.attach(data, {");
    expect(mainTs).not.toContain("protect: false");
  });

  test("tsconfig without a paths mapping, cdktf.json, .gitignore and the README", async () => {
    await scaffold(["infra", "--framework", "cdktf", "--no-install"]);
    const tsconfig = readJson("infra", "tsconfig.json");
    expect(tsconfig).toMatchObject({
      compilerOptions: { module: "preserve", strict: true, target: "ES2022" },
      include: ["main.ts"],
    });
    expect(tsconfig.compilerOptions).not.toHaveProperty("paths");
    expect(readJson("infra", "cdktf.json")).toMatchObject({
      app: "node --import tsx main.ts",
      output: "cdktf.out",
      terraformProviders: [],
      context: { "cdktf-virt:stableMac": true },
    });
    expect(read("infra", ".gitignore").split("\n")).toEqual(
      expect.arrayContaining(["node_modules", "cdktf.out", ".terraform", "*.tfstate", "*.tfstate.*", ".gen"]),
    );
    expect(read("infra", "README.md")).toContain("npm run deploy");
    expect(read("infra", "README.md")).not.toContain("paths");
  });

  test("the pipeline from examples/gitops, fitted to ci/ and the stack name, executable", async () => {
    await scaffold(["infra", "--framework", "cdktf", "--name", "lab1", "--no-install"]);
    const pipeline = read("infra", "ci", "pipeline.sh");
    expect(pipeline).toContain('STACK="${STACK:-lab1}"');
    expect(pipeline).toContain('APP_DIR="${APP_DIR:-$(dirname "$here")}"');
    expect(pipeline).toContain("npx --no-install cdktf synth");
    expect(pipeline).toContain("explain"); // still the guarded pipeline
    expect(fs.statSync(path.join(dir, "infra", "ci", "pipeline.sh")).mode & 0o111).not.toBe(0);
    const workflow = read("infra", "ci", "github-actions.yml");
    expect(workflow).toContain("STACK: lab1");
    expect(workflow).toContain("run: ci/pipeline.sh plan");
    expect(workflow).toContain("run: ci/pipeline.sh deploy");
    expect(workflow).not.toContain("cdktf-virt-homelab");
  });
});

describe("a cdktn repository", () => {
  test("imports cdktn, maps cdktf to it in tsconfig paths, installs cdktn-cli with constructs ~10.7", async () => {
    await scaffold(["infra", "--framework", "cdktn", "--no-install"]);
    expect(read("infra", "main.ts")).toContain('import { App, TerraformStack } from "cdktn";');
    expect(readJson("infra", "tsconfig.json").compilerOptions).toMatchObject({
      paths: { cdktf: ["./node_modules/cdktn"] },
    });
    expect(readJson("infra", "cdktf.json").app).toBe("node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON main.ts");
    const pkg = readJson("infra", "package.json");
    expect(pkg).toMatchObject({
      scripts: {
        synth: "tsc --noEmit && CHECKPOINT_DISABLE=1 cdktn synth",
        deploy: "tsc --noEmit && CHECKPOINT_DISABLE=1 cdktn deploy --auto-approve",
      },
      dependencies: { cdktn: "^0.24.0", constructs: "~10.7.0", "cdktf-virt": `^${packageVersion()}` },
      devDependencies: { "cdktn-cli": "^0.24.0", typescript: "^7.0.2", "@types/node": "^22" },
      engines: { node: ">=22.19" },
    });
    expect(pkg.dependencies).not.toHaveProperty("cdktf");
    expect(pkg.devDependencies).not.toHaveProperty("tsx");
    expect(read("infra", "ci", "pipeline.sh")).toContain("npx --no-install cdktn synth");
    expect(read("infra", "ci", "github-actions.yml")).toContain("node-version: 22\n");
    expect(read("infra", "README.md")).toContain('"paths": { "cdktf": ["./node_modules/cdktn"] }');
    expect(read("infra", "README.md")).toContain('import { App, PgBackend, TerraformStack } from "cdktn";');
    expect(read("infra", "README.md")).toContain('schemaName: "tfstate_infra"');
  });
});

describe("defaults", () => {
  test("the framework follows the Node version cdktn-cli needs (>= 22.19), with one line saying why", async () => {
    expect(defaultFramework("v22.19.0").framework).toBe("cdktn");
    expect(defaultFramework("v24.1.0").framework).toBe("cdktn");
    expect(defaultFramework("v22.18.1").framework).toBe("cdktf");
    expect(defaultFramework("v20.20.2").framework).toBe("cdktf");
    const io = await scaffold(["a", "--no-install"], "v22.20.0");
    expect(io.out()).toMatch(/^Using cdktn \(CDK Terrain\): Node v22\.20\.0 .*--framework cdktf/m);
    expect(read("a", "main.ts")).toContain('from "cdktn"');
    const old = await scaffold(["b", "--no-install"], "v20.20.2");
    expect(old.out()).toMatch(/^Using cdktf .*Node >= 22\.19 .*v20\.20\.2/m);
  });

  test("cdktn asked for on an older Node: written, with a warning", async () => {
    const io = await scaffold(["a", "--framework", "cdktn", "--no-install"], "v20.20.2");
    expect(io.err()).toContain("cdktn-cli needs Node >= 22.19");
  });

  test("the stack name comes from the directory, made valid", async () => {
    expect(stackNameFromDirectory("/x/My Infra_2")).toBe("my-infra-2");
    expect(stackNameFromDirectory("/x/2024")).toBe("x-2024");
    expect(stackNameFromDirectory("/")).toBe("infra");
    expect(stackNameFromDirectory(`/x/${"a".repeat(60)}`)).toHaveLength(40);
    await scaffold(["Home Lab", "--framework", "cdktf", "--no-install"]);
    expect(read("Home Lab", "main.ts")).toContain('new TerraformStack(app, "home-lab")');
    expect(readJson("Home Lab", "package.json").name).toBe("home-lab");
  });

  test("--package: paths are resolved to absolute file: specs first, ranges and tags stay", () => {
    expect(normalizePackageSpec("/tmp/cdktf-virt-0.1.0.tgz", dir)).toBe("file:/tmp/cdktf-virt-0.1.0.tgz");
    expect(normalizePackageSpec("../pkg/cdktf-virt-0.1.0.tgz", "/a/b")).toBe("file:/a/pkg/cdktf-virt-0.1.0.tgz");
    expect(normalizePackageSpec("file:x.tgz", "/a")).toBe("file:/a/x.tgz");
    expect(normalizePackageSpec("^0.2.0", dir)).toBe("^0.2.0");
    expect(normalizePackageSpec("latest", dir)).toBe("latest");
  });

  test("--package: a directory or a missing path is written relative to the repository, a range as it is", () => {
    fs.mkdirSync(path.join(dir, "checkout"));
    expect(packageDependency(`file:${path.join(dir, "checkout")}`, path.join(dir, "infra"))).toEqual({
      spec: "file:../checkout",
    });
    expect(packageDependency(`file:${path.join(dir, "infra", "pkgs", "x.tgz")}`, path.join(dir, "infra"))).toEqual({
      spec: "file:pkgs/x.tgz",
    });
    expect(packageDependency("^0.2.0", dir)).toEqual({ spec: "^0.2.0" });
  });

  test("--package vendor/x.tgz inside the repository again: no copy onto itself", async () => {
    fs.mkdirSync(path.join(dir, "vendor"));
    fs.writeFileSync(path.join(dir, "vendor", "cdktf-virt-0.1.0.tgz"), "tarball");
    await scaffold([".", "--framework", "cdktn", "--package", "vendor/cdktf-virt-0.1.0.tgz", "--no-install"]);
    expect(readJson("package.json").dependencies["cdktf-virt"]).toBe("file:vendor/cdktf-virt-0.1.0.tgz");
    expect(read("vendor", "cdktf-virt-0.1.0.tgz")).toBe("tarball");
  });
});

describe("refusals", () => {
  test("existing files are not overwritten without --force, and nothing is written; --force overwrites only init's files", async () => {
    fs.writeFileSync(path.join(dir, "main.ts"), "// mine\n");
    fs.writeFileSync(path.join(dir, "notes.txt"), "keep\n");
    const io = memoryIO(dir);
    await expect(main(["init", "--framework", "cdktf", "--no-install"], io)).resolves.toBe(1);
    expect(io.err()).toMatch(/already has main\.ts; nothing was written\. Pass --force/);
    expect(io.err()).toContain("cdktf-virt init --help");
    expect(read("main.ts")).toBe("// mine\n");
    expect(fs.existsSync(path.join(dir, "package.json"))).toBe(false);

    await scaffold(["--framework", "cdktf", "--no-install", "--force"]);
    expect(read("main.ts")).toContain('from "cdktf"');
    expect(read("notes.txt")).toBe("keep\n");
  });

  test("a bad --framework is a usage error naming the allowed values", async () => {
    const io = memoryIO(dir);
    await expect(main(["init", "out", "--framework", "pulumi", "--no-install"], io)).resolves.toBe(1);
    expect(io.err()).toContain('cdktf-virt init: --framework "pulumi" is not a framework; use "cdktf" or "cdktn"');
    expect(io.err()).toContain("Run `cdktf-virt init --help` for usage.");
    expect(fs.existsSync(path.join(dir, "out"))).toBe(false);
  });

  test("a bad --name, an unknown option and two directories are usage errors", async () => {
    for (const args of [["--name", "Bad_Name"], ["--frobnicate"], ["a", "b"], ["--package"]]) {
      const io = memoryIO(dir);
      await expect(main(["init", ...args, "--no-install"], io)).resolves.toBe(1);
      expect(io.err()).toContain("Run `cdktf-virt init --help` for usage.");
    }
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  test("--help prints the usage with every option", async () => {
    const io = memoryIO(dir);
    await expect(main(["init", "--help"], io)).resolves.toBe(0);
    for (const option of ["--framework", "--package", "--name", "--no-install", "--force"])
      expect(io.out()).toContain(option);
  });
});

describe("npm install", () => {
  test("runs npm install in the directory; a failing or missing npm says so, and the files stay", async () => {
    const io = memoryIO(dir);
    await expect(init(["a", "--framework", "cdktf"], io, { npm: "false" })).rejects.toThrow(
      /`false install` in .*\/a exited with 1 .*run `npm install` in/,
    );
    expect(fs.existsSync(path.join(dir, "a", "package.json"))).toBe(true);
    await expect(init(["b", "--framework", "cdktf"], memoryIO(dir), { npm: "/nonexistent/npm" })).rejects.toThrow(
      /"\/nonexistent\/npm" was not found on PATH/,
    );
  });

  test("the npm it runs gets the new directory as its working directory", async () => {
    const fakeNpm = path.join(dir, "fake-npm");
    fs.writeFileSync(fakeNpm, '#!/bin/sh\necho "ran $1 in $(pwd)"\n', { mode: 0o755 });
    const io = memoryIO(dir);
    await expect(init(["c", "--framework", "cdktf"], io, { npm: fakeNpm })).resolves.toBe(0);
    expect(io.out()).toContain(`ran install in ${fs.realpathSync(path.join(dir, "c"))}`);
    expect(io.out()).toContain("Next: cd c && npm run deploy");
  });
});

describe("pipeline fitting", () => {
  test("an example that changed makes init fail loudly instead of writing a wrong pipeline", () => {
    expect(() => fitPipeline("#!/usr/bin/env bash\necho hi\n", FRAMEWORK_PROFILES.cdktf, "lab")).toThrow(
      /examples\/gitops\/pipeline\.sh no longer has the line .*lib\/cli\/init\/ci-files\.ts must be updated/,
    );
  });
});
