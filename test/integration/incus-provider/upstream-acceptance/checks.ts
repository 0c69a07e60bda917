// terraform-plugin-testing's state checks, as the official acceptance tests use them, on flattened state.
import type { FlatMap } from "./flatmap";
import { elements } from "./flatmap";

export type CheckArg = string | { regexp: string } | Record<string, string | { regexp: string }> | null;

export interface Check {
  readonly fn: string;
  readonly args: readonly CheckArg[];
}

/** What a check reads: the flattened state of each resource by address, and lookups other checks fill. */
export interface CheckContext {
  state(address: string): FlatMap | undefined;
  readonly lookups: Map<string, Set<string>>;
}

const matches = (value: string | undefined, expected: string | { regexp: string }): boolean =>
  value !== undefined && (typeof expected === "string" ? value === expected : new RegExp(expected.regexp).test(value));

/** Runs one check; returns a message when it fails, undefined when it passes. */
export function runCheck(check: Check, ctx: CheckContext): string | undefined {
  const [address, key, expected] = check.args as [string, string, CheckArg];
  const flat = ctx.state(address);
  if (!flat) return `${check.fn}: ${address} is not in the state`;
  const actual = flat.get(key);
  const show = (v: unknown) => JSON.stringify(v);
  switch (check.fn) {
    case "TestCheckResourceAttr": {
      const want = expected as string;
      // As in terraform-plugin-testing: a zero count also matches a collection that is absent.
      if (actual === undefined && want === "0" && /\.[#%]$/.test(key)) return undefined;
      return actual === want ? undefined : `${address} ${key} = ${show(actual)}, want ${show(want)}`;
    }
    case "TestMatchResourceAttr":
      return matches(actual, expected as { regexp: string })
        ? undefined
        : `${address} ${key} = ${show(actual)}, want a match of ${show(expected)}`;
    case "TestCheckResourceAttrSet":
      return actual !== undefined && actual !== "" ? undefined : `${address} ${key} is not set`;
    case "TestCheckNoResourceAttr":
      return actual === undefined || (/\.[#%]$/.test(key) && actual === "0")
        ? undefined
        : `${address} ${key} = ${show(actual)}, want it absent`;
    case "TestCheckTypeSetElemAttr":
      return elements(flat, key).some((e) => e.get("") === expected)
        ? undefined
        : `${address} ${key} has no element ${show(expected)}`;
    case "TestCheckTypeSetElemNestedAttrs":
    case "TestMatchTypeSetElemNestedAttrs": {
      const want = expected as Record<string, string | { regexp: string }>;
      return elements(flat, key).some((e) => Object.entries(want).every(([k, v]) => matches(e.get(k), v)))
        ? undefined
        : `${address} ${key} has no element with ${show(want)}`;
    }
    case "TestCheckGetClusterMemberNames": {
      // Fills the lookup named by its second argument with the members the data source lists.
      const names = new Set<string>();
      for (const k of flat.keys()) {
        const m = /^members\.([^.%]+)\./.exec(k);
        if (m) names.add(m[1]);
      }
      ctx.lookups.set(String(check.args[1]), names);
      return names.size > 0 ? undefined : `${address} lists no members`;
    }
    case "TestCheckResourceAttrInLookup": {
      const names = ctx.lookups.get(String(check.args[2])) ?? new Set();
      return actual !== undefined && names.has(actual)
        ? undefined
        : `${address} ${key} = ${show(actual)}, want one of ${show([...names])}`;
    }
    case "TestCheckResourceAttrPair": {
      const [, , otherAddress, otherKey] = check.args as string[];
      const other = ctx.state(otherAddress)?.get(otherKey);
      return actual === other
        ? undefined
        : `${address} ${key} = ${show(actual)}, ${otherAddress} ${otherKey} = ${show(other)}`;
    }
    default:
      return `check ${check.fn} is not supported by the runner`;
  }
}
