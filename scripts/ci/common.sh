# Shared by scripts/ci/*.sh and test/consumer/run.sh (sourced, not run).

# use_node MAJOR: puts Node MAJOR first in PATH. The machine's own node is used when it is that major (20 on CI);
# any other major comes from scripts/install-node.sh (cached in /opt/cdktf-virt/node-MAJOR).
use_node() {
  local major="$1" repo bin
  [[ "$major" =~ ^[0-9]+$ ]] || { echo "use_node: expected a Node major version such as 22, got '$major'" >&2; return 2; }
  if [[ "$(node --version 2>/dev/null)" == "v$major."* ]]; then
    :
  else
    repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
    bin="$(bash "$repo/scripts/install-node.sh" "$major" | tail -1)"
    [[ -x "$bin/node" ]] || { echo "use_node: scripts/install-node.sh $major did not print a bin folder with node in it (got '$bin')" >&2; return 1; }
    export PATH="$bin:$PATH"
  fi
  local seen
  seen="$(node --version)"
  [[ "$seen" == "v$major."* ]] || { echo "use_node: expected node v$major.x first in PATH, found $seen ($(command -v node))" >&2; return 1; }
  echo "node $seen ($(command -v node)), npm $(npm --version 2>/dev/null) ($(command -v npm))" >&2
}

# Options for every npm install in CI: reuse the shared cache, no audit/fund round trips.
NPM_FAST=(--prefer-offline --no-audit --no-fund --loglevel=error)
