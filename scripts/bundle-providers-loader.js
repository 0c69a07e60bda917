// The start of every bundled provider's JavaScript (scripts/bundle-providers.js puts the provider's code after it,
// each line commented out with "//", so node's own parse of the file skips it at the cost of a comment). It compiles
// that code with a V8 code cache kept in $TMPDIR/cdktf-virt-code-cache-<uid>/, so a start after the first skips
// compiling the bundle (about 30 ms of CPU for the incus provider); any problem with the cache means compiling as
// usual. CDKTF_VIRT_PROVIDER_CODE_CACHE=0 turns it off.
// Kept plain and small: it runs before anything else at every start of a provider.
"use strict";
(() => {
  const fs = require("node:fs");
  const path = require("node:path");
  const vm = require("node:vm");
  const text = fs.readFileSync(__filename, "utf8");
  const marker = "\n//@provider-code\n";
  const at = text.indexOf(marker);
  const end = text.indexOf("\n//@end-provider-code\n", at);
  if (at < 0 || end < 0) throw new Error(`${__filename}: the provider code is missing`);
  // (what follows the end, e.g. a line appended to the file, is node's as usual)
  const code = text
    .slice(at + marker.length - 1, end)
    .split("\n//")
    .join("\n");
  const lineOffset = text.slice(0, at).split("\n").length;
  const cache = codeCache();
  let cachedData;
  try {
    const stored = cache && fs.readFileSync(cache.file);
    // The first line names the bundle and node it was made for: V8 itself checks only the source's length.
    const eol = stored ? stored.indexOf(10) : -1;
    if (stored && eol > 0 && stored.toString("utf8", 0, eol) === cache.identity) cachedData = stored.subarray(eol + 1);
  } catch {
    // no cache yet
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
    filename: __filename,
    lineOffset,
    cachedData,
  });
  if (cache && (cachedData === undefined || script.cachedDataRejected)) {
    // Made once the provider's code has loaded (the plugin says so: lib/provider/plugin/loaded-signal.ts), half a
    // second later (functions compiled by the first calls are in the cache too) or when the process ends before.
    // A process that never loads the provider (a start that only answered the prebuilt schema) makes none: its
    // cache would leave every later start compiling the provider.
    let written = false;
    const write = () => {
      if (written) return;
      written = true;
      writeCache(cache, script);
    };
    process.once("cdktf-virt:provider-loaded", () => {
      setTimeout(write, 500).unref();
      process.once("exit", write);
    });
  }
  script.runInThisContext()(exports, require, module, __filename, __dirname);

  // One cache file per bundle path (rewritten when the bundle changes), in a directory of this user that nobody
  // else can write: the cache is code this process runs.
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

  function writeCache({ file, identity }, compiled) {
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
    // The caches of bundles that are gone (a removed checkout or stack output) go too: each is half a megabyte.
    try {
      const dir = path.dirname(file);
      for (const name of fs.readdirSync(dir)) {
        if (!/^code\.[0-9a-f]+$/.test(name) || path.join(dir, name) === file) continue;
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
