// Shared pieces of the construct fuzzing: a fresh stack per generated case, synthesis with validations (as
// `cdktf synth` runs them), and the one acceptable way to fail — a validation error that names the construct path
// and the prop at fault (never a bare exception).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TerraformStack, Testing } from "cdktf";
import { ConstructValidationError, IncusHost, StoragePool } from "../../../../lib";
import type { IStoragePool } from "../../../../lib";

export const STACK = "fuzz";
const OUTDIR = mkdtempSync(join(tmpdir(), "t-rel-fuzz-"));
export const IMAGE = "cdktf-virt-busybox";

/** Removes the shared outdir (the suites call it in afterAll). */
export function removeOutdir(): void {
  rmSync(OUTDIR, { recursive: true, force: true });
}

/** A fresh stack in a shared, throw-away outdir (no stack traces: they make construction 10x slower). */
export function freshStack(): TerraformStack {
  return new TerraformStack(Testing.app({ outdir: OUTDIR, stackTraces: false }), STACK);
}

/** Synthesizes with validations and parses the JSON (metadata removed). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function synthJson(stack: TerraformStack): any {
  return JSON.parse(Testing.synth(stack, true));
}

/** Runs `fn`; returns the thrown value, or undefined when it returned normally. */
export function thrown(fn: () => void): unknown {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err;
  }
}

/** How a construct's message names the prop at fault: `Volume "fuzz/v0", prop "size": …` (formatProblem). */
const propInMessage = (prop: string) => `prop "${prop}"`;

/**
 * Fails (with a readable message) unless `err` is a validation error naming `path` and `prop`, in its fields and
 * in the message a user reads.
 */
export function assertValidationError(err: unknown, path: string, prop: string, input: unknown): void {
  const describe = () =>
    `input ${JSON.stringify(input)} gave ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`;
  if (err instanceof ConstructValidationError) {
    if (err.constructPath !== path)
      throw new Error(`the error names "${err.constructPath}", expected "${path}": ${describe()}`);
    if (err.prop !== prop) throw new Error(`the error names prop "${err.prop}", expected "${prop}": ${describe()}`);
    if (!err.message.includes(`"${path}"`))
      throw new Error(`the message does not contain the construct path: ${describe()}`);
    if (!err.message.includes(propInMessage(prop)))
      throw new Error(`the message does not name prop "${prop}": ${describe()}`);
    return;
  }
  // Synth-time validations (Construct.node.addValidation) are collected by cdktf into one error, a line per
  // problem: `[<construct path>] <message>`. One of those lines must be about `path` and name `prop`.
  if (err instanceof Error && err.message.startsWith("Validation failed")) {
    const lines = err.message
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.startsWith(`[${path}] `));
    if (lines.length === 0) throw new Error(`cdktf's validation error lists no problem of "${path}": ${describe()}`);
    if (!lines.some((l) => l.includes(`"${path}"`) && l.includes(propInMessage(prop)))) {
      throw new Error(
        `cdktf's validation error lists "${path}" but no line names it and prop "${prop}": ${describe()}`,
      );
    }
    return;
  }
  throw new Error(`not a validation error naming "${path}": ${describe()}`);
}

export function incusHost(stack: TerraformStack): IncusHost {
  return new IncusHost(stack, "local");
}

export function pool(stack: TerraformStack, host: IncusHost): IStoragePool {
  return StoragePool.fromName(stack, "pool", host, "cdktf-virt-test");
}
