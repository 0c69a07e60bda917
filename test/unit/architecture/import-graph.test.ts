// The import graph of lib/ has no circles, and every import follows the layer table of ./layers.ts (lower layers
// never import upper ones; docs/architecture.md). A failure names each offending import or circle.
import * as path from "node:path";
import { importCycles, importGraph, sourceFiles } from "./import-graph";
import { FLOOR, LAYERS, layerOf, LOADED_ONLY_BY } from "./layers";

const ROOT = path.join(__dirname, "..", "..", "..");

/**
 * KNOWN_VIOLATIONS: the circles and layer breaks lib/ has today, written as this test prints them. The test passes
 * while these remain, fails on any other, and fails when one of these is gone (delete its line then). To be emptied.
 */
const KNOWN_VIOLATIONS: readonly string[] = [
  "construct helpers may not import constructs: lib/constructs/private/backend.ts → lib/constructs/host.ts",
  "construct helpers may not import constructs: lib/constructs/private/backend.ts → lib/constructs/incus-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/backend.ts → lib/constructs/libvirt-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/cluster-target.ts → lib/constructs/incus-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/devices.ts → lib/constructs/device-spec.ts",
  "construct helpers may not import constructs: lib/constructs/private/errors.ts → lib/constructs/errors.ts",
  "construct helpers may not import constructs: lib/constructs/private/generation.ts → lib/constructs/volume-props.ts",
  "construct helpers may not import constructs: lib/constructs/private/host-backend.ts → lib/constructs/instance-props.ts",
  "construct helpers may not import constructs: lib/constructs/private/host-backend.ts → lib/constructs/network-props.ts",
  "construct helpers may not import constructs: lib/constructs/private/host-backend.ts → lib/constructs/storage-pool-props.ts",
  "construct helpers may not import constructs: lib/constructs/private/host-backend.ts → lib/constructs/volume-props.ts",
  "construct helpers may not import constructs: lib/constructs/private/incus-backend.ts → lib/constructs/incus-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/incus-instance.ts → lib/constructs/incus-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/incus-instance.ts → lib/constructs/instance-props.ts",
  "construct helpers may not import constructs: lib/constructs/private/incus-instance.ts → lib/constructs/project.ts",
  "construct helpers may not import constructs: lib/constructs/private/incus-instance.ts → lib/constructs/provisioning.ts",
  "construct helpers may not import constructs: lib/constructs/private/incus-instance.ts → lib/constructs/volume-props.ts",
  "construct helpers may not import constructs: lib/constructs/private/instance-backend.ts → lib/constructs/instance-props.ts",
  "construct helpers may not import constructs: lib/constructs/private/instance-backend.ts → lib/constructs/network-props.ts",
  "construct helpers may not import constructs: lib/constructs/private/libvirt-backend.ts → lib/constructs/libvirt-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/libvirt-domain.ts → lib/constructs/instance-props.ts",
  "construct helpers may not import constructs: lib/constructs/private/libvirt-domain.ts → lib/constructs/libvirt-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/libvirt-domain.ts → lib/constructs/network-props.ts",
  "construct helpers may not import constructs: lib/constructs/private/libvirt-domain.ts → lib/constructs/volume-props.ts",
  "construct helpers may not import constructs: lib/constructs/private/member-parts.ts → lib/constructs/incus-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/network-resources.ts → lib/constructs/incus-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/network-resources.ts → lib/constructs/libvirt-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/network-resources.ts → lib/constructs/network-props.ts",
  "construct helpers may not import constructs: lib/constructs/private/official-provider.ts → lib/constructs/incus-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/option-groups.ts → lib/constructs/host.ts",
  "construct helpers may not import constructs: lib/constructs/private/placement.ts → lib/constructs/host.ts",
  "construct helpers may not import constructs: lib/constructs/private/storage-pool-resources.ts → lib/constructs/incus-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/storage-pool-resources.ts → lib/constructs/libvirt-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/storage-pool-resources.ts → lib/constructs/storage-pool-props.ts",
  "construct helpers may not import constructs: lib/constructs/private/volume-resources.ts → lib/constructs/host.ts",
  "construct helpers may not import constructs: lib/constructs/private/volume-resources.ts → lib/constructs/incus-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/volume-resources.ts → lib/constructs/libvirt-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/volume-resources.ts → lib/constructs/project.ts",
  "construct helpers may not import constructs: lib/constructs/private/volume-resources.ts → lib/constructs/volume-props.ts",
  "construct helpers may not import constructs: lib/constructs/private/volume-snapshot-resource.ts → lib/constructs/incus-host.ts",
  "construct helpers may not import constructs: lib/constructs/private/volume-snapshot-resource.ts → lib/constructs/volume-props.ts",
];

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

test("lib/ has no import circles and no layer breaks beyond KNOWN_VIOLATIONS", () => {
  const found = [...cycleViolations(), ...layerViolations()];
  const added = found.filter((v) => !KNOWN_VIOLATIONS.includes(v));
  const gone = KNOWN_VIOLATIONS.filter((v) => !found.includes(v));
  expect({ added, gone }).toEqual({ added: [], gone: [] });
});
