// Heavy variant of the provider configuration fuzzing: 30 terraform plans of up to 4 generated configurations each.
import { providerConfigFuzzSuite } from "../integration/reliability/support/provider-config-fuzz";

providerConfigFuzzSuite({ tag: "relh", runs: 30, timeoutMs: 3_600_000 });
