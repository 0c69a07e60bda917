#!/usr/bin/env bash
# Compares what every unit-tested stack synthesizes on two commits, byte for byte: a refactoring must not change
# the Terraform JSON of any stack. Usage: scripts/synth-equivalence.sh <base-rev> [<test paths>...]
# The working tree is the "after" side. Each synthesis is dumped by test/support/synth-dump.js.
set -euo pipefail
base=${1:?usage: synth-equivalence.sh <base-rev> [test paths]}; shift || true
paths=("$@"); [ ${#paths[@]} -gt 0 ] || paths=(test/unit/constructs test/unit/bindings test/unit/tooling)
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
git -C "$root" worktree add -q --detach "$work/base" "$base"
trap 'git -C "$root" worktree remove --force "$work/base"; rm -rf "$work"' EXIT
ln -s "$root/node_modules" "$work/base/node_modules"
# The hook may be newer than the base commit: use this tree's.
cp "$root/test/support/synth-dump.js" "$work/base/test/support/synth-dump.js"
cp "$root/jest.config.js" "$work/base/jest.config.js"
dump() { (cd "$1" && CDKTF_VIRT_SYNTH_DUMP="$2" npx jest --selectProjects unit --silent -- "${paths[@]}" >"$2.log" 2>&1 || true); }
dump "$work/base" "$work/before"
dump "$root" "$work/after"
# Local backends name the checkout's directory: the one difference that is not the code's.
sed -i "s#$work/base#<root>#g" "$work"/before/*.json
sed -i "s#$root#<root>#g" "$work"/after/*.json
echo "synth-equivalence: $(ls "$work/before" | wc -l) stacks before, $(ls "$work/after" | wc -l) after"
if diff -r -q "$work/before" "$work/after"; then echo "synth-equivalence: identical"; else
  diff -r "$work/before" "$work/after" | head -80; exit 1; fi
