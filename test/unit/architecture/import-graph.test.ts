// The import graph of lib/ has no circles, and every import follows the layer table of ./layers.ts (lower layers
// never import upper ones; docs/architecture.md). A failure names each offending import or circle.
import * as path from "node:path";
import { importCycles, importGraph, sourceFiles } from "./import-graph";
import { FLOOR, LAYERS, layerOf, LOADED_ONLY_BY } from "./layers";

const ROOT = path.join(__dirname, "..", "..", "..");

const imports = importGraph(ROOT, "lib");

function cycleViolations(): string[] {
  return importCycles(imports).map((cycle) => `circle: ${cycle.join(" → ")}`);
}

function layerViolations(): string[] {
  const found = new Set<string>();
  for (const i of imports) {
    const from = layerOf(i.from)!;
    if (i.external) {
      if (LAYERS[from].forbiddenPackages?.includes(i.to)) found.add(`${from} may not import ${i.to}: ${i.from}`);
      const loader = LOADED_ONLY_BY[i.to];
      if (loader !== undefined && loader !== from && !i.typeOnly)
        found.add(`only ${loader} may load ${i.to}: ${i.from}`);
      continue;
    }
    const to = layerOf(i.to);
    if (to === undefined || to === from || to === FLOOR || LAYERS[from].mayImport.includes(to)) continue;
    found.add(`${from} may not import ${to}: ${i.from} → ${i.to}`);
  }
  return [...found].sort();
}

test("every file of lib/ belongs to a layer", () => {
  expect(sourceFiles(ROOT, "lib").filter((file) => layerOf(file) === undefined)).toEqual([]);
});

test("the layer table names only layers it defines", () => {
  const unknown = Object.entries(LAYERS).flatMap(([name, layer]) =>
    layer.mayImport.filter((other) => LAYERS[other] === undefined).map((other) => `${name} → ${other}`),
  );
  expect(unknown).toEqual([]);
});

test("the graph sees imports, re-exports, type imports and requires", () => {
  // A guard against a parser change that would quietly find no imports at all.
  const of = (from: string) => imports.filter((i) => i.from === from);
  expect(of("lib/index.ts")).toContainEqual({
    from: "lib/index.ts",
    to: "lib/constructs/index.ts",
    external: false,
    typeOnly: false,
  });
  expect(imports.filter((i) => i.typeOnly && !i.external).length).toBeGreaterThan(100);
  expect(imports.filter((i) => !i.typeOnly && !i.external).length).toBeGreaterThan(500);
});

test("lib/ has no import circles and no layer breaks", () => {
  expect([...cycleViolations(), ...layerViolations()]).toEqual([]);
});
