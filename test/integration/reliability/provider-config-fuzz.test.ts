// Bad input drill for the provider, CI size: every single change of a working `provider "incus"` configuration
// (the fixed table), then generated sets of several aliased configurations, planned by the real terraform. An
// oracle predicts for each configuration whether it must work or which attribute is invalid: what must work plans
// and reads its data source; an invalid value is rejected by an error diagnostic of that provider that names the
// attribute; no error goes unpredicted and no provider crashes or hangs. The heavy variant
// (test/reliability/provider-config-fuzz.test.ts) runs many more generated plans.
import { providerConfigFuzzSuite } from "./support/provider-config-fuzz";
import { resourceInputSuite } from "./support/resource-input-fuzz";

providerConfigFuzzSuite({ tag: "rel", runs: Number(process.env.CDKTF_VIRT_FUZZ_RUNS ?? 40), timeoutMs: 600_000 });

// Bad input to the incus_* resources (sizes, limits, MAC addresses, names, file and exec ids and modes).
resourceInputSuite({ tag: "rin", runs: Number(process.env.CDKTF_VIRT_FUZZ_RUNS ?? 40) / 4, timeoutMs: 600_000 });
