// The provider talks to Incus only through lib/incus' typed endpoint modules: no REST path, no raw call. A new
// endpoint gets a typed method next to the module it belongs to (lib/incus/<collection>.ts) and a request-shape
// test in test/unit/incus/endpoints.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(__dirname, "..", "..", "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

test("lib/provider has no REST path strings and no raw client.api calls", () => {
  const offenders: string[] = [];
  for (const file of sources(join(ROOT, "lib", "provider"))) {
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (/["'`]\/1\.0\b|\bapiPath\(|\.api\.(write|get|list|download)\b/.test(line))
          offenders.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
      });
  }
  expect(offenders).toEqual([]);
});
