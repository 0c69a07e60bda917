// Tells the bundle's loader (scripts/bundle-providers-loader.js) that the provider's code has loaded. The loader
// makes the V8 code cache of the bundle only then, so the cache covers the provider and not only the plugin host:
// a start that only answers the prebuilt schema never loads the provider, and a cache made by it would leave every
// later start compiling the provider's functions.

/** The process event; scripts/bundle-providers-loader.js listens for the same name. */
export const PROVIDER_LOADED_EVENT = "cdktf-virt:provider-loaded";

let announced = false;

/** Emits PROVIDER_LOADED_EVENT on `process`, once per process. */
export function announceProviderLoaded(): void {
  if (announced) return;
  announced = true;
  process.emit(PROVIDER_LOADED_EVENT as never);
}
