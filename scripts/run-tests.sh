#!/usr/bin/env bash
# Every test, after `npm run build` and the type check (see package.json "test"):
#   1. unit tests (pure logic), on every core;
#   2. integration suites, two at a time: each talks to the shared incusd, libvirtd and terraform under its own
#      name prefix, and most of its time is spent waiting on them, so two suites side by side nearly halve the run;
#   3. the drills that kill processes or count them (test/integration/reliability, provider-runtime), one at a time.
# Every step runs even when an earlier one failed; the exit status is non-zero when any did.
set -uo pipefail
cd "$(dirname "$0")/.."
drills='test/integration/(reliability|provider-runtime)/'
status=0
npx jest --selectProjects unit || status=1
npx jest --selectProjects integration --maxWorkers=2 --testPathIgnorePatterns "$drills" || status=1
npx jest --selectProjects integration --runInBand --testPathPattern "$drills" || status=1
exit "$status"
