#!/usr/bin/env bash
# Runs the repository's unit tests (jest --selectProjects unit) under Node MAJOR:
#   bash scripts/ci/unit-on-node.sh 24
# 20 is the machine's node; 22 and 24 are installed by scripts/install-node.sh. The package is built first with
# that node (some unit tests start the bundled test provider from dist/). Extra arguments go to jest.
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 MAJOR [jest args...]" >&2; exit 2; }
major="$1"
shift
cd "$(dirname "$0")/../.."
source scripts/ci/common.sh
use_node "$major"
export CHECKPOINT_DISABLE=1

[[ -f node_modules/jest/bin/jest.js ]] || { echo "unit-on-node: node_modules/jest is missing; run npm ci (or scripts/setup.sh) first" >&2; exit 1; }
npm run --silent build >/dev/null
node node_modules/jest/bin/jest.js "$@" --selectProjects unit
