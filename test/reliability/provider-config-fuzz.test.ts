// Heavy variant of the provider configuration fuzzing: the fixed table of single changes, then 600 terraform plans
// of up to 4 generated configurations each (the CI drill plans 40).
import { providerConfigFuzzSuite } from "../integration/reliability/support/provider-config-fuzz";
import { resourceInputSuite } from "../integration/reliability/support/resource-input-fuzz";

providerConfigFuzzSuite({ tag: "relh", runs: 600, timeoutMs: 3_600_000 });

resourceInputSuite({ tag: "rinh", runs: 300, timeoutMs: 3_600_000 });
