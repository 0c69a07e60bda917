// Puts the generated files on disk and installs the dependencies. It never deletes: files that already exist are
// refused as a whole (nothing is written) unless --force, which overwrites exactly the files init writes.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { UsageError } from "../../tooling/common/errors";
import type { OutputStream } from "../../tooling/common/io";
import type { GeneratedFile } from "./templates";

/** The files of `files` that already exist in `dir` (relative paths, in order). */
export function existingFiles(dir: string, files: readonly GeneratedFile[]): string[] {
  return files.map((f) => f.path).filter((path) => existsSync(join(dir, path)));
}

/**
 * Writes `files` into `dir` (created when missing). Without `force`, any existing file makes it a usage error that
 * names them, before anything is written. Returns the paths written.
 */
export function writeFiles(dir: string, files: readonly GeneratedFile[], force: boolean): string[] {
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new UsageError(`${dir} exists and is not a directory`);
  }
  const clashes = existingFiles(dir, files);
  if (clashes.length > 0 && !force) {
    throw new UsageError(
      `${dir} already has ${clashes.join(", ")}; nothing was written. Pass --force to overwrite ${
        clashes.length === 1 ? "it" : "them"
      } ` + "(nothing else is touched), or choose another directory",
    );
  }
  for (const file of files) {
    const target = join(dir, file.path);
    mkdirSync(dirname(target), { recursive: true });
    const mode = file.mode ?? 0o644;
    writeFileSync(target, file.content, { mode });
    chmodSync(target, mode); // writeFileSync applies mode only to new files; --force keeps them right too
  }
  return files.map((f) => f.path);
}

export interface InstallStreams {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Runs `npm install` in `dir`, forwarding its output. Throws an error that says what to do when npm is missing or
 * fails; the files stay (they are fine, only the installation is missing).
 */
export async function runNpmInstall(dir: string, streams: InstallStreams, npm = "npm"): Promise<void> {
  const command = `${npm} install`;
  const outcome = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>(
    (resolveRun) => {
      const child = spawn(npm, ["install"], {
        cwd: dir,
        env: streams.env ?? process.env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => streams.stdout.write(chunk));
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => streams.stderr.write(chunk));
      child.on("error", (error) => resolveRun({ code: null, signal: null, error }));
      child.on("close", (code, signal) => resolveRun({ code, signal }));
    },
  );
  const retry = `the files are written; fix that and run \`npm install\` in ${dir}`;
  if (outcome.error) {
    const missing = (outcome.error as NodeJS.ErrnoException).code === "ENOENT";
    throw new Error(
      `${
        missing ? `"${npm}" was not found on PATH` : `could not start \`${command}\`: ${outcome.error.message}`
      }; ${retry}`,
    );
  }
  if (outcome.code !== 0) {
    const how = outcome.signal ? `was killed by ${outcome.signal}` : `exited with ${outcome.code}`;
    throw new Error(`\`${command}\` in ${dir} ${how} (its output is above); ${retry}`);
  }
}
