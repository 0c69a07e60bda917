// Heavy lost state drill: the same promise as the CI drill on 25 containers (75 objects).
import { lostStateSuite } from "../integration/reliability/support/drill-suites";

lostStateSuite({
  title: "losing the state of 75 objects: the next deploy adopts them all",
  tag: "relh",
  count: 25,
  timeoutMs: 3_600_000,
});
