// Lost state drill, CI size: 10 containers with a persistent and an ephemeral volume each (30 objects). Deleting
// the state file and deploying again adopts every object (same objects, no error, empty plan after); a same-named
// object without the stack's owner marker is left alone with an error naming `terraform import`.
import { lostStateSuite } from "./support/drill-suites";

lostStateSuite({
  title:
    "a deploy after losing the state of 30 objects adopts every one by its owner marker, and never takes someone else's",
  tag: "rel",
  count: 10,
  timeoutMs: 400_000,
});
