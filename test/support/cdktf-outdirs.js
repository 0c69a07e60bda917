// cdktf's Testing.app() and Testing.fullSynth() make a "cdktf.outdir.*" directory under the temp directory for every
// app they synthesize and never remove it: hundreds per run of the unit tests. Each test file removes the ones made
// while it ran (files run one after another in a jest worker, and node's fs is shared by the modules of a worker).
"use strict";
const fs = require("node:fs");
const { basename } = require("node:path");

const made = [];
const mkdtempSync = fs.mkdtempSync;
fs.mkdtempSync = function (prefix, ...rest) {
  const dir = mkdtempSync.call(this, prefix, ...rest);
  if (basename(String(prefix)) === "cdktf.outdir.") made.push(dir);
  return dir;
};

afterAll(() => {
  fs.mkdtempSync = mkdtempSync;
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
