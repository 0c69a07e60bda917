#!/usr/bin/env bash
# Runs COMMAND in a private copy of the checkout and removes the copy afterwards; the exit status is COMMAND's:
#   bash scripts/ci/in-copy.sh bash scripts/ci/library-checks.sh
# For a step that rebuilds dist/ or packs the package (npm pack's prepack deletes dist/ and builds it again) while
# another step runs from the checkout's own dist/: .ci/run runs the library checks this way beside the quick bench.
# The copy holds the files git tracks or would track (uncommitted changes included; nothing ignored: no dist/, no
# .git), and node_modules as a link to the checkout's.
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ $# -ge 1 ]] || { echo "usage: $0 COMMAND [ARGS...]" >&2; exit 2; }
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { echo "in-copy: $(pwd) is not a git checkout" >&2; exit 2; }
[[ -d node_modules ]] || { echo "in-copy: node_modules is missing; run npm ci (or scripts/setup.sh) first" >&2; exit 1; }

copy="$(mktemp -d "${TMPDIR:-/tmp}/cdktf-virt-copy.XXXXXX")"
trap 'rm -rf "$copy"' EXIT
# --ignore-failed-read: a tracked file deleted in the working tree is simply not copied. node_modules is left out
# also when it is itself a link (which `node_modules/` in .gitignore does not match).
git ls-files -z --cached --others --exclude-standard | grep -zv '^node_modules$' |
  tar --null --files-from=- --ignore-failed-read --create --file=- |
  tar --extract --file=- --directory="$copy"
ln -sT "$(pwd)/node_modules" "$copy/node_modules"
echo "in-copy: running in $copy: $*"
cd "$copy"
set +e
"$@"
rc=$?
set -e
exit "$rc"
