// The `exec` map: commands run in the instance after file uploads, in key order. `trigger = "once"` runs on
// create only; `on_change` (the default) runs on create and whenever the entry changes.
import type { Diagnostics } from "../../framework";
import { isUnknown } from "../../framework";
import type { CallOptions, IncusClient } from "../../../incus";
import { isTimeout } from "../../../incus";
import { configEqual, parseDuration } from "../common";

/** One entry of the exec map. */
export interface ExecValue {
  readonly command: string[];
  readonly environment: Record<string, string> | null;
  readonly working_dir: string | null;
  readonly uid: number | null;
  readonly gid: number | null;
  readonly timeout: string | null;
  readonly trigger: string | null;
}

/** An exec entry without its own timeout may run this long (StopProvider still ends the wait). */
const NO_TIMEOUT_MS = 24 * 3_600_000;

function entries(value: unknown): [string, ExecValue][] {
  if (value === null || value === undefined || isUnknown(value) || typeof value !== "object") return [];
  return Object.keys(value as Record<string, unknown>)
    .sort()
    .map((k) => [k, (value as Record<string, ExecValue>)[k]] as [string, ExecValue])
    .filter(([, v]) => v !== null && !isUnknown(v));
}

/** Whether two entries describe the same run (the trigger itself does not count). */
export function sameExec(a: ExecValue, b: ExecValue): boolean {
  return (
    a.command.length === b.command.length &&
    a.command.every((c, i) => c === b.command[i]) &&
    configEqual(a.environment, b.environment) &&
    (a.working_dir ?? "") === (b.working_dir ?? "") &&
    (a.uid ?? null) === (b.uid ?? null) &&
    (a.gid ?? null) === (b.gid ?? null) &&
    (a.timeout ?? "") === (b.timeout ?? "")
  );
}

/** The entries to run now, in key order. `prior` is the exec map in state (null on create). */
export function execRunsFor(planned: unknown, prior: unknown, isCreate: boolean): [string, ExecValue][] {
  const before = new Map(entries(prior));
  return entries(planned).filter(([name, entry]) => {
    const trigger = entry.trigger ?? "on_change";
    if (trigger === "once") return isCreate;
    if (isCreate) return true;
    const old = before.get(name);
    return !old || !sameExec(entry, old);
  });
}

/** Config checks: non-empty commands and parseable timeouts, reported at the entry's path. */
export function validateExec(value: unknown, diags: Diagnostics): void {
  for (const [name, entry] of entries(value)) {
    const at = ["exec", { key: name }];
    const command = entry.command;
    if (Array.isArray(command) && (command.length === 0 || command[0] === "")) {
      diags.error("Invalid exec entry", `Exec entry ${JSON.stringify(name)} must include a non-empty command.`, [
        ...at,
        "command",
      ]);
    }
    if (typeof entry.timeout === "string") {
      try {
        parseDuration(entry.timeout);
      } catch (err) {
        diags.error("Invalid exec timeout", `Exec entry ${JSON.stringify(name)}: ${(err as Error).message}.`, [
          ...at,
          "timeout",
        ]);
      }
    }
  }
}

/** Runs one entry; a non-zero exit status is an error carrying the command's output. */
export async function runExec(
  client: IncusClient,
  instance: string,
  name: string,
  entry: ExecValue,
  call: CallOptions,
): Promise<void> {
  const timeoutMs = entry.timeout ? parseDuration(entry.timeout) : NO_TIMEOUT_MS;
  let result;
  try {
    result = await client.exec.run(instance, entry.command, {
      ...call,
      timeoutMs: timeoutMs > 0 ? timeoutMs : NO_TIMEOUT_MS,
      ...(entry.environment ? { environment: entry.environment } : {}),
      ...(entry.working_dir ? { cwd: entry.working_dir } : {}),
      ...(entry.uid !== null && entry.uid !== undefined ? { user: Number(entry.uid) } : {}),
      ...(entry.gid !== null && entry.gid !== undefined ? { group: Number(entry.gid) } : {}),
    });
  } catch (err) {
    // A timeout names the entry and its timeout (the official provider says "context deadline exceeded").
    const reason =
      isTimeout(err) && entry.timeout
        ? `exec[${JSON.stringify(name)}] did not finish within its timeout of ${
            entry.timeout
          } (context deadline exceeded); ` + "the command may still be running in the instance"
        : (err as Error).message;
    throw new Error(
      `Failed to execute command ${JSON.stringify(name)} in instance ${JSON.stringify(instance)}: ${reason}`,
    );
  }
  if (result.exitCode === 0) return;
  // The entry is named by its key: command and environment are sensitive and never printed. The output is the
  // user's own diagnosis, capped; the server still scrubs any sensitive value it echoes.
  const out = capOutput(result.stdout.trim());
  const errText = capOutput(result.stderr.trim());
  throw new Error(
    `Failed to execute command ${JSON.stringify(name)} in instance ${JSON.stringify(instance)}: ` +
      `exec[${JSON.stringify(name)}].command exited with status ${result.exitCode}` +
      (out ? `\nstdout: ${out}` : "") +
      (errText ? `\nstderr: ${errText}` : ""),
  );
}

/** Printed output per stream: enough to diagnose a failure, not a log dump in a diagnostic. */
export const MAX_PRINTED_OUTPUT = 4096;

/** The last MAX_PRINTED_OUTPUT bytes of a stream (where the error usually is), saying how much was cut. */
export function capOutput(text: string): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= MAX_PRINTED_OUTPUT) return text;
  const tail = bytes
    .subarray(bytes.length - MAX_PRINTED_OUTPUT)
    .toString("utf8")
    .replace(/^\uFFFD+/, "");
  return `[${bytes.length - MAX_PRINTED_OUTPUT} earlier bytes cut]\n${tail}`;
}
