#!/usr/bin/env bash
# Every test (`npm test`), in order:
#   0. the style gate: prettier's formatting and ESLint's rules, first because they take seconds and fail most often;
#      a failure stops here and says how to fix it;
#   1. the build (the integration tests run the bundled providers from dist/) and the type check including tests;
#      a failure stops here too;
#   2. unit tests (pure logic), on every core;
#   3. integration suites, two at a time: each talks to the shared incusd, libvirtd and terraform under its own
#      name prefix, and most of its time is spent waiting on them, so two suites side by side nearly halve the run.
#      The longest files start first (test/support/duration-sequencer.js, by the seconds committed in
#      test/integration/durations.json; files it does not list before them), so the run does not end with one
#      worker alone on a long file;
#   4. the drills that kill processes or count them (test/integration/reliability, provider-runtime), one at a time.
# Steps 2 to 4 all run even when an earlier one failed; the exit status is non-zero when any did, and the failed tests
# are listed once more at the very end (scripts/ci/test-failure-summary.js). Last, the times this run measured are
# merged into a copy of the durations file, tmp/test-durations.json, with a line on what moved: to order later runs
# by them, copy it over test/integration/durations.json and commit it (scripts/ci/test-durations.js).
set -uo pipefail
cd "$(dirname "$0")/.."

fail() {
  printf '\nnpm test stopped: %s\n' "$1" >&2
  exit 1
}

npm run --silent format:check ||
  fail "the files listed above are not formatted as prettier formats them. Run \`npm run format\` (prettier --write lib test scripts bench), review the changes and commit them."
npm run --silent lint ||
  fail "ESLint reported the problems above. Fix them in the code (\`npx eslint --fix <file>\` fixes some; a disable comment is for the rare line that needs one, with its reason after \`--\`). Formatting is \`npm run format\`'s job."
npm run --silent build || fail "the build failed (see above)."
npm run --silent typecheck || fail "the type check failed (see above)."

drills='test/integration/(reliability|provider-runtime)/'
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
json() { echo "--json --outputFile=$results/$1.json"; }
status=0
# shellcheck disable=SC2046 # json's words are separate arguments
npx jest --selectProjects unit $(json unit) || status=1
# shellcheck disable=SC2046
npx jest --selectProjects integration --maxWorkers=2 --testPathIgnorePatterns "$drills" $(json integration) || status=1
# shellcheck disable=SC2046
npx jest --selectProjects integration --runInBand --testPathPattern "$drills" $(json drills) || status=1
# Only an ordering aid: a failure here is reported, never the run's.
mkdir -p tmp
# shellcheck disable=SC2046
node scripts/ci/test-durations.js update --out tmp/test-durations.json \
  $(for f in integration drills; do [ -f "$results/$f.json" ] && echo "$results/$f.json"; done) ||
  echo "test durations: not refreshed (see above)" >&2
if [ "$status" -ne 0 ]; then
  # CDKTF_VIRT_TEST_SUMMARY: a file that also gets the list (.ci/run prints it again after the later steps).
  node scripts/ci/test-failure-summary.js "$results/unit.json" "$results/integration.json" "$results/drills.json" \
    2>&1 | tee "${CDKTF_VIRT_TEST_SUMMARY:-/dev/null}" >&2
fi
exit "$status"
