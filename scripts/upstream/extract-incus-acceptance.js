#!/usr/bin/env node
// Extracts the acceptance tests of the official Incus provider (github.com/lxc/terraform-provider-incus) into a
// JSON fixture that test/integration/incus-provider/upstream-acceptance/ runs against the bundled provider:
// per test its pre-checks, steps (the configuration, the attribute checks, an expected error, an import step) and
// what the extraction could not express. Run against a checkout of the official repository at a tag:
//
//   node scripts/upstream/extract-incus-acceptance.js <checkout> <tag> > test/fixtures/upstream-incus/<tag>.json
//
// Random names of a test (petname.Generate, acctest.GenerateName) become placeholders `@@<variable>@@`, and the
// test image `@@acctest.TestImage@@`; the runner substitutes them.
"use strict";
const { execFileSync } = require("node:child_process");
const { Evaluator, Unsupported, matching, tokenize } = require("./go-subset");

/** The test files of the resources and data sources whose acceptance tests the fixture carries. */
const FILES = [
  "internal/cluster/datasource_cluster_test.go",
  "internal/image/resource_image_test.go",
  "internal/instance/resource_instance_snapshot_test.go",
  "internal/instance/resource_instance_test.go",
  "internal/network/resource_network_test.go",
  "internal/profile/resource_profile_test.go",
  "internal/project/resource_project_test.go",
  "internal/storage/resource_storage_pool_test.go",
  "internal/storage/resource_storage_volume_test.go",
];

/** Files the configurations name by a relative path (`../acctest/fixtures/test-file.txt`). */
const FIXTURE_FILES = ["internal/acctest/fixtures/test-file.txt"];

/** Calls whose result is a random name: a placeholder named after the variable. */
const RANDOM = /^(petname\.(Generate|Name)|acctest\.GenerateName|acctest\.RandomName|uuid\.|t\.TempDir)$/;

function topLevel(tokens) {
  const funcs = new Map();
  const globals = new Map([["acctest.TestImage", "@@acctest.TestImage@@"]]);
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    if (tok.t === "ident" && tok.v === "func" && tokens[i + 1].t === "ident") {
      const name = tokens[i + 1].v;
      const close = matching(tokens, i + 2);
      const params = [];
      let pending = [];
      for (let j = i + 3; j < close; j++) {
        const t = tokens[j];
        if (t.v === ",") continue;
        if (t.t === "ident" && (tokens[j + 1]?.v === "," || tokens[j + 1]?.t === "ident" || tokens[j + 1]?.v === "*")) {
          pending.push(t.v);
          if (tokens[j + 1]?.t === "ident" || tokens[j + 1]?.v === "*") {
            params.push(...pending);
            pending = [];
            j++;
            while (j + 1 < close && tokens[j + 1].v !== ",") j++;
          }
        }
      }
      let open = close + 1;
      while (tokens[open].v !== "{") open++;
      const end = matching(tokens, open);
      funcs.set(name, { params, body: tokens.slice(open + 1, end), bodyStart: open + 1 });
      i = end;
    } else if (tok.t === "ident" && (tok.v === "var" || tok.v === "const") && tokens[i + 2]?.v === "=") {
      const t = tokens[i + 3];
      if (t.t === "str") globals.set(tokens[i + 1].v, t.v);
    }
  }
  return { funcs, globals };
}

/** Splits tokens[from, to) at commas of depth 0. */
function splitTopLevel(tokens, from, to) {
  const parts = [];
  let start = from;
  for (let i = from; i < to; i++) {
    const v = tokens[i].t === "op" ? tokens[i].v : null;
    if (v === "{" || v === "(" || v === "[") i = matching(tokens, i);
    else if (v === ",") {
      parts.push([start, i]);
      start = i + 1;
    }
  }
  if (start < to) parts.push([start, to]);
  return parts;
}

/** `Key: value` entries of a composite literal's body. */
function keyed(tokens, from, to) {
  const out = new Map();
  for (const [a, b] of splitTopLevel(tokens, from, to)) {
    if (tokens[a].t === "ident" && tokens[a + 1]?.v === ":") out.set(tokens[a].v, [a + 2, b]);
  }
  return out;
}

