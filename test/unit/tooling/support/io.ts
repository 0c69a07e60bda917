// An in-memory ToolIO: commands write into strings the tests read back.
import { Readable } from "node:stream";
import type { ToolIO } from "../../../../lib/tooling";

export interface MemoryIO extends ToolIO {
  readonly out: () => string;
  readonly err: () => string;
}

export function memoryIO(options: { cwd?: string; stdin?: string; env?: NodeJS.ProcessEnv } = {}): MemoryIO {
  let out = "";
  let err = "";
  return {
    stdout: { write: (chunk: string) => (out += chunk) },
    stderr: { write: (chunk: string) => (err += chunk) },
    stdin: options.stdin !== undefined ? Readable.from([Buffer.from(options.stdin)]) : undefined,
    cwd: options.cwd,
    env: options.env,
    out: () => out,
    err: () => err,
  };
}
