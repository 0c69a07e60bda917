// Crash and resume drill, CI size: 7 containers with a persistent and an ephemeral volume each (21 Incus objects,
// 28 Terraform resources with the generation anchors), SIGKILLed at random points until 10 kills have landed in the
// middle of an apply (the first during the initial deploy, then during image flips that replace every container
// and its scratch volume). At every kill the provider processes are found first, then required gone within 5 s.
// The heavy variant (test/reliability/crash-resume.test.ts) runs a larger stack and more kills. Set
// CDKTF_VIRT_DRILL_SEED to replay the kill points of a failed run.
import { crashResumeSuite } from "./support/drill-suites";

crashResumeSuite({
  title:
    "10 SIGKILLed deploys of 21 objects resume and converge: no orphans, same persistent volumes and bytes, no stray providers",
  tag: "rel",
  count: 7,
  kills: 10,
  timeoutMs: 900_000,
});
