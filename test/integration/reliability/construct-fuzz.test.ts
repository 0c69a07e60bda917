// Bad input drill, CI size: fuzzed construct props (names, sizes, couplings) give only validation errors that name
// the construct path and the prop, never a bare exception, and whatever is accepted is something the real Incus
// accepts (oracles calibrated in incus-rules.test.ts). 2000 runs per property (~30 s);
// test/reliability/construct-fuzz.test.ts runs the same properties with five times as many.
import { constructFuzzSuite } from "./support/construct-fuzz-suite";

constructFuzzSuite(2000);
