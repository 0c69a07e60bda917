#!/usr/bin/env node
// Helpers of test/consumer/run.sh (run by the test harness, never by the consumer repository). Each subcommand
// prints what it found and exits 1, with a message saying what was expected and what was seen, when a check fails.
//
//   support.js readme-example README OUT FRAMEWORK STACK_ID    main.ts from the README's "## In code" ts block
//   support.js unprotect MAIN_TS                                 give the pgdata volume `protect: false`
//   support.js readme-agrees-with-explain README EXPLAIN_LOG     init's README on lifting protect = explain --json
//   support.js check-names CDK_TF_JSON STACK_ID                  every Incus object name starts with STACK_ID-
//   support.js check-deployed SHOW_JSON                          instances running, volumes present (incus query)
//   support.js check-copies APP_DIR FRAMEWORK                    one copy of the framework and constructs for the app
//   support.js entry-points APP_DIR FRAMEWORK                   write a file that uses every documented entry point
//   support.js same-config BEFORE_JSON AFTER_JSON                two synth outputs equal, metadata ("//") aside
//   support.js leftovers STACK_ID                                Incus objects of this stack, one per line
"use strict";
const { execFileSync } = require("node:child_process");
const { readFileSync, writeFileSync, realpathSync } = require("node:fs");
const { createRequire } = require("node:module");
const { join } = require("node:path");

function fail(message) {
  process.stderr.write(`consumer: ${message}\n`);
  process.exit(1);
}

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

