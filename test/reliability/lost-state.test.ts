// Heavy lost state drill: the same promise as the CI drill on 10 containers (30 objects).
import { lostStateSuite } from "../integration/reliability/support/drill-suites";

lostStateSuite({ title: "losing the state of 30 objects: the next deploy adopts them all", tag: "relh", count: 10, timeoutMs: 3_600_000 });
