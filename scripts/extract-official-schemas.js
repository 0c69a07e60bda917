#!/usr/bin/env node
// Extracts the resource and data source schemas of the official lxc/incus Terraform provider from its Go source,
// for the schema parity test (test/unit/provider/incus/official-schema-parity.test.ts). The official provider
// cannot be downloaded here, so `terraform providers schema -json` is not available; its schemas are Go composite
// literals (`schema.Schema{Attributes: map[string]schema.Attribute{...}}`), regular enough to read directly.
//
// Usage: node scripts/extract-official-schemas.js --git-dir <bare repo> [--ref v1.1.1] [--out <file>]
// The output maps each registered type to its attributes by path ("device.properties"), with the cty type in
// Terraform's JSON form and the required/optional/computed/sensitive flags; nested attributes and blocks get an
// entry of their own ("nested"/"block": the nesting mode) followed by their children.
"use strict";
const { execFileSync } = require("node:child_process");
const { mkdirSync, writeFileSync } = require("node:fs");
const { dirname } = require("node:path");
const { tokenize: tokenizeGo } = require("./upstream/go-subset");

function args() {
  const out = { gitDir: undefined, ref: "v1.1.1", out: undefined };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    if (argv[i] === "--git-dir") out.gitDir = value;
    else if (argv[i] === "--ref") out.ref = value;
    else if (argv[i] === "--out") out.out = value;
    else throw new Error(`unknown argument ${argv[i]}`);
    i++;
  }
  if (!out.gitDir) throw new Error("--git-dir is required");
  return out;
}

function git(gitDir, ...rest) {
  return execFileSync("git", [`--git-dir=${gitDir}`, ...rest], { encoding: "utf8", maxBuffer: 64 << 20 });
}

// ---- A tokenizer and composite-literal parser for the subset of Go the schemas use. ----

/** The shared Go tokenizer (scripts/upstream/go-subset.js) in the shape this parser reads: words, strings, punctuation. */
function tokenize(src) {
  const kinds = { str: "string", op: "punct", ident: "word", num: "word" };
  return tokenizeGo(src).map((t) => ({ kind: kinds[t.t], text: t.v }));
}

/**
 * Parses one expression starting at tokens[pos]. Composite literals become { type, entries: [{ key, value }] };
 * anything else (calls, identifiers, operators) becomes { text } with the words it contains. Returns [node, next].
 */
function parseExpression(tokens, pos) {
  const words = [];
  let type = "";
  while (pos < tokens.length) {
    const t = tokens[pos];
    if (t.kind === "punct" && (t.text === "," || t.text === "}" || t.text === ")" || t.text === "]")) break;
    if (t.kind === "punct" && t.text === ":") break;
    if (t.kind === "punct" && t.text === "{") {
      const [entries, next] = parseEntries(tokens, pos + 1);
      return [{ type, entries }, next];
    }
    if (t.kind === "punct" && (t.text === "(" || t.text === "[")) {
      const close = t.text === "(" ? ")" : "]";
      const start = pos;
      let depth = 0;
      for (; pos < tokens.length; pos++) {
        const u = tokens[pos];
        if (u.kind !== "punct") continue;
        if (u.text === "(" || u.text === "[" || u.text === "{") depth++;
        if (u.text === ")" || u.text === "]" || u.text === "}") depth--;
        if (depth === 0) break;
      }
      // A `[]T{` or `map[string]T{` type prefix is kept; call arguments are only remembered as words.
      const inner = tokens.slice(start, pos + 1).map((x) => x.text);
      type += inner.join("");
      words.push(...inner);
      if (tokens[pos].text !== close) throw new Error("unbalanced brackets");
      pos++;
      continue;
    }
    type += t.text;
    words.push(t.text);
    pos++;
  }
  return [{ text: words.join(" ") }, pos];
}

function parseEntries(tokens, pos) {
  const entries = [];
  while (!(tokens[pos].kind === "punct" && tokens[pos].text === "}")) {
    let [first, next] = parseExpression(tokens, pos);
    let key;
    if (tokens[next].kind === "punct" && tokens[next].text === ":") {
      key = tokens[pos].text;
      [first, next] = parseExpression(tokens, next + 1);
    }
    entries.push({ key, value: first });
    pos = next;
    if (tokens[pos].kind === "punct" && tokens[pos].text === ",") pos++;
  }
  return [entries, pos + 1];
}

