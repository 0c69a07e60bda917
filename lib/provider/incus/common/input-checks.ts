// Checks of values Incus would refuse at apply (or, worse, accept): byte sizes, CPU limits, MAC addresses,
// object names, file/exec ids. They run when Terraform validates the configuration, so a mistake is reported
// before anything is created, with the attribute path (map keys included) Terraform points at.
import type { Validator } from "../../framework";
import { custom, formatAttrPath } from "../../framework";

const INT64_MAX = 2n ** 63n - 1n;
const UNITS: Record<string, bigint> = {
  "": 1n,
  B: 1n,
  kB: 10n ** 3n,
  MB: 10n ** 6n,
  GB: 10n ** 9n,
  TB: 10n ** 12n,
  PB: 10n ** 15n,
  EB: 10n ** 18n,
  KiB: 2n ** 10n,
  MiB: 2n ** 20n,
  GiB: 2n ** 30n,
  TiB: 2n ** 40n,
  PiB: 2n ** 50n,
  EiB: 2n ** 60n,
};
const SIZE = /^(\d+)(B|kB|MB|GB|TB|PB|EB|KiB|MiB|GiB|TiB|PiB|EiB)?$/;

/** Why `v` is not a byte size Incus accepts (a whole number with an optional unit, within 64 bits), or nothing. */
export function byteSizeProblem(v: string): string | undefined {
  const m = SIZE.exec(v);
  if (!m) {
    return `${JSON.stringify(
      v,
    )} is not a size: use a whole, non-negative number of bytes with an optional unit, such as "512MiB", "10GiB" or "20GB" (no fractions, no spaces).`;
  }
  if (BigInt(m[1]) * UNITS[m[2] ?? ""] > INT64_MAX)
    return `${JSON.stringify(v)} is too large: sizes must stay below 8 EiB.`;
  return undefined;
}

/** limits.memory: a byte size or a percentage of the host's memory (1% to 100%). */
export function memoryLimitProblem(v: string): string | undefined {
  const pct = /^(\d+)%$/.exec(v);
  if (pct)
    return Number(pct[1]) >= 1 && Number(pct[1]) <= 100
      ? undefined
      : `${JSON.stringify(v)} is not a percentage between 1% and 100%.`;
  return byteSizeProblem(v);
}

/** limits.cpu: a number of CPUs (1 or more), or a pinning set such as "0-3" or "0,2,4". */
export function cpuLimitProblem(v: string): string | undefined {
  if (/^[1-9]\d{0,4}$/.test(v)) return undefined;
  if (/^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(v) && /[-,]/.test(v)) return undefined;
  return `${JSON.stringify(
    v,
  )} is not a CPU limit: give a number of CPUs (at least 1) or a set of CPU ids such as "0-3" or "0,2".`;
}

const MAC = /^([0-9a-fA-F]{2}:){5}[0-9a-fA-F]{2}$/;

export function macProblem(v: string): string | undefined {
  return MAC.test(v) ? undefined : `${JSON.stringify(v)} is not a MAC address such as "00:16:3e:12:34:56".`;
}

/** Config keys whose values are checked, and how (exact keys, or suffixes for keys such as "volatile.eth0.hwaddr"). */
const KEY_CHECKS: readonly {
  readonly matches: (key: string) => boolean;
  readonly check: (v: string) => string | undefined;
}[] = [
  {
    matches: (k) => k === "size" || k === "size.state" || k === "volume.size" || k === "limits.disk",
    check: byteSizeProblem,
  },
  { matches: (k) => k === "limits.memory", check: memoryLimitProblem },
  { matches: (k) => k === "limits.cpu", check: cpuLimitProblem },
  { matches: (k) => k === "hwaddr" || k.endsWith(".hwaddr"), check: macProblem },
];

/**
 * A validator for a config map (or device properties): each known key's value is checked and reported at
 * `config["key"]`. `except` names keys that mean something else here (a project's limits.cpu is a total).
 */
export function configValueChecks(except: readonly string[] = []): Validator {
  return {
    description: "sizes, CPU limits and MAC addresses are well formed",
    validate(req, diags) {
      const map = req.value as Record<string, unknown> | null;
      if (map === null || typeof map !== "object") return;
      for (const [key, value] of Object.entries(map)) {
        if (typeof value !== "string" || except.includes(key)) continue;
        const problem = KEY_CHECKS.find((c) => c.matches(key))?.check(value);
        if (problem) diags.error(`Invalid value for ${JSON.stringify(key)}`, problem, [...req.path, { key }]);
      }
    },
  };
}

/** Characters no object name may hold: they break shells, URLs, YAML and HTML that show the name. */
const FORBIDDEN_NAME_CHARS = /[\s\x00-\x1f\x7f/\\'"<>&`$;|*?]/;

/**
 * Names of profiles, projects, networks, pools, volumes and snapshots. Incus accepts some names (a profile named
 * "a\nb" or "<x>") that break every tool that prints them; these are refused.
 */
export function objectName(kind: string, opts: { slash?: boolean; max?: number } = {}): Validator {
  const max = opts.max ?? 63;
  return custom((value) => {
    const v = String(value);
    if (v.length === 0 || v.length > max)
      return `A ${kind} name must have 1 to ${max} characters; ${JSON.stringify(v)} has ${v.length}.`;
    if (v === "." || v === "..") return `${JSON.stringify(v)} cannot be used as a ${kind} name.`;
    const bad = [...v].find((ch) => FORBIDDEN_NAME_CHARS.test(ch) && !(opts.slash && ch === "/"));
    if (bad !== undefined) {
      return `The ${kind} name ${JSON.stringify(v)} contains ${JSON.stringify(
        bad,
      )}: names may not contain whitespace, control characters or any of ${
        opts.slash ? "" : "/ "
      }\\ ' " < > & \` $ ; | * ?.`;
    }
    return undefined;
  }, `a valid ${kind} name`);
}

/** Instance names are host names (Incus' rule): letters, digits and "-", not at either end, not a number. */
export const instanceName: Validator = custom((value) => {
  const v = String(value);
  if (/^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/.test(v) && !/^\d+$/.test(v)) return undefined;
  return `${JSON.stringify(
    v,
  )} is not a valid instance name: use 1 to 63 letters, digits and "-", not starting or ending with "-" and not only digits (it becomes the host name).`;
}, "a valid instance name");

/** A user or group id: a whole number from 0 to 4294967294. */
export const unixId: Validator = custom((value, req) => {
  const n = Number(String(value));
  if (Number.isInteger(n) && n >= 0 && n <= 4294967294) return undefined;
  // Named in the text too: Terraform cannot point at an attribute inside a nested map entry or a set block.
  return `${formatAttrPath(req.path).slice(1)}: ${String(
    value,
  )} is not a user or group id; use a whole number from 0 to 4294967294.`;
}, "a user or group id");
