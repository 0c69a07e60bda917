// Heavy variant of the construct props fuzzing: the same properties as the CI drill, five times the runs.
import { constructFuzzSuite } from "../integration/reliability/support/construct-fuzz-suite";

constructFuzzSuite(10000);
