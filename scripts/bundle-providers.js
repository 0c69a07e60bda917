#!/usr/bin/env node
// Bundles each provider entry point into one executable file, dist/providers/terraform-provider-<type>.js:
// one file loads much faster than hundreds of node_modules files, and Terraform starts a provider 3-5 times
// per command. Entries that do not exist yet are skipped with a note.
"use strict";
const { chmodSync, existsSync, mkdirSync, renameSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");

const root = join(__dirname, "..");
const outDir = join(root, "dist", "providers");

// The first two lines are both a shell script and JavaScript (node skips the "#!" line; line 2 is a string and a
// comment to it). The shell part moves NODE_EXTRA_CA_CERTS aside before starting node: node 20 reads and parses
// that file at every start (~90 ms with a system bundle), and the providers never use node's default trust store
// (an HTTPS remote gets its trust anchors explicitly, the extra file included: lib/incus/extra-ca.ts).
const LAUNCHER = [
  "#!/bin/sh",
  '":" //; if [ -n "$NODE_EXTRA_CA_CERTS" ]; then CDKTF_VIRT_NODE_EXTRA_CA_CERTS="$NODE_EXTRA_CA_CERTS"; export CDKTF_VIRT_NODE_EXTRA_CA_CERTS; unset NODE_EXTRA_CA_CERTS; fi; exec node "$0" "$@"',
].join("\n");

const ENTRIES = [
  { type: "incus", entry: "lib/provider/incus/main.ts" },
  { type: "libvirt", entry: "lib/provider/libvirt/main.ts" },
  // Test-only provider used by the runtime's integration tests and benchmarks.
  { type: "testfs", entry: "test/fixtures/test-provider/main.ts" },
];

async function main() {
  const esbuild = require("esbuild");
  mkdirSync(outDir, { recursive: true });
  const only = process.argv.slice(2);
  for (const { type, entry } of ENTRIES) {
    if (only.length > 0 && !only.includes(type)) continue;
    const entryPath = join(root, entry);
    if (!existsSync(entryPath)) {
      console.log(`bundle-providers: skipping ${type} (${entry} does not exist yet)`);
      continue;
    }
    const outfile = join(outDir, `terraform-provider-${type}.js`);
    const started = Date.now();
    const result = await esbuild.build({
      entryPoints: [entryPath],
      outfile,
      write: false,
      bundle: true,
      platform: "node",
      target: "node20",
      format: "cjs",
      // Smaller source parses faster at every start; identifiers stay readable in stack traces.
      minifySyntax: true,
      minifyWhitespace: true,
      legalComments: "none",
      banner: { js: LAUNCHER },
      logLevel: "warning",
    });
    // Write then rename: a test or terraform reading the file concurrently never sees half of it.
    const partial = `${outfile}.${process.pid}.partial`;
    writeFileSync(partial, result.outputFiles[0].contents, { mode: 0o755 });
    chmodSync(partial, 0o755);
    renameSync(partial, outfile);
    console.log(`bundle-providers: ${type} -> ${outfile} (${Date.now() - started} ms)`);
  }
}

main().catch((err) => {
  console.error(`bundle-providers: ${err && err.stack ? err.stack : err}`);
  process.exit(1);
});
