// When V8's optimizing compilers get a provider's code. The bundle's loader (scripts/bundle-providers-loader.js)
// starts every provider process with thresholds eight times V8's defaults, which saves the compiles a short command
// never wins back. A long command loses with them: code that runs once per gRPC call stays unoptimized for thousands
// of calls. So once the process has served CALLS_BEFORE_DEFAULTS calls, it goes back to V8's defaults. A function's
// count runs on to the end of its raised threshold first, which is why the factor is eight and not more: with these
// two numbers a no-op plan of 200 resources costs the provider ~11% less CPU than V8's defaults, one of 2000 ~1% more
// (sixteen and 1000 calls: -17% and +9%; sixteen throughout: -20% and +19%; BENCHMARKS.md, "Later tier-up").

/** What the loader lends the host: the way back to V8's defaults (absent without the loader, or when turned off). */
export interface TierUpControl {
  restoreDefaults(): void;
}

/** Calls served before V8's defaults return (a no-op plan makes ~4 per resource). */
export const CALLS_BEFORE_DEFAULTS = 500;

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
