// When V8's optimizing compilers get a provider's code. The bundle's loader (scripts/bundle-providers-loader.js)
// starts every provider process with thresholds sixteen times V8's defaults, which saves the compiles a short command
// never wins back (a no-op plan of 200 resources: ~20% less provider CPU). A long command loses with them: code that
// runs once per gRPC call stays unoptimized for thousands of calls (2000 resources: ~19% more CPU). So once the
// process has served CALLS_BEFORE_DEFAULTS calls, it goes back to V8's defaults (BENCHMARKS.md, "Later tier-up").

/** What the loader lends the host: the way back to V8's defaults (absent without the loader, or when turned off). */
export interface TierUpControl {
  restoreDefaults(): void;
}

/** Calls served before V8's defaults return: more than a plan of ~250 resources makes (~3-4 calls per resource). */
export const CALLS_BEFORE_DEFAULTS = 1000;

/** The loader's control ("cdktf-virt:tier-up"); undefined when the code does not run from a bundle. */
export function loaderTierUp(): TierUpControl | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require("cdktf-virt:tier-up") as TierUpControl | undefined;
  } catch {
    return undefined;
  }
}

/** A function to call once per gRPC call served: the `limit`th call puts V8's defaults back. */
export function tierUpAfterCalls(
  control: TierUpControl | undefined = loaderTierUp(),
  limit: number = CALLS_BEFORE_DEFAULTS,
): () => void {
  if (!control) return () => {};
  let calls = 0;
  return () => {
    if (++calls === limit) control.restoreDefaults();
  };
}
