#!/usr/bin/env node
// `cdktf-virt <explain|graph|doctor> …` from the built package (dist/lib/tooling), for tests that run shell
// pipelines the way users do, independent of how bin/cdktf-virt dispatches.
"use strict";
const tooling = require("../../../../dist/lib/tooling");

const mains = { explain: tooling.explainMain, graph: tooling.graphMain, doctor: tooling.doctorMain };
const [command, ...args] = process.argv.slice(2);
if (!mains[command]) {
  process.stderr.write(`cdktf-virt (test shim): unknown command ${JSON.stringify(command)}\n`);
  process.exit(1);
}
mains[command](args, { stdout: process.stdout, stderr: process.stderr }).then((code) => (process.exitCode = code));
