// Whether a process is still running, by its pid: the warm provider process asks it of launchers and of other warm
// processes (their files in its directory are removed once they are gone).
import { existsSync, readFileSync } from "node:fs";

const HAS_PROC = existsSync("/proc/self/stat");

/**
 * True while the process exists and is not a zombie: an exited process stays in the process table until its parent
 * reaps it (init reaps orphans late), and answers `kill -0` meanwhile.
 */
export function isAlive(pid: number): boolean {
  if (HAS_PROC) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(")") + 2));
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
