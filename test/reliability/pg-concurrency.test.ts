// Heavy concurrency drill on the pg state backend: the CI drill's three tests on a 10-container stack, with five
// deploys at once in the lock-timeout test.
import { pgConcurrencySuite } from "../integration/reliability/support/pg-drill";

pgConcurrencySuite({ tag: "relh", count: 10, waiting: 5, timeoutMs: 1_800_000 });
