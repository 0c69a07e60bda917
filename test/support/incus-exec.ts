// The output of a shell script run in an instance, for tests that check what is inside it.
//
// `incus exec` (Incus 6.0) sometimes ends with exit code 0 and none of the command's output, stdout and stderr both
// empty: 4 of 600 short `cat`s, 6 at a time, on the CI machine. So the script ends by printing a marker, and output
// without the marker is output that was lost: the script is run again (at most three times), which every caller's
// script allows (reads, and writes that replace a file's content).
import { execFileSync } from "node:child_process";

export interface ShellInOptions {
  /** Incus project of the instance (default: the CLI's current project). */
  readonly project?: string;
  /** Remote of the CLI configuration to reach it through, e.g. "b" (default: the local daemon). */
  readonly remote?: string;
  /** Environment of the `incus` CLI (e.g. INCUS_CONF for the remotes of test/support/incus-hosts.ts). */
  readonly cliEnv?: NodeJS.ProcessEnv;
}

const END = "__cdktf_virt_test_output_end__";
const ATTEMPTS = 3;

/** Runs `script` with `sh -c` in `instance` and returns its stdout; throws with its stderr when it exits non-zero. */
export function shellIn(instance: string, script: string, opts: ShellInOptions = {}): string {
  const target = opts.remote ? `${opts.remote}:${instance}` : instance;
  const project = opts.project ? ["--project", opts.project] : [];
  // A subshell, so an `exit` in the script still reaches the marker; the script's exit code is kept.
  const wrapped = `(\n${script}\n)\nrc=$?\nprintf '%s' ${END}\nexit $rc`;
  for (let attempt = 1; ; attempt++) {
    let out: string;
    try {
      out = execFileSync("incus", ["exec", target, ...project, "--", "sh", "-c", wrapped], {
        encoding: "utf8",
        env: opts.cliEnv ?? process.env,
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (err) {
      throw new Error(
        `incus exec ${target} -- sh -c '${script}' failed: ${String(
          (err as { stderr?: unknown }).stderr ?? (err as Error).message,
        )}`,
      );
    }
    if (out.endsWith(END)) return out.slice(0, -END.length);
    if (attempt === ATTEMPTS) {
      throw new Error(
        `incus exec ${target} -- sh -c '${script}' exited 0 without the script's whole output ${ATTEMPTS} times ` +
          `(last output: ${JSON.stringify(out)})`,
      );
    }
  }
}
