#!/usr/bin/env node
// Bundles each provider entry point into one executable file, dist/providers/terraform-provider-<type>.js:
// one file loads much faster than hundreds of node_modules files, and Terraform starts a provider 3-5 times
// per command. Entries that do not exist yet are skipped with a note.
"use strict";
const { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");

const root = join(__dirname, "..");
const outDir = join(root, "dist", "providers");

// Each bundle starts with the provider launcher (lib/provider/plugin/launcher.sh), a shell script that node
// reads as a comment: node skips the "#!" line, and line 2 is both a no-op shell command and the start of a
// JavaScript comment that ends after the script, which always ends in exec or exit.
function launcherBanner() {
  const script = readFileSync(join(root, "lib", "provider", "plugin", "launcher.sh"), "utf8");
  if (script.includes("*/")) throw new Error("launcher.sh must not contain */ (it would end the JavaScript comment)");
  return `#!/bin/sh\n":" /*\n${script}*/`;
}

// Then scripts/bundle-providers-loader.js, and after it the JavaScript in two sections, every line commented out:
// the plugin host (main.ts and lib/provider/plugin), and the provider (the framework and the provider's code). The
// loader compiles the host at once and the provider only when the host first requires it, each with its own V8 code
// cache: the first start of a Terraform command only asks for the schema (prebuilt, see schemaResponse), so it
// never reads, compiles or deserializes the ~1 MB of the provider.
const HOST_MARKER = "\n//@plugin-host-code\n";
const PROVIDER_MARKER = "\n//@provider-code\n";
const END_MARKER = "\n//@end-provider-code\n";
/** What the host's `require` of the framework and of the provider returns: the provider section's exports. */
const PROVIDER_SECTION = "cdktf-virt:provider-section";
function commentedOut(code) {
  // A line terminator that is not \n would end a "//" comment early (esbuild writes ASCII, so none is expected).
  if (/[\r\u2028\u2029]/.test(code)) throw new Error("the bundle contains a \\r, U+2028 or U+2029 line terminator");
  return `//${code.trimEnd().split("\n").join("\n//")}`;
}
function withLoader(hostCode, providerCode) {
  const loader = readFileSync(join(__dirname, "bundle-providers-loader.js"), "utf8");
  return (
    `${launcherBanner()}\n${loader.trimEnd()}${HOST_MARKER}${commentedOut(hostCode)}` +
    `${PROVIDER_MARKER}${commentedOut(providerCode)}${END_MARKER}`
  );
}

// `provider`: the module and export of the provider object, whose schema answer goes into the bundle.
const ENTRIES = [
  { type: "incus", entry: "lib/provider/incus/main.ts", provider: ["lib/provider/incus/provider.ts", "incusProvider"] },
  {
    type: "libvirt",
    entry: "lib/provider/libvirt/main.ts",
    provider: ["lib/provider/libvirt/provider.ts", "libvirtProvider"],
  },
  // Test-only provider used by the runtime's integration tests and benchmarks.
  {
    type: "testfs",
    entry: "test/fixtures/test-provider/main.ts",
    provider: ["test/fixtures/test-provider/provider.ts", "testfsProvider"],
  },
];

const BUILD_OPTIONS = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  // Smaller source parses faster at every start; identifiers stay readable in stack traces.
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: "none",
  logLevel: "warning",
};

/**
 * The provider's encoded GetProviderSchema answer, built the way the provider process builds it (its handlers,
 * then the tfplugin6 codec), from the same sources. The bundle serves it as it is (lib/provider/plugin/bundled-schema.ts).
 */
async function schemaResponse([providerFile, exportName]) {
  const esbuild = require("esbuild");
  const result = await esbuild.build({
    ...BUILD_OPTIONS,
    write: false,
    stdin: {
      resolveDir: root,
      sourcefile: "schema-response.ts",
      loader: "ts",
      contents: [
        `import { providerHandlers } from "./lib/provider/framework";`,
        `import { createLogger, tfplugin6Codec } from "./lib/provider/plugin";`,
        `import { ${exportName} as provider } from "./${providerFile}";`,
        `export async function encoded(): Promise<Uint8Array> {`,
        `  const log = createLogger({ level: "off", module: "bundle-providers" });`,
        `  const answer = await providerHandlers(provider, { log }).GetProviderSchema!({});`,
        `  if (answer.diagnostics?.length) throw new Error(JSON.stringify(answer.diagnostics));`,
        `  return tfplugin6Codec("GetProviderSchema").encodeResponse(answer);`,
        `}`,
      ].join("\n"),
    },
  });
  const mod = { exports: {} };
  new Function("module", "exports", "require", result.outputFiles[0].text)(mod, mod.exports, require);
  return Buffer.from(await mod.exports.encoded());
}

async function main() {
  const esbuild = require("esbuild");
  mkdirSync(outDir, { recursive: true });
  const only = process.argv.slice(2);
  for (const { type, entry, provider } of ENTRIES) {
    if (only.length > 0 && !only.includes(type)) continue;
    const entryPath = join(root, entry);
    if (!existsSync(entryPath)) {
      console.log(`bundle-providers: skipping ${type} (${entry} does not exist yet)`);
      continue;
    }
    const outfile = join(outDir, `terraform-provider-${type}.js`);
    const started = Date.now();
    const schema = await schemaResponse(provider);
    // The host: main.ts, whose require calls (the framework and the provider) get the provider section.
    const host = await esbuild.build({
      ...BUILD_OPTIONS,
      entryPoints: [entryPath],
      outfile,
      write: false,
      define: { CDKTF_VIRT_BUNDLED_SCHEMA: JSON.stringify(schema.toString("base64")) },
      plugins: [
        {
          name: "provider-section",
          setup(build) {
            build.onResolve({ filter: /.*/ }, (args) =>
              args.kind === "require-call" && args.importer === entryPath
                ? { path: PROVIDER_SECTION, external: true }
                : undefined,
            );
            // What the loader itself hands the host (see bundle-providers-loader.js).
            build.onResolve({ filter: /^cdktf-virt:tier-up$/ }, (args) => ({ path: args.path, external: true }));
          },
        },
      ],
    });
    const providerSection = await esbuild.build({
      ...BUILD_OPTIONS,
      write: false,
      stdin: {
        resolveDir: root,
        sourcefile: `${type}-provider-section.ts`,
        loader: "ts",
        contents:
          `export { providerHandlers } from "./lib/provider/framework";\n` +
          `export { ${provider[1]} } from "./${provider[0]}";\n`,
      },
    });
    const hostCode = host.outputFiles[0].text;
    if (!hostCode.includes(JSON.stringify(PROVIDER_SECTION)))
      throw new Error(`${entry} does not require its provider (the bundle would hold it twice)`);
    // Write then rename: a test or terraform reading the file concurrently never sees half of it.
    const partial = `${outfile}.${process.pid}.partial`;
    writeFileSync(partial, withLoader(hostCode, providerSection.outputFiles[0].text), { mode: 0o755 });
    chmodSync(partial, 0o755);
    renameSync(partial, outfile);
    console.log(`bundle-providers: ${type} -> ${outfile} (${Date.now() - started} ms)`);
  }
}

module.exports = { ENTRIES, schemaResponse };

if (require.main === module) {
  main().catch((err) => {
    console.error(`bundle-providers: ${err && err.stack ? err.stack : err}`);
    process.exit(1);
  });
}
