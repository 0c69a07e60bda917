// The final copy removal policy SNAPSHOT keeps of a volume before deleting it: `<name>-final-<yyyymmddThhmmssZ>` in
// the same pool, released (see released.ts). An Incus copy also records where it came from in its config.
import { UTC_STAMP_PATTERN, utcStamp } from "./stamp";

/** Config key on an Incus final copy: "<pool>/<name>" of the volume it was copied from. */
export const FINAL_COPY_OF_CONFIG_KEY = "user.cdktf-virt.final-copy-of";

/** Name of the final copy of `name`: `<name>-final-<yyyymmddThhmmssZ>`. */
export function finalCopyName(name: string, at: Date = new Date()): string {
  return `${name}-final-${utcStamp(at)}`;
}

/** The final copy's name as a plan can announce it, with `stamp` for the time, only known when the delete runs. */
export function finalCopyPattern(name: string, stamp = "<yyyymmddThhmmssZ>"): string {
  return `${name}-final-${stamp}`;
}

const FINAL_COPY = new RegExp(`-final-${UTC_STAMP_PATTERN}$`);

/** True when `name` is a final copy's name. */
export function isFinalCopyName(name: string): boolean {
  return FINAL_COPY.test(name);
}

/** The value of FINAL_COPY_OF_CONFIG_KEY on the copy of `pool`/`name`. */
export function encodeFinalCopyOf(pool: string, name: string): string {
  return `${pool}/${name}`;
}
