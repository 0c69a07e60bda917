// Loads a TypeScript module of this repository (the library, test helpers, bench stacks) into a plain-node
// benchmark. The module is bundled with esbuild on every call, so a benchmark always measures the current sources
// and never a stale dist/. npm packages stay external (they are required from node_modules as usual), and the
// bundle is written under dist/.bench/ so code that finds the package root from __dirname keeps working.
// @ts-check
"use strict";
const { mkdirSync, renameSync, writeFileSync } = require("node:fs");
const { basename, join } = require("node:path");

const root = join(__dirname, "..", "..");
const cacheDir = join(root, "dist", ".bench");

/**
 * Bundles `entry` (a path relative to the repository root, e.g. "bench/synth-stacks.ts") and returns the bundle's
 * file path. Use `loadTs` to require it in this process; pass the path to child processes that must load it too.
 */
function bundleTs(entry) {
  const esbuild = require("esbuild");
  mkdirSync(cacheDir, { recursive: true });
  const outfile = join(cacheDir, `${basename(entry).replace(/\.ts$/, "")}.js`);
  const result = esbuild.buildSync({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    packages: "external",
    sourcemap: "inline",
    logLevel: "error",
    write: false,
  });
  // Write then rename, so a child process started by a concurrent run never reads half a file.
  const partial = `${outfile}.${process.pid}.partial`;
  writeFileSync(partial, result.outputFiles[0].contents);
  renameSync(partial, outfile);
  return outfile;
}

/** Bundles and requires `entry` (see bundleTs). */
function loadTs(entry) {
  return require(bundleTs(entry));
}

module.exports = { bundleTs, loadTs, root };
