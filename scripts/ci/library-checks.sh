#!/usr/bin/env bash
# The checks that cdktf-virt works as a library in someone else's repository, on Node 20, 22 and 24:
#   1. unit tests on Node 22            scripts/ci/unit-on-node.sh 22
#   2. unit tests on Node 24            scripts/ci/unit-on-node.sh 24
#   3. consumer, cdktf, Node 20         test/consumer/run.sh cdktf --node 20
#   3b. cdktf 0.20, synth + validate   test/consumer/synth-cdktf020.sh
#   3c. .d.ts on TypeScript 5.9 and 7   test/consumer/types.sh
#   4. consumer, cdktn, Node 22         test/consumer/run.sh cdktn --node 22
#   5. cdktf -> cdktn migration, 22     test/consumer/run.sh migrate --node 22
#   6. cdktf-virt init (cdktn), 24      test/consumer/run.sh init --node 24
# Every step runs even when an earlier one failed. Prints each step's time and `N passed, N failed`; exits 1 when
# any failed. Needs what scripts/setup.sh provides (node_modules, a running incusd with the cdktf-virt-busybox image,
# terraform). The package is packed once (npm pack) and every consumer step installs that tarball
# (CDKTF_VIRT_CONSUMER_TARBALL=<path> skips the packing and uses that one).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"
source scripts/ci/common.sh
export CHECKPOINT_DISABLE=1
# One npm cache for every install of every step (npm's default, ~/.npm, unless npm_config_cache says otherwise);
# installs prefer it over the registry.
export npm_config_prefer_offline=true npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

names=()
results=()
seconds=()
passed=0
failed=0
all_started=$(date +%s)

# run NAME COMMAND...: one step; its output is shown as it comes.
run() {
  local name="$1" started rc
  shift
  echo
  echo "==== $name: $*"
  started=$(date +%s)
  set +e
  "$@"
  rc=$?
  set -e
  local took=$(($(date +%s) - started))
  names+=("$name")
  seconds+=("$took")
  if [[ $rc -eq 0 ]]; then
    results+=("passed")
    passed=$((passed + 1))
    echo "==== $name: passed in ${took} s"
  else
    results+=("FAILED (exit $rc)")
    failed=$((failed + 1))
    echo "==== $name: FAILED (exit $rc) after ${took} s"
  fi
}

# Preparation (timed, not counted): both Node versions, and one tarball for the consumer steps.
started=$(date +%s)
for major in 22 24; do
  bash scripts/install-node.sh "$major" >/dev/null || echo "prepare: installing Node $major failed (the steps that need it fail too)" >&2
done
echo "prepare: Node 22 and 24 ready in $(($(date +%s) - started)) s"

run "unit tests, Node 22" bash scripts/ci/unit-on-node.sh 22
run "unit tests, Node 24" bash scripts/ci/unit-on-node.sh 24

pack_dir="$(mktemp -d "${TMPDIR:-/tmp}/cdktf-virt-pack.XXXXXX")"
trap 'rm -rf "$pack_dir"' EXIT
started=$(date +%s)
if [[ -n "${CDKTF_VIRT_CONSUMER_TARBALL:-}" ]]; then
  echo "prepare: using CDKTF_VIRT_CONSUMER_TARBALL=$CDKTF_VIRT_CONSUMER_TARBALL"
elif npm pack --pack-destination "$pack_dir" --loglevel=error >"$pack_dir/pack.log" 2>&1 && ls "$pack_dir"/cdktf-virt-*.tgz >/dev/null 2>&1; then
  CDKTF_VIRT_CONSUMER_TARBALL="$(ls "$pack_dir"/cdktf-virt-*.tgz)"
  export CDKTF_VIRT_CONSUMER_TARBALL
  echo "prepare: packed $(basename "$CDKTF_VIRT_CONSUMER_TARBALL") in $(($(date +%s) - started)) s"
else
  echo "prepare: npm pack failed in $repo (each consumer step will try again and say why):" >&2
  tail -n 30 "$pack_dir/pack.log" >&2
fi

run "consumer cdktf, Node 20" bash test/consumer/run.sh cdktf --node 20
run "consumer cdktf 0.20 (synth + validate), Node 20" bash test/consumer/synth-cdktf020.sh
run "type declarations, TypeScript 5.9 and 7" bash test/consumer/types.sh
run "consumer cdktn, Node 22" bash test/consumer/run.sh cdktn --node 22
run "migrate cdktf -> cdktn, Node 22" bash test/consumer/run.sh migrate --node 22
run "init (cdktn), Node 24" bash test/consumer/run.sh init --node 24

echo
echo "==== library checks"
for i in "${!names[@]}"; do
  printf '  %-34s %-18s %5d s\n' "${names[$i]}" "${results[$i]}" "${seconds[$i]}"
done
echo "  total $(($(date +%s) - all_started)) s"
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
