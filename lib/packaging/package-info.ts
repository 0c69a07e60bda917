// Where the package lives and what version it is, found at run time so the same code works from lib/ (tests),
// dist/lib/ (the published package) and any install location.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const PACKAGE_NAME = "cdktf-virt";

let cached: { root: string; version: string } | undefined;

function locate(): { root: string; version: string } {
  if (cached) return cached;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === PACKAGE_NAME && pkg.version) {
        cached = { root: dir, version: pkg.version };
        return cached;
      }
    }
    if (dirname(dir) === dir) {
      throw new Error(`Cannot find the ${PACKAGE_NAME} package.json above ${__dirname}; the package looks damaged.`);
    }
  }
}

/** The package's root directory (where package.json is). */
export function packageRoot(): string {
  return locate().root;
}

/** The package version, also the version of the bundled providers. */
export function packageVersion(): string {
  return locate().version;
}
