// Crash and resume drill, CI size: 7 containers with a persistent and an ephemeral volume each (21 objects), three
// SIGKILLs of terraform at random points (the first during the initial deploy, then during image flips that
// replace every container). The heavy variant (test/reliability/crash-resume.test.ts) runs more trials on a larger
// stack. Set CDKTF_VIRT_DRILL_SEED to replay the kill points of a failed run.
import { crashResumeSuite } from "./support/drill-suites";

crashResumeSuite({
  title: "SIGKILLed deploys resume and converge: no orphans, same persistent volumes and bytes, no stray providers",
  tag: "rel",
  count: 7,
  trials: 3,
  minKilled: 2,
  timeoutMs: 600_000,
});
