#!/usr/bin/env node
// Prints, last in a test run's output, one block per failed test from Jest's JSON results (--json --outputFile):
// the file, the test's full name and the first lines of its failure. A CI log is often read from its end only;
// without this the failure can sit thousands of lines above it.
"use strict";
const { existsSync, readFileSync } = require("node:fs");
const { relative } = require("node:path");

const MESSAGE_LINES = 20;

/** The failed tests of one Jest JSON result file, or of a suite that failed to run at all. */
function failures(results) {
  const out = [];
  for (const file of results.testResults ?? []) {
    const path = relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed) out.push({ path, name: a.fullName, message: (a.failureMessages ?? []).join("\n") });
    if (!failed.length && file.status === "failed") out.push({ path, name: "(the file)", message: file.message ?? "" });
  }
  return out;
}

/** The message without colour codes and without stack frames outside the project's own files. */
function firstLines(text) {
  const lines = text
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .filter((l) => l.trim() !== "" && !/^\s*at .*(node_modules|\(<anonymous>\)|node:internal)/.test(l));
  return lines
    .slice(0, MESSAGE_LINES)
    .map((l) => `    ${l}`)
    .join("\n");
}

const all = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    all.push({ path: file, name: "(no results: the Jest run did not finish)", message: "" });
    continue;
  }
  all.push(...failures(JSON.parse(readFileSync(file, "utf8"))));
}
if (all.length) {
  console.error(`\n${all.length} failed test(s):`);
  for (const f of all) console.error(`\n  ${f.path} › ${f.name}\n${firstLines(f.message)}`);
}
