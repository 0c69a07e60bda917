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

/** Fails (with a readable message) unless `err` is a validation error naming `path` (and `prop`, when given). */
export function assertValidationError(err: unknown, path: string, prop: string | undefined, input: unknown): void {
  const describe = () => `input ${JSON.stringify(input)} gave ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`;
  if (err instanceof ConstructValidationError) {
    if (err.constructPath !== path) throw new Error(`the error names "${err.constructPath}", expected "${path}": ${describe()}`);
    if (prop !== undefined && err.prop !== prop) throw new Error(`the error names prop "${err.prop}", expected "${prop}": ${describe()}`);
    if (!err.message.includes(path)) throw new Error(`the message does not contain the construct path: ${describe()}`);
    return;
  }
  // Synth-time validations are collected by cdktf into one error that lists each construct's message.
  if (err instanceof Error && err.message.startsWith("Validation failed") && err.message.includes(`"${path}"`)) return;
  throw new Error(`not a validation error naming "${path}": ${describe()}`);
}

export function incusHost(stack: TerraformStack): IncusHost {
  return new IncusHost(stack, "local");
}

export function pool(stack: TerraformStack, host: IncusHost): IStoragePool {
  return StoragePool.fromName(stack, "pool", host, "cdktf-virt-test");
}
