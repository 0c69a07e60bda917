// The start of every bundled provider's JavaScript (scripts/bundle-providers.js puts the code after it in two
// sections, each line commented out with "//", so node's own parse of the file skips it at the cost of a comment):
// the plugin host, compiled and run at once, and the provider (the framework and the provider's code, ~1 MB for
// incus), compiled when the host first requires it: a start that only answers the prebuilt schema never does. Each
// section is compiled with a V8 code cache kept in $TMPDIR/cdktf-virt-code-cache-<uid>/, so a start after the first
// skips compiling it; any problem with the cache means compiling as usual. CDKTF_VIRT_PROVIDER_CODE_CACHE=0 turns
// it off.
// Before that, V8's optimizing compilers are told to start later (see lateTierUp); the host gets the way back to V8's
// defaults as the module "cdktf-virt:tier-up" (lib/provider/plugin/tier-up.ts decides when).
// Kept plain and small: it runs before anything else at every start of a provider.
"use strict";
(() => {
  const fs = require("node:fs");
  const path = require("node:path");
  const vm = require("node:vm");
  const tierUp = lateTierUp();
  // Bytes: only the sections compiled are decoded (the markers are ASCII, so their offsets cut no character).
  const bytes = fs.readFileSync(__filename);
  const hostAt = bytes.indexOf("\n//@plugin-host-code\n");
  const providerAt = bytes.indexOf("\n//@provider-code\n", hostAt);
  const end = bytes.indexOf("\n//@end-provider-code\n", providerAt);
  if (hostAt < 0 || providerAt < 0 || end < 0) throw new Error(`${__filename}: the provider code is missing`);
  // (what follows the end, e.g. a line appended to the file, is node's as usual)
  const cache = codeCache();

  let providerExports;
  const loadProvider = () => {
    if (!providerExports) {
      const providerModule = { exports: {} };
      const at = providerAt + "\n//@provider-code".length;
      compile("provider", at, end)(providerModule.exports, require, providerModule, __filename, __dirname);
      providerExports = providerModule.exports;
    }
    return providerExports;
  };
  // The host's require of the framework and of the provider (scripts/bundle-providers.js) gets the provider section.
  const hostRequire = Object.assign((id) => {
    if (id === "cdktf-virt:provider-section") return loadProvider();
    if (id === "cdktf-virt:tier-up") return tierUp;
    return require(id);
  }, require);
  compile("host", hostAt + "\n//@plugin-host-code".length, providerAt)(
    exports,
    hostRequire,
    module,
    __filename,
    __dirname,
  );

  /** Compiles the section text[from, to) (from is at the \n before its first line) into a CommonJS wrapper. */
  function compile(section, from, to) {
    const code = bytes.toString("utf8", from, to).split("\n//").join("\n");
    let lineOffset = 0;
    for (let at = bytes.indexOf(10); at >= 0 && at < from; at = bytes.indexOf(10, at + 1)) lineOffset++;
    const file = cache && `${cache.file}.${section}`;
    let cachedData;
    try {
      const stored = file && fs.readFileSync(file);
      // The first line names the bundle and node it was made for: V8 itself checks only the source's length.
      const eol = stored ? stored.indexOf(10) : -1;
      if (stored && eol > 0 && stored.toString("utf8", 0, eol) === cache.identity)
        cachedData = stored.subarray(eol + 1);
    } catch {
      // no cache yet
    }
    const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
      filename: __filename,
      lineOffset,
      cachedData,
    });
    if (file && (cachedData === undefined || script.cachedDataRejected)) {
      // Made half a second after the section was loaded (functions compiled by the first calls are in it too), or
      // when the process ends before that.
      let written = false;
      const write = () => {
        if (written) return;
        written = true;
        writeCache(file, cache.identity, script);
      };
      setTimeout(write, 500).unref();
      process.once("exit", write);
    }
    return script.runInThisContext();
  }

  // A provider process serves one Terraform command: seconds, a few hundred to many thousand gRPC calls. With V8's
  // defaults the optimizing compilers (TurboFan; Maglev first on Node 24) take a function after a few thousand
  // calls, and in a short command most of those compiles cost more CPU than the faster code saves before the process
  // exits. So the thresholds start eight times higher, and the host puts V8's defaults back once the process has
  // served enough calls for a long command (lib/provider/plugin/tier-up.ts): there, code that runs once per call
  // must be optimized (BENCHMARKS.md, "Later tier-up"). V8 12+ (Node 22, 24) counts calls; V8 11 (Node 20) counts
  // bytecode run.
  // CDKTF_VIRT_PROVIDER_LATE_TIER_UP=0 keeps V8's defaults. Returns the way back, or undefined.
  function lateTierUp() {
    if (process.env.CDKTF_VIRT_PROVIDER_LATE_TIER_UP === "0") return undefined;
    const defaults =
      Number(process.versions.v8.split(".")[0]) >= 12
        ? { "invocation-count-for-turbofan": 3000, "invocation-count-for-maglev": 400 }
        : { "interrupt-budget": 67584 };
    const times = (factor) =>
      Object.entries(defaults)
        .map(([flag, value]) => `--${flag}=${value * factor}`)
        .join(" ");
    const v8 = require("node:v8");
    v8.setFlagsFromString(times(8));
    return { restoreDefaults: () => v8.setFlagsFromString(times(1)) };
  }

  // One cache file per bundle path and section (rewritten when the bundle changes), in a directory of this user that
  // nobody else can write: the cache is code this process runs.
  function codeCache() {
    try {
      if (process.env.CDKTF_VIRT_PROVIDER_CODE_CACHE === "0" || typeof process.getuid !== "function") return undefined;
      const dir = path.join(require("node:os").tmpdir(), `cdktf-virt-code-cache-${process.getuid()}`);
      try {
        fs.mkdirSync(dir, { mode: 0o700 });
      } catch {
        // exists (checked below) or cannot be made
      }
      const d = fs.lstatSync(dir);
      if (!d.isDirectory() || d.uid !== process.getuid() || (d.mode & 0o022) !== 0) return undefined;
      const f = fs.statSync(__filename);
      let hash = 0x811c9dc5; // FNV-1a of the path: a collision only costs a rejected cache
      for (let i = 0; i < __filename.length; i++) hash = Math.imul(hash ^ __filename.charCodeAt(i), 0x01000193) >>> 0;
      return {
        file: path.join(dir, `code.${hash.toString(16)}`),
        identity: `${__filename} ${f.dev} ${f.ino} ${f.size} ${f.mtimeMs} ${process.version} ${process.arch}`,
      };
    } catch {
      return undefined;
    }
  }

  function writeCache(file, identity, compiled) {
    const partial = `${file}.${process.pid}.partial`;
    try {
      fs.writeFileSync(partial, Buffer.concat([Buffer.from(`${identity}\n`), compiled.createCachedData()]), {
        mode: 0o600,
      });
      fs.renameSync(partial, file);
    } catch {
      fs.rmSync(partial, { force: true });
      return;
    }
    // The caches of bundles that are gone (a removed checkout or stack output) go too: each is up to half a megabyte.
    try {
      const dir = path.dirname(file);
      for (const name of fs.readdirSync(dir)) {
        if (!/^code\.[0-9a-f]+(?:\.[a-z]+)?$/.test(name) || path.join(dir, name) === file) continue;
        const fd = fs.openSync(path.join(dir, name), "r");
        const head = Buffer.alloc(4096);
        const n = fs.readSync(fd, head, 0, head.length, 0);
        fs.closeSync(fd);
        const line = head.toString("utf8", 0, n).split("\n")[0];
        const bundle = line.split(" ").slice(0, -6).join(" ");
        if (bundle !== "" && !fs.existsSync(bundle)) fs.rmSync(path.join(dir, name), { force: true });
      }
    } catch {
      // another start pruning at the same time, or an unreadable entry: left for the next one
    }
  }
})();