function incusQuery(path) {
  try {
    return JSON.parse(execFileSync("incus", ["query", path], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
  } catch (err) {
    const stderr = String(err.stderr || "").trim();
    if (/not found/i.test(stderr)) return undefined;
    throw new Error(`incus query ${path} failed: ${stderr || err.message}`);
  }
}

const commands = {
  // The README's "## In code" example, as a user copies it, with the framework import and a unique stack id.
  "readme-example"(readme, out, framework, stackId) {
    const text = readFileSync(readme, "utf8");
    const section = text.split(/^## In code\s*$/m)[1];
    if (section === undefined) fail(`expected a "## In code" section in ${readme}; there is none`);
    const block = /^```ts\n([\s\S]*?)^```/m.exec(section);
    if (!block) fail(`expected a \`\`\`ts block in the "## In code" section of ${readme}; there is none`);
    let code = block[1];
    const importLine = /^import \{([^}]*)\} from "cdktf";.*$/m;
    if (!importLine.test(code))
      fail(`expected the README example to import from "cdktf"; it starts:\n${code.slice(0, 300)}`);
    code = code.replace(importLine, `import {$1} from "${framework}";`);
    const stackLine = /new TerraformStack\(app, "lab"\)/;
    if (!stackLine.test(code))
      fail(`expected the README example to create \`new TerraformStack(app, "lab")\`; it does not:\n${code}`);
    code = code.replace(stackLine, `new TerraformStack(app, "${stackId}")`);
    if (!/new Volume\(stack, "pgdata", \{ pool, size: "10GiB" \}\)/.test(code)) {
      fail(
        `expected the README example to declare \`new Volume(stack, "pgdata", { pool, size: "10GiB" })\` (the test lifts its protection to remove it); it does not:\n${code}`,
      );
    }
    writeFileSync(out, code);
    process.stdout.write(code);
  },

  // As a user does before removing protected data: protect: false on the persistent volume (the README example's
  // or init's starter, which also names its lifecycle).
  unprotect(mainTs) {
    const code = readFileSync(mainTs, "utf8");
    const from = /new Volume\(stack, "pgdata", \{ pool, size: "10GiB"(, lifecycle: VolumeLifecycle\.PERSISTENT)? \}\)/;
    if (!from.test(code))
      fail(`expected ${mainTs} to declare \`new Volume(stack, "pgdata", { pool, size: "10GiB" })\`; it does not`);
    writeFileSync(mainTs, code.replace(from, 'new Volume(stack, "pgdata", { pool, size: "10GiB"$1, protect: false })'));
  },

  // What init's README says the deploy after \`protect: false\` does to db (rebuilt or updated in place) must be
  // what \`cdktf-virt explain --json\` says of that plan; and the volume keeps its data either way.
  "readme-agrees-with-explain"(readme, explainLog) {
    const section = readFileSync(readme, "utf8")
      .split(/^## Data is protected$/m)[1]
      ?.split(/^## /m)[0];
    if (!section) fail(`expected a "## Data is protected" section in ${readme}; there is none`);
    const saysRebuilt = /rebuilds `db`/.test(section);
    const saysInPlace = /`db` is not rebuilt/.test(section);
    if (saysRebuilt === saysInPlace)
      fail(
        `expected the README to say either "rebuilds \`db\`" or "\`db\` is not rebuilt" after protect: false; it says:\n${section}`,
      );
    const log = readFileSync(explainLog, "utf8");
    const start = log.search(/^\{$/m);
    if (start < 0) fail(`expected explain's JSON report in ${explainLog}; it has:\n${log.slice(0, 2000)}`);
    const report = JSON.parse(log.slice(start));
    const db = report.instances.find((i) => /(^|[-_.])db$/.test(i.name) || /(^|[-_.])db(_|$)/.test(i.address));
    if (!db)
      fail(
        `expected explain to report the instance db; it reports: ${
          report.instances.map((i) => i.address).join(", ") || "no instance"
        }`,
      );
    const replaced = db.action === "replace" || db.action === "delete";
    if (replaced !== saysRebuilt) {
      fail(
        `the README says the deploy after protect: false ${
          saysRebuilt ? "rebuilds" : "does not rebuild"
        } db; explain says db's action is "${db.action}"`,
      );
    }
    if (report.summary.volumesLosingData !== 0)
      fail(`expected no volume to lose data; explain counts ${report.summary.volumesLosingData}`);
    const pgdata = report.volumes.find((v) => /pgdata/.test(v.name) || /pgdata/.test(v.address));
    if (!pgdata || !["update", "no-op"].includes(pgdata.action))
      fail(`expected pgdata to be updated in place; explain says ${JSON.stringify(pgdata && pgdata.action)}`);
    console.log(`README and explain agree: db ${db.action}, pgdata ${pgdata.action}, no data lost`);
  },

  // Before anything is deployed: every object the stack would create on the host carries the unique id.
  "check-names"(file, stackId) {
    const resources = readJson(file).resource || {};
    const bad = [];
    let count = 0;
    for (const [type, byName] of Object.entries(resources)) {
      if (!type.startsWith("incus_")) continue;
      for (const [name, body] of Object.entries(byName)) {
        count++;
        if (typeof body.name !== "string" || !body.name.startsWith(`${stackId}-`))
          bad.push(`${type}.${name} is named ${JSON.stringify(body.name)}`);
      }
    }
    if (count === 0) fail(`expected incus_* resources in ${file}; there are none`);
    if (bad.length > 0)
      fail(`expected every Incus object name to start with "${stackId}-", but:\n  ${bad.join("\n  ")}`);
    console.log(`${count} Incus objects, all named "${stackId}-…"`);
  },

  // After deploy: what the state says exists is there on the host, and the instance runs.
  "check-deployed"(showJson) {
    const resources = (readJson(showJson).values?.root_module?.resources || []).filter((r) => r.mode === "managed");
    const instances = resources.filter((r) => r.type === "incus_instance");
    const volumes = resources.filter((r) => r.type === "incus_storage_volume");
    if (instances.length === 0 || volumes.length === 0) {
      fail(
        `expected the state to hold instances and volumes; it holds: ${
          resources.map((r) => r.address).join(", ") || "nothing"
        }`,
      );
    }
    const problems = [];
    for (const r of instances) {
      const { name, project } = r.values;
      const q = project && project !== "default" ? `?project=${project}` : "";
      // The status from the instance object: a /state read of the starter's container (no NIC) would switch Incus 6.0
      // to a child process per network-state read until incusd restarts (docs/providers.md, "Things to know").
      const instance = incusQuery(`/1.0/instances/${name}${q}`);
      if (!instance) problems.push(`instance ${name} (${r.address}) does not exist on the host`);
      else if (instance.status !== "Running") problems.push(`instance ${name} is ${instance.status}, expected Running`);
      else console.log(`instance ${name}: Running`);
    }
    for (const r of volumes) {
      const { name, pool, project } = r.values;
      const q = project && project !== "default" ? `?project=${project}` : "";
      const volume = incusQuery(`/1.0/storage-pools/${pool}/volumes/custom/${name}${q}`);
      if (!volume) problems.push(`volume ${pool}/${name} (${r.address}) does not exist on the host`);
      else console.log(`volume ${pool}/${name}: used by ${(volume.used_by || []).join(", ") || "nothing"}`);
    }
    if (problems.length > 0) fail(problems.join("\n"));
  },

  // One copy of the framework and of constructs for the app: every copy that the app, cdktf-virt or the framework
  // depend on is one and the same directory, and the node the app runs resolves that one from all three. Copies
  // that only a CLI pulls in (cdktf-cli and cdktn-cli pin their own constructs) are listed, not counted: the CLI
  // runs the app in another process, so they never meet the app's. The other framework must not be installed.
  "check-copies"(appDir, framework) {
    const other = framework === "cdktf" ? "cdktn" : "cdktf";
    const clis = new Set(["cdktf-cli", "cdktn-cli"]);
    let tree;
    try {
      tree = JSON.parse(
        execFileSync("npm", ["ls", "--all", "--json", "--long"], {
          cwd: appDir,
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
          maxBuffer: 1 << 28,
        }),
      );
    } catch (err) {
      const problems = (() => {
        try {
          return JSON.parse(err.stdout).problems || [];
        } catch {
          return [String(err.stderr || err.message).trim()];
        }
      })();
      fail(
        `expected \`npm ls --all\` to report a valid tree in ${appDir}; it exits ${err.status} with: ${problems
          .slice(0, 8)
          .join(" / ")}`,
      );
    }
    const seen = new Map(); // name -> { app: Map<path, version>, cli: Map<path, version> }
    const walk = (node, top) => {
      for (const [name, child] of Object.entries(node.dependencies || {})) {
        const first = top ?? name;
        if (child.path && [framework, other, "constructs"].includes(name)) {
          const entry = seen.get(name) ?? { app: new Map(), cli: new Map() };
          seen.set(name, entry);
          (clis.has(first) ? entry.cli : entry.app).set(realpathSync(child.path), child.version);
        }
        if (!child.deduped) walk(child, first);
      }
    };
    walk(tree, undefined);
    const show = (paths) =>
      [...paths].map(([p, v]) => `${v} (${p.startsWith(appDir) ? p.slice(appDir.length + 1) : p})`).join(", ");
    const problems = [];
    for (const name of [framework, "constructs"]) {
      const { app, cli } = seen.get(name) ?? { app: new Map(), cli: new Map() };
      for (const p of app.keys()) cli.delete(p);
      if (app.size !== 1)
        problems.push(
          `expected exactly one copy of ${name} for the app, cdktf-virt and ${framework}; found ${app.size}: ${
            show(app) || "none"
          }`,
        );
      console.log(`${name}: ${show(app)}${cli.size ? `; pinned by the CLI only: ${show(cli)}` : ""}`);
    }
    if (seen.has(other)) {
      const { app, cli } = seen.get(other);
      problems.push(`expected no ${other} in a ${framework} app; found ${show(new Map([...app, ...cli]))}`);
    }
    // What node actually loads: from the app, from cdktf-virt and from the framework.
    const fromApp = createRequire(join(appDir, "package.json"));
    const requireFrom = (pkg) => {
      try {
        return createRequire(fromApp.resolve(pkg));
      } catch {
        return fromApp; // reported below
      }
    };
    const fromVirt = requireFrom("cdktf-virt");
    const fromFramework = requireFrom(framework);
    for (const name of [framework, "constructs"]) {
      let loaded;
      try {
        loaded = new Set([fromApp.resolve(name), fromVirt.resolve(name)].map((p) => realpathSync(p)));
        if (name === "constructs") loaded.add(realpathSync(fromFramework.resolve(name)));
      } catch (err) {
        problems.push(`expected ${name} to resolve from the app and from cdktf-virt: ${err.message.split("\n")[0]}`);
        continue;
      }
      if (loaded.size !== 1)
        problems.push(
          `expected the app, cdktf-virt${
            name === "constructs" ? ` and ${framework}` : ""
          } to load one ${name}; they load: ${[...loaded].join(", ")}`,
        );
    }
    if (problems.length > 0) fail(problems.join("\n"));
  },

  // README "Entry points": each loads at run time, and its types resolve in the app's TypeScript setup, against the
  // app's framework (a cdktn app through the tsconfig "paths" mapping): the L1 bindings must be TerraformResources
  // of that framework, not `any`. Writes entry-points.ts and tsconfig.entry-points.json (tsconfig.json + that file).
  "entry-points"(appDir, framework) {
    const entries = [
      "cdktf-virt",
      "cdktf-virt/bindings",
      "cdktf-virt/lifecycle",
      "cdktf-virt/incus",
      "cdktf-virt/libvirt",
      "cdktf-virt/tooling",
    ];
    const fromApp = createRequire(join(appDir, "package.json"));
    const problems = [];
    for (const entry of entries) {
      try {
        fromApp(entry);
      } catch (err) {
        problems.push(`require("${entry}") fails in the app: ${err.message.split("\n")[0]}`);
      }
    }
    if (problems.length > 0) fail(problems.join("\n"));
    writeFileSync(
      join(appDir, "entry-points.ts"),
      `// Written by the consumer test: cdktf-virt's entry points type-check in this app, against ${framework}'s types.
import { TerraformResource } from "${framework}";
import { Instance } from "cdktf-virt";
import { IncusStorageVolumeResource } from "cdktf-virt/bindings";
import { VolumeLifecycle } from "cdktf-virt/lifecycle";
import type * as incus from "cdktf-virt/incus";
import type * as libvirt from "cdktf-virt/libvirt";
import type * as tooling from "cdktf-virt/tooling";

type IsAny<T> = 0 extends 1 & T ? true : false;
export const frameworkTypesAreAny: IsAny<IncusStorageVolumeResource["addOverride"]> = false;
export const bindingIsAResource: TerraformResource = null as unknown as IncusStorageVolumeResource;
export const lifecycle: VolumeLifecycle = VolumeLifecycle.PERSISTENT;
export type Modules = [typeof incus, typeof libvirt, typeof tooling, Instance];
`,
    );
    writeFileSync(
      join(appDir, "tsconfig.entry-points.json"),
      JSON.stringify({ extends: "./tsconfig.json", include: ["main.ts", "entry-points.ts"] }, null, 2) + "\n",
    );
    console.log(`${entries.length} entry points load; entry-points.ts written for tsc`);
  },

  // The migration changes nothing Terraform sees: same resources, same addresses, same arguments.
  "same-config"(beforeFile, afterFile) {
    const strip = (value) => {
      if (Array.isArray(value)) return value.map(strip);
      if (value && typeof value === "object") {
        return Object.fromEntries(
          Object.entries(value)
            .filter(([k]) => k !== "//")
            .map(([k, v]) => [k, strip(v)]),
        );
      }
      return value;
    };
    const addresses = (doc) =>
      Object.entries(doc.resource || {})
        .flatMap(([type, byName]) => Object.keys(byName).map((n) => `${type}.${n}`))
        .sort();
    const before = strip(readJson(beforeFile));
    const after = strip(readJson(afterFile));
    const a = addresses(before);
    const b = addresses(after);
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      fail(
        `expected the same resource addresses after the migration.\n  before: ${a.join(", ")}\n  after:  ${b.join(
          ", ",
        )}`,
      );
    }
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      const diff = [];
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
        if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) diff.push(key);
      }
      fail(
        `expected the same Terraform configuration after the migration (metadata aside); these top-level blocks differ: ${diff.join(
          ", ",
        )}`,
      );
    }
    console.log(`same configuration: ${a.length} resources (${a.join(", ")})`);
  },

  // Objects on the host that belong to this stack: the name starts with "<id>-" or the ownership marker names the
  // stack. One line each, in deletion order: "instance PROJECT NAME", "volume PROJECT POOL NAME", "pool NAME".
  leftovers(stackId) {
    if (!/^cdktf-virt-consumer-[0-9a-f]{6,}$/.test(stackId))
      fail(`refusing to look for objects of "${stackId}": not a consumer test id`);
    const ours = (name, config) =>
      name.startsWith(`${stackId}-`) || String((config || {})["user.cdktf-virt.owner"] || "").startsWith(`${stackId}/`);
    const lines = [];
    for (const i of incusQuery("/1.0/instances?recursion=1&all-projects=true") || []) {
      if (ours(i.name, i.config)) lines.push(`instance ${i.project} ${i.name}`);
    }
    const pools = incusQuery("/1.0/storage-pools?recursion=1") || [];
    for (const pool of pools) {
      for (const v of incusQuery(`/1.0/storage-pools/${pool.name}/volumes?recursion=1&all-projects=true`) || []) {
        if (v.type === "custom" && ours(v.name, v.config))
          lines.push(`volume ${v.project || "default"} ${pool.name} ${v.name}`);
      }
    }
    for (const pool of pools) if (ours(pool.name, pool.config)) lines.push(`pool ${pool.name}`);
    if (lines.length > 0) console.log(lines.join("\n"));
  },
};

const [command, ...args] = process.argv.slice(2);
if (!commands[command])
  fail(`unknown subcommand ${JSON.stringify(command)}; one of: ${Object.keys(commands).join(", ")}`);
try {
  commands[command](...args);
} catch (err) {
  fail(`${command}: ${err.message}`);
}
