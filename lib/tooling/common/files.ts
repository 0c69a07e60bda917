// File-system probes for the commands that locate plans and stacks from a path the user gave.
import * as fs from "node:fs";

/** The file's stat, or undefined when it does not exist or cannot be read. */
export function statOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}
