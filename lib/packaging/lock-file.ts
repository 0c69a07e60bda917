// Terraform's dependency lock file (.terraform.lock.hcl) entries for the bundled providers. A cdktf stack needs
// them written at synth time: without a lock entry, `cdktf deploy` runs `terraform providers lock`, which only
// asks registries (never local mirrors) and fails for our private hostname. With an entry whose h1: hash matches
// the installed bytes, `terraform init` installs from the mirror and verifies it, and cdktf skips that step.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

export interface LockEntry {
  /** Full provider address, e.g. "registry.cdktf-virt.local/cdktf-virt/incus". */
  readonly address: string;
  readonly version: string;
  /** Version constraints as written in required_providers (default: the exact version). */
  readonly constraints?: string;
  readonly hashes: readonly string[];
}

/**
 * Terraform's "h1:" package hash of an unpacked provider directory (Go's dirhash Hash1): the SHA-256 of a
 * summary listing "<sha256 hex>  <relative path>\n" for every file, sorted by path, base64-encoded.
 */
export function packageHashV1(dir: string): string {
  const files = listFiles(dir).sort();
  let summary = "";
  for (const rel of files) {
    const digest = createHash("sha256")
      .update(readFileSync(join(dir, rel)))
      .digest("hex");
    summary += `${digest}  ${rel}\n`;
  }
  return "h1:" + createHash("sha256").update(summary).digest("base64");
}

function listFiles(dir: string, root: string = dir): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...listFiles(p, root));
    else out.push(relative(root, p).split(sep).join("/"));
  }
  return out;
}

export function renderLockEntry(e: LockEntry): string {
  const hashes = e.hashes.map((h) => `    ${JSON.stringify(h)},\n`).join("");
  return (
    `provider ${JSON.stringify(e.address)} {\n` +
    `  version     = ${JSON.stringify(e.version)}\n` +
    `  constraints = ${JSON.stringify(e.constraints ?? e.version)}\n` +
    `  hashes = [\n${hashes}  ]\n}\n`
  );
}

const HEADER =
  '# This file is maintained automatically by "terraform init".\n# Manual edits may be lost in future updates.\n';

/**
 * Writes `entries` into the lock file at `path`, replacing blocks for the same addresses and keeping every
 * other provider's block as it is. Returns false when the file already had exactly this content.
 */
export function updateLockFile(path: string, entries: readonly LockEntry[]): boolean {
  const before = existsSync(path) ? readFileSync(path, "utf8") : "";
  const blocks = new Map(parseLockBlocks(before));
  for (const e of entries) blocks.set(e.address, renderLockEntry(e));
  const body = [...blocks.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, text]) => text)
    .join("\n");
  const after = `${HEADER}\n${body}`;
  if (after === before) return false;
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, after);
  renameSync(partial, path);
  return true;
}

/** The `provider "<address>" { … }` blocks of a lock file, by address, as text. */
export function parseLockBlocks(text: string): [string, string][] {
  const out: [string, string][] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = /^provider\s+"([^"]+)"\s*\{\s*$/.exec(lines[i]);
    if (!m) continue;
    const start = i;
    while (i < lines.length && lines[i] !== "}") i++;
    out.push([m[1], lines.slice(start, i + 1).join("\n") + "\n"]);
  }
  return out;
}
