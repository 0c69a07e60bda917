#!/usr/bin/env node
// Writes lib/bindings/generated from the providers' schema literals (scripts/bindings/generate.ts), removing
// generated files whose resource is gone. With --check it writes nothing and fails when a file differs.
// The generator is TypeScript that reads the provider sources; esbuild compiles it in memory, so no build is needed
// first (the build itself compiles what this writes).
"use strict";
const { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } = require("node:fs");
const { dirname, join, relative } = require("node:path");
const Module = require("node:module");

const root = join(__dirname, "..");

function loadGenerator() {
  const esbuild = require("esbuild");
  const entry = join(__dirname, "bindings", "generate.ts");
  const result = esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: "node",
    target: "node20",
    format: "cjs",
    packages: "external",
    logLevel: "warning",
  });
  const filename = join(__dirname, "bindings", "generate.bundle.js");
  const mod = new Module(filename, module);
  mod.filename = filename;
  mod.paths = Module._nodeModulePaths(__dirname);
  mod._compile(result.outputFiles[0].text, filename);
  return mod.exports;
}

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [relative(root, join(dir, e.name))],
  );
}

function main() {
  const check = process.argv.includes("--check");
  const { generateBindings, GENERATED_DIR } = loadGenerator();
  const files = generateBindings();
  const stale = [];
  for (const [path, content] of files) {
    const target = join(root, path);
    if (existsSync(target) && readFileSync(target, "utf8") === content) continue;
    stale.push(path);
    if (!check) {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
  }
  for (const path of filesUnder(join(root, GENERATED_DIR))) {
    if (files.has(path)) continue;
    stale.push(path);
    if (!check) rmSync(join(root, path));
  }
  if (check && stale.length > 0) {
    console.error(`generate-bindings: out of date (run npm run generate:bindings): ${stale.join(", ")}`);
    process.exit(1);
  }
  if (!check) console.log(`generate-bindings: ${files.size} files, ${stale.length} updated`);
}

main();