function source(tokens, from, to) {
  return tokens
    .slice(from, to)
    .map((t) => (t.t === "str" ? JSON.stringify(t.v) : t.v))
    .join(" ");
}

function extractTest(name, fn, ev) {
  const tokens = fn.body;
  const problems = [];
  const scope = new Map();
  const placeholders = [];
  let testAt = tokens.findIndex((t) => t.t === "ident" && /^resource\.(Parallel)?Test$/.test(t.v));
  if (testAt < 0) return { name, problems: ["no resource.Test call"], steps: [] };
  // Locals before resource.Test: `name := <expr>`.
  for (let i = 0; i < testAt; i++) {
    if (tokens[i].t === "ident" && tokens[i + 1]?.v === ":=") {
      const variable = tokens[i].v;
      const rhs = tokens[i + 2];
      if (rhs.t === "ident" && RANDOM.test(rhs.v)) {
        scope.set(variable, `@@${variable}@@`);
        placeholders.push(variable);
        continue;
      }
      if (rhs.t === "ident" && (rhs.v === "map" || rhs.v === "make")) {
        // The names of the cluster's members, filled in by a check: the runner knows them.
        scope.set(variable, `@@${variable}@@`);
        placeholders.push(variable);
        continue;
      }
      try {
        scope.set(variable, ev.expr(tokens, i + 2, scope)[0]);
      } catch (e) {
        if (!(e instanceof Unsupported)) throw e;
        scope.set(variable, `@@${variable}@@`);
        problems.push(`local ${variable}: ${e.message}`);
      }
    }
  }
  const caseOpen = tokens.findIndex((t, i) => i > testAt && t.v === "{");
  const caseEnd = matching(tokens, caseOpen);
  const fields = keyed(tokens, caseOpen + 1, caseEnd);
  const precheck = [];
  if (fields.has("PreCheck")) {
    const [a, b] = fields.get("PreCheck");
    for (let i = a; i < b; i++) {
      if (tokens[i].t === "ident" && tokens[i].v.startsWith("acctest.") && tokens[i + 1]?.v === "(") {
        const close = matching(tokens, i + 1);
        const args = tokens
          .slice(i + 2, close)
          .filter((t) => t.t === "str")
          .map((t) => t.v);
        precheck.push([tokens[i].v.replace(/^acctest\./, ""), ...args].join(":"));
        i = close;
      }
    }
  }
  if (fields.has("ExternalProviders"))
    problems.push("uses an older release of the provider from the registry (ExternalProviders)");
  const steps = [];
  const [sa, sb] = fields.get("Steps") ?? [0, 0];
  const listOpen = tokens.findIndex((t, i) => i >= sa && i < sb && t.v === "{");
  if (listOpen >= 0) {
    const listEnd = matching(tokens, listOpen);
    for (const [a] of splitTopLevel(tokens, listOpen + 1, listEnd)) {
      if (tokens[a].v !== "{") continue;
      steps.push(extractStep(tokens, a + 1, matching(tokens, a), scope, ev, problems));
    }
  }
  return { name, precheck, placeholders, steps, problems };
}

function evalOr(tokens, a, b, scope, ev, problems, what) {
  try {
    return ev.expr(tokens, a, scope)[0];
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    problems.push(`${what}: ${e.message} (${source(tokens, a, b).slice(0, 120)})`);
    return null;
  }
}

