// Heavy crash and resume drill: 10 containers with a persistent and an ephemeral volume each (30 objects), 12
// SIGKILLs of terraform at random points (set CDKTF_VIRT_DRILL_SEED to replay a run's kill points).
import { crashResumeSuite } from "../integration/reliability/support/drill-suites";

crashResumeSuite({
  title: "12 SIGKILLed deploys of 30 objects resume and converge",
  tag: "relh",
  count: 10,
  trials: 12,
  minKilled: 10,
  timeoutMs: 3_600_000,
});
