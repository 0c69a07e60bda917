// The import graph of lib/, read from the sources with the TypeScript parser (no type checking, so it takes about a
// second): every `import`, `export … from`, `import("…")`, `import("…").Type`, `require("…")` and
// `declare module "…"` of every file.
// Type-only imports count too: a circle of types still makes two files one unit that cannot be read apart.
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

export interface Import {
  /** The importing file, relative to the repository root ("lib/constructs/volume.ts"). */
  readonly from: string;
  /** The imported file for a relative specifier, else the package name ("cdktf", "node:fs", "undici"). */
  readonly to: string;
  readonly external: boolean;
  /** `import type`, or every name imported is `type` (erased when compiled). */
  readonly typeOnly: boolean;
}

export function sourceFiles(root: string, dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (p.endsWith(".ts") && !p.endsWith(".d.ts")) files.push(path.relative(root, p));
    }
  };
  walk(path.join(root, dir));
  return files.sort();
}

/** Every import of the .ts files under root/dir. Throws on a relative specifier that names no file. */
export function importGraph(root: string, dir: string): Import[] {
  const imports: Import[] = [];
  for (const file of sourceFiles(root, dir)) {
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest);
    const add = (specifier: string, typeOnly: boolean) => {
      if (!specifier.startsWith(".")) {
        imports.push({ from: file, to: packageName(specifier), external: true, typeOnly });
        return;
      }
      const to = resolveRelative(root, file, specifier);
      if (to === undefined) throw new Error(`${file}: cannot resolve the import "${specifier}"`);
      imports.push({ from: file, to, external: false, typeOnly });
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, importsOnlyTypes(node.importClause));
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.exportClause;
        const onlyTypes =
          clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly);
        add(node.moduleSpecifier.text, node.isTypeOnly || onlyTypes);
      } else if (
        ts.isImportTypeNode(node) &&
        ts.isLiteralTypeNode(node.argument) &&
        ts.isStringLiteral(node.argument.literal)
      ) {
        add(node.argument.literal.text, true);
      } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
        // `declare module "./x" { … }` augments x: a type-only edge to it.
        add(node.name.text, true);
      } else if (ts.isCallExpression(node) && isImportOrRequire(node.expression) && node.arguments.length === 1) {
        const [argument] = node.arguments;
        if (ts.isStringLiteralLike(argument)) add(argument.text, false);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return imports;
}

function importsOnlyTypes(clause: ts.ImportClause | undefined): boolean {
  if (clause === undefined) return false; // `import "./x"`: run for its effects
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    clause.name === undefined &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((e) => e.isTypeOnly)
  );
}

function isImportOrRequire(callee: ts.Expression): boolean {
  return callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require");
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

function resolveRelative(root: string, file: string, specifier: string): string | undefined {
  const base = path.resolve(root, path.dirname(file), specifier);
  for (const candidate of [`${base}.ts`, path.join(base, "index.ts"), base]) {
    if (candidate.endsWith(".ts") && fs.existsSync(candidate)) return path.relative(root, candidate);
  }
  if (specifier.endsWith(".json") && fs.existsSync(base)) return path.relative(root, base);
  return undefined;
}

/**
 * Every circle of imports between files, each once: as the list of files from the alphabetically first one back to
 * itself ("a.ts → b.ts → a.ts"). Stops at `limit` circles: a tangle of many files has more circles than anyone reads.
 */
export function importCycles(imports: readonly Import[], limit = 100): string[][] {
  const next = new Map<string, string[]>();
  for (const i of imports) {
    if (i.external) continue;
    const targets = next.get(i.from) ?? [];
    if (!targets.includes(i.to)) targets.push(i.to);
    next.set(i.from, targets);
  }
  const cycles: string[][] = [];
  for (const start of [...next.keys()].sort()) {
    // Only files after `start` may appear on the way, so each circle is found once, from its first file.
    const trail = [start];
    const walk = (file: string) => {
      for (const target of next.get(file) ?? []) {
        if (cycles.length >= limit) return;
        if (target === start) cycles.push([...trail, start]);
        else if (target > start && !trail.includes(target)) {
          trail.push(target);
          walk(target);
          trail.pop();
        }
      }
    };
    walk(start);
  }
  return cycles;
}
