// Ready-made validators. They run during ValidateResourceConfig on known, non-null values only, and report
// errors carrying the attribute's path so Terraform points at the offending line. A sensitive value is never
// quoted in the message (req.sensitive).
import { REDACTED } from "./redact";
import type { Validator, ValidatorRequest } from "./schema";

/** The value must be one of `allowed` (strings or numbers). */
export function oneOf(allowed: readonly (string | number | boolean)[]): Validator {
  const list = allowed.map((v) => JSON.stringify(v)).join(", ");
  return {
    description: `value must be one of: ${list}`,
    validate(req, diags) {
      const value = scalar(req.value);
      if (allowed.some((a) => a === value)) return;
      diags.error("Invalid value", `Got ${quote(req, value)}; expected one of: ${list}.`, req.path);
    },
  };
}

/** A string matching `pattern` (anchor it yourself); `hint` says in words what is expected. */
export function regex(pattern: RegExp, hint?: string): Validator {
  const description = hint ?? `value must match ${String(pattern)}`;
  return {
    description,
    validate(req, diags) {
      if (typeof req.value !== "string") return;
      pattern.lastIndex = 0;
      if (pattern.test(req.value)) return;
      diags.error("Invalid value", `${quote(req, req.value)} is not valid: ${description}.`, req.path);
    },
  };
}

/** A string whose length (in characters) is within [min, max]. */
export function lengthBetween(min: number, max: number): Validator {
  return {
    description: `string length must be between ${min} and ${max}`,
    validate(req, diags) {
      if (typeof req.value !== "string") return;
      const n = [...req.value].length;
      if (n >= min && n <= max) return;
      diags.error(
        "Invalid value length",
        `The value has ${n} characters; it must have between ${min} and ${max}.`,
        req.path,
      );
    },
  };
}

/** A list, set or map with between min and max elements. */
export function sizeBetween(min: number, max: number): Validator {
  return {
    description: `must have between ${min} and ${max} elements`,
    validate(req, diags) {
      const v = req.value;
      if (v === null || typeof v !== "object") return;
      const n = Array.isArray(v) ? v.length : Object.keys(v).length;
      if (n >= min && n <= max) return;
      diags.error("Invalid number of elements", `Got ${n} elements; expected between ${min} and ${max}.`, req.path);
    },
  };
}

/** A number within [min, max]. */
export function between(min: number, max: number): Validator {
  return {
    description: `value must be between ${min} and ${max}`,
    validate(req, diags) {
      const n = Number(String(req.value));
      if (Number.isNaN(n)) return;
      if (n >= min && n <= max) return;
      diags.error(
        "Value out of range",
        `Got ${req.sensitive ? REDACTED : String(req.value)}; expected between ${min} and ${max}.`,
        req.path,
      );
    },
  };
}

/**
 * Any check: `fn` returns an error message (the detail shown to the user) or nothing when the value is fine.
 * `description` says what is expected.
 */
export function custom(
  fn: (value: ValidatorRequest["value"], req: ValidatorRequest) => string | undefined | void,
  description: string,
): Validator {
  return {
    description,
    validate(req, diags) {
      const problem = fn(req.value, req);
      if (!problem) return;
      diags.error("Invalid value", problem, req.path);
    },
  };
}

/** How a message shows the value: quoted, or "(sensitive value)". */
function quote(req: ValidatorRequest, v: unknown): string {
  return req.sensitive ? REDACTED : JSON.stringify(v);
}

function scalar(v: unknown): unknown {
  if (typeof v === "bigint") return Number(v);
  if (v !== null && typeof v === "object" && !Array.isArray(v)) return String(v); // CtyDecimal and friends
  return v;
}
