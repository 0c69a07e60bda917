// What users can import from each package entry point is recorded in api/<entry>.api.md. A name added to or
// dropped from an entry point's index.ts fails here until the report is regenerated, so every change to the public
// surface shows up in review as a change to api/.
import * as fs from "node:fs";
import * as path from "node:path";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const surface = require("../../scripts/api-surface.js") as {
  readSurface(): Map<string, { subpath: string; names: { name: string; kind: string; deprecated: boolean }[] }>;
  renderReport(
    entry: string,
    data: { subpath: string; names: { name: string; kind: string; deprecated: boolean }[] },
  ): string;
  API_DIR: string;
};

const current = surface.readSurface();

test("every package entry point has a report", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8")) as {
    exports: Record<string, unknown>;
  };
  const subpaths = Object.keys(pkg.exports).filter((s) => s !== "./package.json");
  expect([...current.values()].map((e) => e.subpath).sort()).toEqual(subpaths.sort());
  const reports = fs
    .readdirSync(surface.API_DIR)
    .filter((f) => f.endsWith(".api.md"))
    .sort();
  expect(reports).toEqual([...current.keys()].map((entry) => `${entry}.api.md`).sort());
});

test.each([...current.keys()])(
  "api/%s.api.md lists what the entry point exports (node scripts/api-surface.js --write)",
  (entry) => {
    const recorded = fs.readFileSync(path.join(surface.API_DIR, `${entry}.api.md`), "utf8");
    expect(recorded).toEqual(surface.renderReport(entry, current.get(entry)!));
  },
);

test("no entry point exports an internal helper", () => {
  const internal = [
    "quoteForVirshShell",
    "apiPath",
    "snakeCase",
    "uniqueSorted",
    "isToken",
    "toTerraformAttributes",
    "shellWord",
    "parseUsedBy",
  ];
  for (const [entry, { names }] of current) {
    expect({ entry, leaked: names.map((n) => n.name).filter((n) => internal.includes(n)) }).toEqual({
      entry,
      leaked: [],
    });
  }
});
