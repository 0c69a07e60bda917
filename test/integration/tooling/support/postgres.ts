// A throwaway PostgreSQL server for state-backend tests: its own data directory, a unix socket only (no TCP),
// trust authentication, stopped and removed afterwards. Runs as the `postgres` user (postgres refuses root).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export class TestPostgres {
  private constructor(
    private readonly dir: string,
    private readonly asUser: string[],
  ) {}

  /** Starts a server; fails with what to install when PostgreSQL is missing. */
  static start(prefix: string): TestPostgres {
    const initdb = findBinary("initdb");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-pg-`));
    fs.chmodSync(dir, 0o755);
    const asUser = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
    if (asUser.length > 0) execFileSync("chown", ["postgres", dir]);
    const server = new TestPostgres(dir, asUser);
    server.exec([initdb, "-D", path.join(dir, "data"), "-A", "trust", "-U", "postgres", "--no-sync"]);
    server.exec([
      path.join(path.dirname(initdb), "pg_ctl"),
      "-D",
      path.join(dir, "data"),
      "-l",
      path.join(dir, "server.log"),
      "-o",
      `-c listen_addresses='' -k ${dir} -c fsync=off`,
      "-w",
      "start",
    ]);
    return server;
  }

  /** Connection string for terraform's pg backend and psql. */
  get connectionString(): string {
    return `postgres://postgres@/postgres?host=${this.dir}&sslmode=disable`;
  }

  /** Runs SQL with psql and returns the unaligned rows. */
  query(sql: string): string[] {
    const out = execFileSync("psql", [this.connectionString, "-XAtc", sql], { encoding: "utf8" });
    return out.split("\n").filter((line) => line !== "");
  }

  stop(): void {
    try {
      this.exec([
        path.join(path.dirname(findBinary("initdb")), "pg_ctl"),
        "-D",
        path.join(this.dir, "data"),
        "-m",
        "immediate",
        "-w",
        "stop",
      ]);
    } finally {
      fs.rmSync(this.dir, { recursive: true, force: true });
    }
  }

  private exec(command: string[]): void {
    const [bin, ...args] = [...this.asUser, ...command];
    execFileSync(bin, args, { stdio: ["ignore", "pipe", "pipe"] });
  }
}

function findBinary(name: string): string {
  const candidates = [
    ...(process.env.PATH ?? "").split(":"),
    "/usr/local/bin",
    "/usr/lib/postgresql/17/bin",
    "/usr/lib/postgresql/15/bin",
  ];
  for (const dir of candidates) {
    const file = path.join(dir, name);
    if (dir && fs.existsSync(file)) return file;
  }
  throw new Error(
    `PostgreSQL's ${name} was not found on PATH: the pg state-backend test needs a PostgreSQL server installed (Debian: apt-get install postgresql).`,
  );
}