function field(node, name) {
  return node.entries?.find((e) => e.key === name)?.value;
}

function flag(node, name) {
  return field(node, name)?.text === "true";
}

// ---- From parsed literals to cty types and flat attribute maps. ----

/** `types.StringType`, `types.ListType{ElemType: …}`, `types.ObjectType{AttrTypes: …}` → a cty type. */
function attrType(node) {
  const name = node.type ?? node.text;
  if (/^types\.StringType$/.test(name)) return "string";
  if (/^types\.BoolType$/.test(name)) return "bool";
  if (/^types\.(Int64|Int32|Float64|Float32|Number)Type$/.test(name)) return "number";
  if (/^types\.DynamicType$/.test(name)) return "dynamic";
  const collection = /^types\.(List|Set|Map)Type$/.exec(name);
  if (collection) return [collection[1].toLowerCase(), attrType(field(node, "ElemType"))];
  if (/^types\.ObjectType$/.test(name)) return ["object", attrTypes(field(node, "AttrTypes"))];
  throw new Error(`unsupported attr.Type ${name}`);
}

function attrTypes(node) {
  const out = {};
  for (const e of [...node.entries].sort((a, b) => a.key.localeCompare(b.key))) out[e.key] = attrType(e.value);
  return out;
}

function flags(node) {
  const out = {};
  for (const f of ["Required", "Optional", "Computed", "Sensitive"]) if (flag(node, f)) out[f.toLowerCase()] = true;
  // The framework requires Computed with a Default; say so even where a schema relies on that.
  if (field(node, "Default") && !out.computed) out.computed = true;
  return out;
}

const PRIMITIVE_ATTRIBUTES = {
  StringAttribute: "string",
  BoolAttribute: "bool",
  Int64Attribute: "number",
  Int32Attribute: "number",
  Float64Attribute: "number",
  Float32Attribute: "number",
  NumberAttribute: "number",
  DynamicAttribute: "dynamic",
};

/** Every Go source file of the checked-out version, by path (set by main; helper functions are looked up here). */
let goFiles = new Map();

/**
 * A literal written as a call of a helper without arguments (`Attributes: ruleAttributes()`): the composite literal
 * the helper returns. Anything else is returned as it is.
 */
function resolveLiteral(node) {
  const call = /^(\w+) \( \)$/.exec(node?.text ?? "");
  if (!call) return node;
  for (const src of goFiles.values()) {
    const body = functionBody(src, new RegExp(`func ${call[1]}\\(\\)[^{]*\\{`));
    if (body === undefined) continue;
    const tokens = tokenize(body);
    const ret = tokens.findIndex((t) => t.text === "return");
    return parseExpression(tokens, ret + 1)[0];
  }
  throw new Error(`helper ${call[1]}() not found`);
}

/** Adds `prefix` + each attribute (and its nested children) of a `map[string]schema.Attribute{…}` to `out`. */
function addAttributes(mapNode, prefix, out) {
  for (const e of resolveLiteral(mapNode)?.entries ?? []) {
    const path = prefix + e.key;
    const kind = e.value.type.replace(/^schema\./, "");
    if (PRIMITIVE_ATTRIBUTES[kind]) {
      out[path] = { type: PRIMITIVE_ATTRIBUTES[kind], ...flags(e.value) };
    } else if (/^(List|Set|Map)Attribute$/.test(kind)) {
      const collection = /^(List|Set|Map)/.exec(kind)[1].toLowerCase();
      out[path] = { type: [collection, attrType(field(e.value, "ElementType"))], ...flags(e.value) };
    } else if (kind === "ObjectAttribute") {
      out[path] = { type: ["object", attrTypes(field(e.value, "AttrTypes"))], ...flags(e.value) };
    } else {
      const nestedKind = /^(Single|List|Set|Map)NestedAttribute$/.exec(kind);
      if (!nestedKind) throw new Error(`${path}: unsupported attribute kind ${kind}`);
      out[path] = { nested: nestedKind[1].toLowerCase(), ...flags(e.value) };
      const object = nestedKind[1] === "Single" ? e.value : field(e.value, "NestedObject");
      addAttributes(field(object, "Attributes"), `${path}.`, out);
    }
  }
}

