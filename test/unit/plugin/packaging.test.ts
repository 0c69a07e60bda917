// Packaging and the `cdktf-virt provider install` command: source addresses, platform names, the mirror layout,
// idempotent installs, and the command's output and errors.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../../lib/cli";
import {
  PROVIDER_VERSION,
  bundledProviderPath,
  cliConfigForMirror,
  installBundledProviders,
  mirrorExecutablePath,
  providerSource,
  terraformPlatform,
} from "../../../lib/packaging";
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
    expect(first).toMatchObject({ type: "testfs", source: providerSource("testfs"), version: PROVIDER_VERSION, changed: true });
    expect(first.path).toBe(mirrorExecutablePath(dir, "testfs"));
    expect(readFileSync(first.path).equals(readFileSync(bundledProviderPath("testfs")))).toBe(true);
    expect(statSync(first.path).mode & 0o111).toBe(0o111);
    expect(readFileSync(first.path, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    const mtime = statSync(first.path).mtimeMs;
    expect(installBundledProviders(dir, { types: ["testfs"] })[0].changed).toBe(false);
    expect(statSync(first.path).mtimeMs).toBe(mtime);
    writeFileSync(first.path, "stale");
    expect(installBundledProviders(dir, { types: ["testfs"] })[0].changed).toBe(true);
    expect(readFileSync(first.path).equals(readFileSync(bundledProviderPath("testfs")))).toBe(true);
  });

  test("a provider that was never built is a clear error", () => {
    expect(() => installBundledProviders(dir, { types: ["nosuch"] })).toThrow(
      /The nosuch provider has not been built \(.*terraform-provider-nosuch\.js is missing\); run `npm run build` first\./,
    );
  });

  test("the CLI config for a mirror scopes it to our hostname", () => {
    const text = cliConfigForMirror("/opt/mirror");
    expect(text).toMatch(/filesystem_mirror \{\n\s+path\s+= "\/opt\/mirror"\n\s+include = \["registry\.cdktf-virt\.local\/\*\/\*"\]/);
    expect(text).toMatch(/direct \{\n\s+exclude = \["registry\.cdktf-virt\.local\/\*\/\*"\]/);
  });

  test("cdktf-virt provider install --mirror DIR prints the source addresses and a CLI config hint", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { stdout: { write: (s: string) => out.push(s) }, stderr: { write: (s: string) => err.push(s) }, env: { HOME: dir } };
    const code = await main(["provider", "install", "--mirror", join(dir, "m"), "--type", "testfs"], io);
    expect(code).toBe(0);
    expect(out.join("")).toMatch(/testfs = \{ source = "registry\.cdktf-virt\.local\/cdktf-virt\/testfs", version = "0\.1\.0" \}/);
    expect(err.join("")).toMatch(/Terraform does not search .* by itself/);
    expect(existsSync(mirrorExecutablePath(join(dir, "m"), "testfs"))).toBe(true);
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
