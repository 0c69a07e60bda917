// Waiting between virsh polls: a plain timer that ends early, with the given reason, when the caller's signal
// aborts (terraform's Stop, Ctrl-C), so a poll loop never outlives the call that started it.

/** Resolves after `ms`, or rejects with `new Error(abortMessage)` as soon as `signal` aborts. */
export function abortableDelay(ms: number, signal: AbortSignal | undefined, abortMessage: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error(abortMessage));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new Error(abortMessage));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
