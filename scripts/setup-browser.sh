#!/usr/bin/env bash
# A headless browser for the tests that open what `cdktf-virt graph --format html` writes: Debian's chromium,
# driven by playwright-core (a devDependency; it downloads no browser of its own). Safe to run again.
set -euo pipefail

fail() { echo "setup-browser: $*" >&2; exit 1; }

if [ -x /usr/bin/chromium ]; then
  echo "setup-browser: chromium already installed ($(/usr/bin/chromium --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi
[ "$(id -u)" = 0 ] || fail "/usr/bin/chromium is missing; run this as root (apt-get install -y chromium)"
command -v apt-get >/dev/null || fail "/usr/bin/chromium is missing and apt-get is not available; install chromium with your package manager"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y --no-install-recommends chromium || { apt-get update && apt-get install -y --no-install-recommends chromium; }
[ -x /usr/bin/chromium ] || fail "apt-get installed chromium but /usr/bin/chromium is still missing"
echo "setup-browser: installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
