#!/usr/bin/env bash
# One-stop setup on a Debian 12 machine (root) with Node >= 20 and terraform:
# npm packages, a local Incus host (plus a second host reached over HTTPS and a three-member Incus cluster, each in
# its own network namespace), a loopback OVN for Incus OVN networks, a local libvirt/KVM host, a loopback PostgreSQL (the `pg` state backend the
# pipeline and concurrency tests use), Debian's chromium (the test that opens `graph --format html`), and the build (bundled providers included).
# Safe to run again: every step checks before it changes anything.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "setup: $*" >&2; exit 1; }
command -v node >/dev/null || fail "node is not installed (Node >= 20 is required)"
node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)' || fail "Node >= 20 is required, found $(node --version)"
command -v terraform >/dev/null || fail "terraform is not on PATH (terraform >= 1.5 is required; 1.11 is tested)"

export CHECKPOINT_DISABLE=1
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
bash scripts/setup-incus.sh
bash scripts/setup-incus-hosts.sh
bash scripts/setup-ovn.sh
bash scripts/setup-libvirt.sh
bash scripts/setup-nfs.sh
bash scripts/setup-postgres.sh
bash scripts/setup-browser.sh
npm run build --silent
echo "setup: done (terraform $(terraform version 2>/dev/null | head -1 | cut -d' ' -f2), node $(node --version))"
