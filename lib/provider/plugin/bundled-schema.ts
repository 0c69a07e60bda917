// The GetProviderSchema answer of a bundled provider, encoded when it was bundled (scripts/bundle-providers.js
// computes it from the provider's own handlers and writes it into the bundle as the constant below). The first
// start of every Terraform command asks only for the schema: answered from these bytes, that start never loads or
// builds the provider (the largest part of a start's CPU time, and for incus a 33 kB answer built in ~27 ms).
// Outside a bundle (tests, tools running the TypeScript) the constant does not exist and the provider builds it.

/** esbuild replaces this name with the base64 of the encoded answer (`define`); nothing else declares it. */
declare const CDKTF_VIRT_BUNDLED_SCHEMA: string | undefined;

/** The encoded tfplugin6.GetProviderSchema.Response made at bundle time, or undefined outside a bundle. */
export function bundledSchemaResponse(): Uint8Array | undefined {
  const base64 = typeof CDKTF_VIRT_BUNDLED_SCHEMA === "string" ? CDKTF_VIRT_BUNDLED_SCHEMA : "";
  return base64 ? Buffer.from(base64, "base64") : undefined;
}
