// Packaging and the `cdktf-virt provider install` command: source addresses, platform names, the mirror layout,
// idempotent installs, and the command's output and errors.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../../lib/cli";
import {
  PROVIDER_VERSION,
  bundledProviderPath,
  cliConfigForMirror,
  installBundledProviders,
  mirrorExecutablePath,
  packageHashV1,
  parseLockBlocks,
  prepareWorkingDirectory,
  sameBytes,
  updateLockFile,
  providerSource,
  terraformPlatform,
} from "../../../lib/packaging";
import { checkCliConfig } from "../../../lib/tooling/doctor";
import { ensureBundledProviders } from "../../support/terraform";

const pkg = JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "package.json"), "utf8"));

describe("packaging", () => {
  let dir: string;
  beforeAll(() => ensureBundledProviders(["testfs"]));
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "t-packaging-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("source addresses, version and platform names", () => {
    expect(providerSource("incus")).toBe("registry.cdktf-virt.local/cdktf-virt/incus");
    expect(PROVIDER_VERSION).toBe(pkg.version);
    expect(terraformPlatform("linux", "x64")).toBe("linux_amd64");
    expect(terraformPlatform("darwin", "arm64")).toBe("darwin_arm64");
    expect(terraformPlatform("win32", "ia32")).toBe("windows_386");
    expect(mirrorExecutablePath("/m", "incus", "1.2.3")).toBe(
      `/m/registry.cdktf-virt.local/cdktf-virt/incus/1.2.3/${terraformPlatform()}/terraform-provider-incus_v1.2.3`,
    );
  });

  test("installs into the unpacked mirror layout, executable, and is idempotent", () => {
    const [first] = installBundledProviders(dir, { types: ["testfs"] });
    expect(first).toMatchObject({
      type: "testfs",
      source: providerSource("testfs"),
      version: PROVIDER_VERSION,
      changed: true,
    });
    expect(first.path).toBe(mirrorExecutablePath(dir, "testfs"));
    expect(readFileSync(first.path).equals(readFileSync(bundledProviderPath("testfs")))).toBe(true);
    expect(statSync(first.path).mode & 0o111).toBe(0o111);
    expect(readFileSync(first.path, "utf8").startsWith("#!/bin/sh\n")).toBe(true);
    const mtime = statSync(first.path).mtimeMs;
    expect(installBundledProviders(dir, { types: ["testfs"] })[0].changed).toBe(false);
    expect(statSync(first.path).mtimeMs).toBe(mtime);
    writeFileSync(first.path, "stale");
    expect(installBundledProviders(dir, { types: ["testfs"] })[0].changed).toBe(true);
    expect(readFileSync(first.path).equals(readFileSync(bundledProviderPath("testfs")))).toBe(true);
  });

  test("h1 package hash: Go dirhash Hash1 over the sorted files", () => {
    const pkgDir = join(dir, "pkg");
    mkdirSync(join(pkgDir, "sub"), { recursive: true });
    writeFileSync(join(pkgDir, "b"), "bee\n");
    writeFileSync(join(pkgDir, "sub", "a"), "ay\n");
    const sha = (t: string) => createHash("sha256").update(t).digest("hex");
    const summary = `${sha("bee\n")}  b\n${sha("ay\n")}  sub/a\n`;
    expect(packageHashV1(pkgDir)).toBe("h1:" + createHash("sha256").update(summary).digest("base64"));
  });

  test("updateLockFile replaces our blocks, keeps other providers, sorts by address, is idempotent", () => {
    const lock = join(dir, ".terraform.lock.hcl");
    const other =
      'provider "registry.terraform.io/hashicorp/null" {\n  version = "3.2.0"\n  hashes = [\n    "h1:abc=",\n  ]\n}\n';
    writeFileSync(
      lock,
      `# header\n\n${other}\nprovider "registry.cdktf-virt.local/cdktf-virt/incus" {\n  version = "0.0.1"\n}\n`,
    );
    expect(
      updateLockFile(lock, [
        { address: "registry.cdktf-virt.local/cdktf-virt/incus", version: "0.1.0", hashes: ["h1:new="] },
      ]),
    ).toBe(true);
    const blocks = parseLockBlocks(readFileSync(lock, "utf8"));
    expect(blocks.map(([a]) => a)).toEqual([
      "registry.cdktf-virt.local/cdktf-virt/incus",
      "registry.terraform.io/hashicorp/null",
    ]);
    expect(blocks[0][1]).toBe(
      'provider "registry.cdktf-virt.local/cdktf-virt/incus" {\n  version     = "0.1.0"\n  constraints = "0.1.0"\n  hashes = [\n    "h1:new=",\n  ]\n}\n',
    );
    expect(blocks[1][1]).toBe(other);
    expect(
      updateLockFile(lock, [
        { address: "registry.cdktf-virt.local/cdktf-virt/incus", version: "0.1.0", hashes: ["h1:new="] },
      ]),
    ).toBe(false);
  });

  test("prepareWorkingDirectory installs into terraform.d/plugins and locks the installed bytes", () => {
    const [p] = prepareWorkingDirectory(dir, { types: ["testfs"] });
    expect(p.path).toBe(mirrorExecutablePath(join(dir, "terraform.d", "plugins"), "testfs"));
    const blocks = parseLockBlocks(readFileSync(join(dir, ".terraform.lock.hcl"), "utf8"));
    expect(blocks).toHaveLength(1);
    expect(blocks[0][1]).toContain(packageHashV1(join(p.path, "..")));
  });

  test("installBundledProviders writes no lock file, even into a directory named terraform.d/plugins", () => {
    installBundledProviders(join(dir, "terraform.d", "plugins"), { types: ["testfs"] });
    expect(existsSync(mirrorExecutablePath(join(dir, "terraform.d", "plugins"), "testfs"))).toBe(true);
    expect(existsSync(join(dir, ".terraform.lock.hcl"))).toBe(false);
  });

  test("sameBytes compares contents, and is false for a file that cannot be read", () => {
    const [a, b, c] = ["a", "b", "c"].map((n) => join(dir, n));
    writeFileSync(a, "same");
    writeFileSync(b, "same");
    writeFileSync(c, "diff");
    expect(sameBytes(a, b)).toBe(true);
    expect(sameBytes(a, c)).toBe(false);
    expect(sameBytes(a, join(dir, "missing"))).toBe(false);
    expect(sameBytes(a, b, statSync(a), statSync(b))).toBe(true);
  });

  test("a provider that was never built is a clear error", () => {
    expect(() => installBundledProviders(dir, { types: ["nosuch"] })).toThrow(
      /The nosuch provider has not been built \(.*terraform-provider-nosuch\.js is missing\); run `npm run build` first\./,
    );
  });

  test("the CLI config for a mirror scopes it to our hostname", () => {
    const text = cliConfigForMirror("/opt/mirror");
    expect(text).toMatch(
      /filesystem_mirror \{\n\s+path\s+= "\/opt\/mirror"\n\s+include = \["registry\.cdktf-virt\.local\/\*\/\*"\]/,
    );
    expect(text).toMatch(/direct \{\n\s+exclude = \["registry\.cdktf-virt\.local\/\*\/\*"\]/);
  });

  test("cdktf-virt provider install --mirror DIR prints the source addresses and a CLI config hint", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      stdout: { write: (s: string) => out.push(s) },
      stderr: { write: (s: string) => err.push(s) },
      env: { HOME: dir },
    };
    const code = await main(["provider", "install", "--mirror", join(dir, "m"), "--type", "testfs"], io);
    expect(code).toBe(0);
    expect(out.join("")).toMatch(
      /testfs = \{ source = "registry\.cdktf-virt\.local\/cdktf-virt\/testfs", version = "0\.1\.0" \}/,
    );
    expect(err.join("")).toMatch(/Terraform does not search .* by itself/);
    expect(existsSync(mirrorExecutablePath(join(dir, "m"), "testfs"))).toBe(true);
  });

  test("provider install hints only while the CLI configuration does not reach the mirror (the same rule as doctor)", async () => {
    const mirror = join(dir, "hinted");
    const rc = join(dir, "hint.tfrc");
    const install = async () => {
      const err: string[] = [];
      const io = {
        stdout: { write: () => true },
        stderr: { write: (s: string) => err.push(s) },
        env: { HOME: dir, TF_CLI_CONFIG_FILE: rc },
      };
      expect(await main(["provider", "install", "--mirror", mirror, "--type", "testfs"], io)).toBe(0);
      return err.join("");
    };
    const hint = await install();
    expect(hint).toMatch(/Terraform does not search .* by itself/);
    // Adding exactly the block the hint prints makes it go away.
    writeFileSync(rc, hint.slice(hint.indexOf("provider_installation")));
    expect(await install()).toBe("");
    expect(checkCliConfig({ TF_CLI_CONFIG_FILE: rc }, dir).status).toBe("ok");
  });

  test("cdktf-virt provider install --mirror <dir>/terraform.d/plugins also locks the providers in <dir>", async () => {
    const io = { stdout: { write: () => true }, stderr: { write: () => true }, env: { HOME: dir } };
    const plugins = join(dir, "terraform.d", "plugins");
    expect(await main(["provider", "install", "--mirror", plugins, "--type", "testfs"], io)).toBe(0);
    const blocks = parseLockBlocks(readFileSync(join(dir, ".terraform.lock.hcl"), "utf8"));
    expect(blocks.map(([a]) => a)).toEqual([providerSource("testfs")]);
    expect(blocks[0][1]).toContain(packageHashV1(join(mirrorExecutablePath(plugins, "testfs"), "..")));
  });

  test("the dispatcher reports unknown commands and bad arguments with exit code 1", async () => {
    const err: string[] = [];
    const io = { stdout: { write: () => true }, stderr: { write: (s: string) => err.push(s) } };
    expect(await main(["frobnicate"], io)).toBe(1);
    expect(err.join("")).toMatch(/unknown command "frobnicate"/);
    expect(await main(["provider", "install", "--mirror"], io)).toBe(1);
    expect(err.join("")).toMatch(/--mirror needs a value/);
  });
});