function extractStep(tokens, from, to, scope, ev, problems) {
  const fields = keyed(tokens, from, to);
  const step = {};
  for (const [key, [a, b]] of fields) {
    switch (key) {
      case "Config":
        step.config = evalOr(tokens, a, b, scope, ev, problems, "Config");
        break;
      case "Check":
        step.checks = extractChecks(tokens, a, b, scope, ev, problems);
        break;
      case "ExpectError": {
        // regexp.MustCompile(<expr>)
        const pattern = evalOr(tokens, a, b, scope, ev, problems, "ExpectError");
        step.expectError = pattern && typeof pattern === "object" ? pattern.regexp : pattern;
        break;
      }
      case "ResourceName":
      case "ImportStateId":
      case "ImportStateVerifyIdentifierAttribute":
        step[key[0].toLowerCase() + key.slice(1)] = evalOr(tokens, a, b, scope, ev, problems, key);
        break;
      case "ImportState":
      case "ImportStateVerify":
      case "PlanOnly":
      case "ExpectNonEmptyPlan":
      case "Destroy":
        step[key[0].toLowerCase() + key.slice(1)] = tokens[a].v === "true";
        break;
      case "ImportStateVerifyIgnore":
        step.importStateVerifyIgnore = tokens
          .slice(a, b)
          .filter((t) => t.t === "str")
          .map((t) => t.v);
        break;
      case "ConfigPlanChecks":
        // The only plan check the tests use: plancheck.ExpectEmptyPlan() before the apply.
        if (/PreApply.*plancheck\.ExpectEmptyPlan/.test(source(tokens, a, b))) step.expectEmptyPlanBeforeApply = true;
        else step.unsupported = [...(step.unsupported ?? []), `${key}: ${source(tokens, a, b).slice(0, 200)}`];
        break;
      default:
        step.unsupported = [...(step.unsupported ?? []), `${key}: ${source(tokens, a, b).slice(0, 200)}`];
    }
  }
  return step;
}

function extractChecks(tokens, a, b, scope, ev, problems) {
  // resource.ComposeTestCheckFunc( check, check, ... )
  const open = tokens.findIndex((t, i) => i >= a && t.v === "(");
  const close = matching(tokens, open);
  const checks = [];
  for (const [x] of splitTopLevel(tokens, open + 1, close)) {
    const fn = tokens[x].v.replace(/^(resource|acctest)\./, "");
    if (tokens[x + 1]?.v !== "(") continue;
    const argsClose = matching(tokens, x + 1);
    const args = [];
    for (const [p, q] of splitTopLevel(tokens, x + 2, argsClose)) {
      if (tokens[p].v.startsWith("map[") || (tokens[p].v === "map" && tokens[p + 1]?.v === "[")) {
        const mapOpen = tokens.findIndex((t, i) => i > p && t.v === "{");
        const mapClose = matching(tokens, mapOpen);
        const entries = {};
        for (const [m, n] of splitTopLevel(tokens, mapOpen + 1, mapClose)) {
          const colon = tokens.findIndex((t, i) => i >= m && t.v === ":");
          const k = evalOr(tokens, m, colon, scope, ev, problems, "check map key");
          const v = evalOr(tokens, colon + 1, n, scope, ev, problems, "check map value");
          entries[k] = v;
        }
        args.push(entries);
      } else if (tokens[p].v === "t") {
        continue;
      } else {
        args.push(evalOr(tokens, p, q, scope, ev, problems, `check ${fn}`));
      }
    }
    checks.push({ fn, args });
  }
  return checks;
}

function main() {
  const [checkout, tag] = process.argv.slice(2);
  if (!checkout || !tag) {
    console.error("usage: extract-incus-acceptance.js <checkout of lxc/terraform-provider-incus> <tag>");
    process.exit(2);
  }
  const commit = execFileSync("git", ["-C", checkout, "rev-parse", `${tag}^{commit}`], { encoding: "utf8" }).trim();
  const files = [];
  for (const file of FILES) {
    const text = execFileSync("git", ["-C", checkout, "show", `${commit}:${file}`], { encoding: "utf8" });
    const { funcs, globals } = topLevel(tokenize(text));
    const ev = new Evaluator(funcs, globals);
    const tests = [];
    for (const [name, fn] of funcs) if (name.startsWith("TestAcc")) tests.push(extractTest(name, fn, ev));
    files.push({ file, tests });
  }
  // Files the configurations read by a path relative to a test's package directory (internal/<package>).
  const fixtures = {};
  for (const file of FIXTURE_FILES)
    fixtures[file.replace(/^internal\//, "")] = execFileSync("git", ["-C", checkout, "show", `${commit}:${file}`], {
      encoding: "utf8",
    });
  const out = {
    source: "https://github.com/lxc/terraform-provider-incus",
    tag,
    commit,
    license: "MPL-2.0 (the configurations and checks below are the official provider's test data)",
    fixtures,
    files,
  };
  process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
}

main();
