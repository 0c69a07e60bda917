// Heavy crash and resume drill: 10 containers with a persistent and an ephemeral volume each (30 Incus objects),
// SIGKILLed at random points until 25 kills have landed mid-apply (set CDKTF_VIRT_DRILL_SEED to replay a run).
import { crashResumeSuite } from "../integration/reliability/support/drill-suites";

crashResumeSuite({
  title: "25 SIGKILLed deploys of 30 objects resume and converge",
  tag: "relh",
  count: 10,
  kills: 25,
  timeoutMs: 3_600_000,
});