function addBlocks(mapNode, prefix, out) {
  for (const e of resolveLiteral(mapNode)?.entries ?? []) {
    const path = prefix + e.key;
    const kind = /^schema\.(Single|List|Set)NestedBlock$/.exec(e.value.type);
    if (!kind) throw new Error(`${path}: unsupported block kind ${e.value.type}`);
    out[path] = { block: kind[1].toLowerCase() };
    const object = kind[1] === "Single" ? e.value : field(e.value, "NestedObject");
    addAttributes(field(object, "Attributes"), `${path}.`, out);
    addBlocks(field(object, "Blocks"), `${path}.`, out);
  }
}

function sorted(obj) {
  return Object.fromEntries(
    Object.keys(obj)
      .sort()
      .map((k) => [k, obj[k]]),
  );
}

// ---- Finding the registered types and their Schema methods. ----

/** The body of the function whose header matches `header` (a RegExp), as source text. */
function functionBody(src, header) {
  const m = header.exec(src);
  if (!m) return undefined;
  let i = src.indexOf("{", m.index + m[0].length - 1);
  const start = i;
  let depth = 0;
  for (; i < src.length; i++) {
    if (src[i] === "{") depth++;
    if (src[i] === "}" && --depth === 0) break;
  }
  return src.slice(start + 1, i);
}

/** Constructor names listed in the provider's Resources() and DataSources() (and the generated list). */
function registrations(files) {
  const provider = files.get("internal/provider/provider.go");
  const generated = files.get("internal/provider/provider_gen.go") ?? "";
  const names = (body) => [...(body ?? "").matchAll(/\b\w+\.(New\w+)\b/g)].map((m) => m[1]);
  const dataSources = names(functionBody(provider, /func \(\w+ \*?\w+\) DataSources\(/));
  if (/generatedDataSources\(\)/.test(provider)) {
    dataSources.push(...names(functionBody(generated, /func generatedDataSources\(/)));
  }
  return { resources: names(functionBody(provider, /func \(\w+ \*?\w+\) Resources\(/)), dataSources };
}

function extractType(files, constructor, providerName) {
  for (const src of files.values()) {
    const ctor = new RegExp(`func ${constructor}\\(\\)[^{]*\\{\\s*return &(\\w+)\\{`).exec(src);
    if (!ctor) continue;
    const receiver = ctor[1];
    const meta = functionBody(src, new RegExp(`func \\(\\w+ \\*?${receiver}\\) Metadata\\(`));
    const suffix = /"%s(_\w+)"/.exec(meta)[1];
    const body = functionBody(src, new RegExp(`func \\(\\w+ \\*?${receiver}\\) Schema\\(`));
    const tokens = tokenize(body);
    const start = tokens.findIndex((t) => t.text === "schema.Schema");
    const [schemaNode] = parseExpression(tokens, start);
    const out = {};
    addAttributes(field(schemaNode, "Attributes"), "", out);
    addBlocks(field(schemaNode, "Blocks"), "", out);
    return [`${providerName}${suffix}`, sorted(out)];
  }
  throw new Error(`constructor ${constructor} not found`);
}

function main() {
  const opts = args();
  const commit = git(opts.gitDir, "rev-list", "-n", "1", opts.ref).trim();
  const paths = git(opts.gitDir, "ls-tree", "-r", "--name-only", commit, "internal")
    .split("\n")
    .filter((p) => p.endsWith(".go") && !p.endsWith("_test.go"));
  const files = new Map(paths.map((p) => [p, git(opts.gitDir, "show", `${commit}:${p}`)]));
  goFiles = files;
  const { resources, dataSources } = registrations(files);
  const collect = (ctors) => sorted(Object.fromEntries(ctors.map((c) => extractType(files, c, "incus"))));
  const result = {
    provider: "registry.terraform.io/lxc/incus",
    version: opts.ref,
    source: `github.com/lxc/terraform-provider-incus ${opts.ref} (${commit}), extracted by scripts/extract-official-schemas.js`,
    resources: collect(resources),
    data_sources: collect(dataSources),
  };
  const text = JSON.stringify(result, null, 2) + "\n";
  if (!opts.out) {
    process.stdout.write(text);
    return;
  }
  mkdirSync(dirname(opts.out), { recursive: true });
  writeFileSync(opts.out, text);
  console.log(
    `extract-official-schemas: ${Object.keys(result.resources).length} resources, ` +
      `${Object.keys(result.data_sources).length} data sources → ${opts.out}`,
  );
}

main();
