// Bad input drill for the provider, CI size: generated `provider "incus"` configurations run through the real
// terraform end with diagnostics (or success), never a crashed or hung provider; configurations that must work do.
// The heavy variant (test/reliability/provider-config-fuzz.test.ts) runs many more.
import { providerConfigFuzzSuite } from "./support/provider-config-fuzz";

providerConfigFuzzSuite({ tag: "rel", runs: Number(process.env.CDKTF_VIRT_FUZZ_RUNS ?? 4), timeoutMs: 600_000 });
