// The PostgreSQL server the concurrency drill keeps Terraform state in (scripts/setup-postgres.sh starts one), used
// through the psql client so the tests need no database driver.
import { execFileSync } from "node:child_process";

/** Where the `pg` backend keeps state: $CDKTF_VIRT_PG_URL, else the server scripts/setup-postgres.sh starts. */
export function postgresUrl(): string {
  return process.env.CDKTF_VIRT_PG_URL ?? "postgres://postgres@127.0.0.1:55432/cdktf_virt_test?sslmode=disable";
}

/** Runs one SQL statement; returns psql's unaligned output. */
export function sql(statement: string, url = postgresUrl()): string {
  try {
    return execFileSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-tAc", statement], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }).trim();
  } catch (err) {
    const e = err as { code?: string; stderr?: string; message: string };
    if (e.code === "ENOENT") throw new Error("psql is not installed: run `bash scripts/setup-postgres.sh` (as root)");
    throw new Error(`psql ${statement} on ${url} failed: ${e.stderr?.trim() || e.message}`);
  }
}

/** Fails with a clear message when the server is not there (never a skip). */
export function requirePostgres(url = postgresUrl()): void {
  try {
    sql("SELECT 1", url);
  } catch (err) {
    throw new Error(
      `PostgreSQL for the pg state backend is not reachable at ${url}: ${(err as Error).message}\n` +
        "Run `bash scripts/setup-postgres.sh` (as root) to install and start it, or set CDKTF_VIRT_PG_URL.",
    );
  }
}

/** A schema name (the pg backend keeps one stack's states per schema) derived from a test prefix. */
export function schemaFor(prefix: string): string {
  return prefix.replace(/[^a-z0-9_]/g, "_");
}

/** Workspace names stored in the schema's states table, with the length of each state document. */
export function storedStates(schema: string): { name: string; bytes: number }[] {
  const rows = sql(`SELECT name || '|' || length(data) FROM ${schema}.states ORDER BY name`);
  return rows
    .split("\n")
    .filter(Boolean)
    .map((row) => {
      const [name, bytes] = row.split("|");
      return { name, bytes: Number(bytes) };
    });
}

export function dropSchema(schema: string): void {
  sql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}
