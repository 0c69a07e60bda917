// Process bookkeeping for the drills that kill terraform or providers: which processes a terraform run started (its
// provider plugins), and how long they survive after it is killed. Reads /proc directly (Linux), so it needs no tools.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** pid → parent pid for every process visible in /proc. */
function parentMap(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name (field 2) may contain spaces and parentheses; the fields after the last ")" are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const after = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(entry), Number(after[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  return parents;
}

/** All descendants of `pid` (children, grandchildren, …). */
export function descendants(pid: number): number[] {
  const parents = parentMap();
  const found: number[] = [];
  const frontier = [pid];
  while (frontier.length) {
    const current = frontier.pop()!;
    for (const [child, parent] of parents) {
      if (parent === current && !found.includes(child)) {
        found.push(child);
        frontier.push(child);
      }
    }
  }
  return found;
}

/**
 * Warm provider processes serving terraform runs in `dir` (`terraform-provider-… --serve …` with that working
 * directory): started by a launcher that has since exited, they are no longer terraform's descendants.
 */
export function warmProviders(dir: string): number[] {
  return readdirSync("/proc")
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => {
      const cmd = commandLine(pid);
      if (!/terraform-provider-\S* --serve /.test(cmd)) return false;
      try {
        return readlinkSync(`/proc/${pid}/cwd`) === dir;
      } catch {
        return false;
      }
    });
}

/** The command line of a process ("" when it is gone). */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return "";
  }
}

/** True while the process exists and is not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/**
 * Waits until every pid has exited, up to `timeoutMs`. Returns the pids still alive then (with their command
 * lines) and how long the last one took to go.
 */
export async function waitForExit(
  pids: readonly number[],
  timeoutMs: number,
): Promise<{ survivors: { pid: number; command: string }[]; lastExitMs: number }> {
  const started = Date.now();
  let alive = pids.filter(isAlive);
  while (alive.length && Date.now() - started < timeoutMs) {
    await new Promise((r) => setTimeout(r, 50));
    alive = alive.filter(isAlive);
  }
  return { survivors: alive.map((pid) => ({ pid, command: commandLine(pid) })), lastExitMs: Date.now() - started };
}

/** Kills what a failed drill left behind (only the given pids, never by name). */
export function killAll(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
