#!/usr/bin/env bash
# More Incus hosts for the many-hosts tests, next to the local incusd (which is never touched):
#  - host "b": a second incusd with its own state directory and certificate, inside its own network namespace,
#    reached only over HTTPS (core.https_address 198.18.1.2:8443 on a veth pair to this namespace);
#  - host "u": an incusd set up the way the official provider's acceptance tests expect a host (`incus admin init
#    --auto`: a storage pool "default", a bridge "incusbr0", a default profile with a root disk and eth0 on it),
#    reached over HTTPS at 198.18.3.2:8443; its own client configuration ($BASE/upstream-client) makes it the default
#    remote and host b the image server "images", so the official configurations run unchanged
#    (test/integration/incus-provider/upstream-acceptance/);
#  - a cluster of three members (member1..3), each an incusd in its own network namespace on a bridge
#    (198.18.2.11..13), bootstrapped by preseed with cluster.https_address and joined with join tokens.
#    Its own upstream client configuration ($BASE/upstream-cluster-client) makes it the default remote for the
#    official acceptance tests that need a cluster.
# 198.18.0.0/15 is reserved for network tests: the namespaces have no default route, nothing leaves the machine.
# Every daemon gets the test pool and busybox image of the local host (exported from it: run setup-incus.sh first).
# A client identity for the tests (client.crt/key, pinned server certificates, config.yml with remotes b and
# cluster) is trusted on each host the way `incus config trust add-certificate` does it, and hosts.json says where
# everything is.
#
# Usage: setup-incus-hosts.sh            make everything ready (idempotent: a second run only checks)
#        setup-incus-hosts.sh stop NAME   stop one daemon (b, u, member1, member2, member3), e.g. to test a member outage
#        setup-incus-hosts.sh start NAME  start it again (no-op when it runs)
#        setup-incus-hosts.sh status      which daemons answer
# Works as root on Debian 12 without systemd, offline (the packages come from setup-incus.sh).
set -euo pipefail

BASE="${CDKTF_VIRT_HOSTS_DIR:-/var/lib/cdktf-virt/hosts}"
LOG_DIR="${CDKTF_VIRT_LOG_DIR:-/var/log/cdktf-virt}"
POOL="${CDKTF_VIRT_TEST_POOL:-cdktf-virt-test}"
IMAGE_ALIAS="${CDKTF_VIRT_TEST_IMAGE:-cdktf-virt-busybox}"
MAIN_INCUS_DIR="${INCUS_DIR:-/var/lib/incus}"
CLIENT_DIR="$BASE/client"
MEMBERS=(member1 member2 member3)

log() { echo "[setup-incus-hosts] $*" >&2; }
fail() { log "$*"; exit 1; }

# name -> network namespace, host-side interface, namespace-side interface, address in the namespace
ns_of() { echo "cdktf-virt-$1"; }
addr_of() {
  case "$1" in
    b) echo 198.18.1.2 ;;
    u) echo 198.18.3.2 ;;
    member1) echo 198.18.2.11 ;;
    member2) echo 198.18.2.12 ;;
    member3) echo 198.18.2.13 ;;
    *) fail "unknown host $1 (b, u, member1, member2, member3)" ;;
  esac
}
veth_of() {
  case "$1" in
    b) echo cvh-b ;;
    u) echo cvh-u ;;
    member*) echo "cvh-m${1#member}" ;;
  esac
}
CLUSTER_BRIDGE=cvh-clu

dir_of() { echo "$BASE/$1"; }
# The incus client talks to a daemon through its state directory's unix socket (set-up only; tests use HTTPS).
incus_at() { INCUS_DIR="$(dir_of "$1")" incus "${@:2}"; }
answers() { [ -S "$(dir_of "$1")/unix.socket" ] && timeout 5 env INCUS_DIR="$(dir_of "$1")" incus query /1.0 >/dev/null 2>&1; }

ensure_link_up() { ip link set "$1" up; }

ensure_namespace() {
  local name=$1 ns veth addr
  ns=$(ns_of "$name"); veth=$(veth_of "$name"); addr=$(addr_of "$name")
  if [ ! -e "/run/netns/$ns" ]; then
    log "creating network namespace $ns"
    ip netns add "$ns"
  fi
  ip -n "$ns" link set lo up
  if ! ip -n "$ns" link show eth0 >/dev/null 2>&1; then
    ip link del "$veth" 2>/dev/null || true
    ip link add "$veth" type veth peer name "$veth-p"
    ip link set "$veth-p" netns "$ns"
    ip -n "$ns" link set "$veth-p" name eth0
  fi
  ip -n "$ns" link set eth0 up
  if ! ip -n "$ns" -br addr show eth0 | grep -q " $addr/24"; then ip -n "$ns" addr add "$addr/24" dev eth0; fi
  if [ "$name" = b ] || [ "$name" = u ]; then
    local gateway=${addr%.*}.1
    if ! ip -br addr show "$veth" | grep -q " $gateway/24"; then ip addr add "$gateway/24" dev "$veth"; fi
  else
    ip link set "$veth" master "$CLUSTER_BRIDGE"
  fi
  ensure_link_up "$veth"
}

ensure_cluster_bridge() {
  if ! ip link show "$CLUSTER_BRIDGE" >/dev/null 2>&1; then
    log "creating bridge $CLUSTER_BRIDGE (198.18.2.1/24)"
    ip link add "$CLUSTER_BRIDGE" type bridge
  fi
  if ! ip -br addr show "$CLUSTER_BRIDGE" | grep -q " 198.18.2.1/24"; then ip addr add 198.18.2.1/24 dev "$CLUSTER_BRIDGE"; fi
  ensure_link_up "$CLUSTER_BRIDGE"
}

# The pid of the incusd this script started for `name`, when it still runs (checked by its state directory, so a
# recycled pid is never taken for it).
daemon_pid() {
  local dir pid
  dir=$(dir_of "$1")
  [ -f "$dir/incusd.pid" ] || return 1
  pid=$(cat "$dir/incusd.pid")
  [ -r "/proc/$pid/environ" ] && tr '\0' '\n' < "/proc/$pid/environ" | grep -qx "INCUS_DIR=$dir" && echo "$pid"
}

# incusd in the host's network namespace and a mount namespace of its own whose /sys is the one of that network
# namespace (incusd reads /sys/class/net for its networks), with the cgroup hierarchy carried over.
launch_daemon() {
  local name=$1 dir ns
  dir=$(dir_of "$name"); ns=$(ns_of "$name")
  mkdir -p "$dir" "$LOG_DIR"
  chmod 711 "$dir"
  log "starting incusd $name in $ns (log: $LOG_DIR/incusd-$name.log)"
  (cd / && INCUS_DIR="$dir" exec setsid nsenter --net="/run/netns/$ns" unshare --mount --propagation slave sh -c '
      set -e
      keep=$(mktemp -d /run/cdktf-virt-cgroup.XXXXXX)
      mount --rbind /sys/fs/cgroup "$keep"
      mount -t sysfs sysfs /sys
      mount --move "$keep" /sys/fs/cgroup
      rmdir "$keep"
      echo $$ > "$INCUS_DIR/incusd.pid"
      exec /usr/libexec/incus/incusd --group root --logfile "$0"
    ' "$LOG_DIR/incusd-$name.log" >>"$LOG_DIR/incusd-$name.out" 2>&1 </dev/null) &
}

wait_daemon() {
  local name=$1
  # A cluster member that restarts waits for a quorum of the others: start them all before waiting for any.
  if ! INCUS_DIR="$(dir_of "$name")" incus admin waitready --timeout 90; then
    tail -20 "$LOG_DIR/incusd-$name.log" >&2 || true
    fail "incusd $name did not become ready"
  fi
}

stop_daemon() {
  local name=$1 dir pid
  dir=$(dir_of "$name")
  # Only the daemon this script started: the pid file's process must be incusd with this state directory.
  if pid=$(daemon_pid "$name"); then
    log "stopping incusd $name (pid $pid)"
    kill -TERM "$pid"
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
  else
    log "$name is not running"
  fi
  rm -f "$dir/incusd.pid"
}

# Makes the namespace ready and starts the daemon unless it runs; the caller waits for it (wait_daemon).
ensure_started() {
  local name=$1
  case "$name" in
    b | u) ensure_namespace "$name" ;;
    *) ensure_cluster_bridge; ensure_namespace "$name" ;;
  esac
  daemon_pid "$name" >/dev/null || answers "$name" || launch_daemon "$name"
}

ensure_daemon() {
  ensure_started "$1"
  wait_daemon "$1"
}

# The local host's test image, exported once per run, imported into every other host (no rebuild, no network).
IMAGE_EXPORT=""
export_image() {
  [ -n "$IMAGE_EXPORT" ] && return
  IMAGE_EXPORT=$(mktemp -d)
  trap 'rm -rf "$IMAGE_EXPORT"' EXIT
  INCUS_DIR="$MAIN_INCUS_DIR" incus image export "$IMAGE_ALIAS" "$IMAGE_EXPORT/image" >/dev/null \
    || fail "cannot export image $IMAGE_ALIAS from the local incusd: run scripts/setup-incus.sh first"
}

ensure_image() {
  local name=$1 aliases files
  aliases=$(incus_at "$name" image alias list --format csv | cut -d, -f1)
  if grep -qx "$IMAGE_ALIAS" <<<"$aliases"; then return; fi
  log "importing image $IMAGE_ALIAS into $name"
  export_image
  # A split image exports as image (metadata) and image.root (rootfs); a unified one as one file.
  files=("$IMAGE_EXPORT"/image*)
  incus_at "$name" image import "${files[@]}" --alias "$IMAGE_ALIAS" >/dev/null
}

# The official tests' image images:alpine/edge is, on host b, the test image with a DHCP client: the same busybox
# rootfs whose init also runs udhcpc on eth0 (IPv6 comes from the kernel's SLAAC on networks that announce it). Only
# the upstream tests use it; every other test keeps the image without one. Rebuilt only when the alias points to an
# image without the DHCP client or an older variant (its property cdktf-virt.variant says which).
DHCP_VARIANT=dhcp-4
ensure_dhcp_image() {
  local name=$1 target variant='' work fingerprint
  target=$(incus_at "$name" image alias list --format csv | grep '^alpine/edge,' | cut -d, -f2 || true)
  if [ -n "$target" ]; then
    variant=$(incus_at "$name" image get-property "$target" cdktf-virt.variant 2>/dev/null || true)
    [ "$variant" = "$DHCP_VARIANT" ] && return
  fi
  log "building the DHCP variant of $IMAGE_ALIAS as alpine/edge on $name"
  export_image
  work="$IMAGE_EXPORT/dhcp"
  mkdir -p "$work/rootfs"
  tar -C "$work/rootfs" -xzf "$IMAGE_EXPORT/image.root"
  mkdir -p "$work/rootfs/usr/share/udhcpc"
  # udhcpc runs this on each lease event: apply the lease to the interface, the default route and resolv.conf.
  cat > "$work/rootfs/usr/share/udhcpc/default.script" <<'SCRIPT'
#!/bin/sh
case "$1" in
  deconfig) ip -4 addr flush dev "$interface"; ip link set "$interface" up ;;
  bound | renew)
    ip -4 addr flush dev "$interface"
    ip addr add "$ip/${mask:-24}" dev "$interface"
    for r in $router; do ip route replace default via "$r" dev "$interface"; break; done
    : > /etc/resolv.conf
    for d in $dns; do echo "nameserver $d" >> /etc/resolv.conf; done
    ;;
esac
exit 0
SCRIPT
  chmod 755 "$work/rootfs/usr/share/udhcpc/default.script"
  # IPv4 comes last, as on the real image (its kernel's SLAAC runs while its init system boots): a test that waits
  # for IPv4 then finds the IPv6 address of a network that announces one. As on the real image, both come shortly
  # after the start returns (the official provider reads them 2 s later), even on a busy machine: eth0 is restarted
  # without duplicate address detection and without the delay before the router solicitation (the container is
  # alone with its addresses), so the SLAAC address follows the first router advertisement at once; udhcpc starts
  # half a second later, as a network service would. At most 2 s more on a network without IPv6.
  cat > "$work/rootfs/usr/share/udhcpc/wait-ipv6" <<'SCRIPT'
#!/bin/sh
for k in accept_dad router_solicitation_delay; do echo 0 > "/proc/sys/net/ipv6/conf/eth0/$k"; done 2>/dev/null
ip link set eth0 down
ip link set eth0 up
for _ in $(seq 1 20); do
  ip -6 addr show dev eth0 scope global 2>/dev/null | grep inet6 | grep -qv tentative && exit 0
  sleep 0.1
done
exit 0
SCRIPT
  chmod 755 "$work/rootfs/usr/share/udhcpc/wait-ipv6"
  printf '%s\n' '::sysinit:/bin/mount -a' '::sysinit:/bin/ip link set lo up' \
    '::sysinit:/usr/share/udhcpc/wait-ipv6' '::sysinit:/bin/sleep 0.5' \
    '::respawn:/bin/udhcpc -f -i eth0 -s /usr/share/udhcpc/default.script' \
    '::respawn:/bin/sleep 2147483647' > "$work/rootfs/etc/inittab"
  cat > "$work/metadata.yaml" <<META
architecture: x86_64
creation_date: $(date +%s)
properties:
  description: busybox test image for cdktf-virt, with a DHCP client
  os: busybox
  release: static-dhcp
  cdktf-virt.variant: $DHCP_VARIANT
META
  tar -C "$work" -czf "$work/meta.tar.gz" metadata.yaml
  tar -C "$work/rootfs" -czf "$work/rootfs.tar.gz" .
  fingerprint=$(cat "$work/meta.tar.gz" "$work/rootfs.tar.gz" | sha256sum | cut -d' ' -f1)
  incus_at "$name" image show "$fingerprint" >/dev/null 2>&1 ||
    incus_at "$name" image import "$work/meta.tar.gz" "$work/rootfs.tar.gz" >/dev/null
  # Moves the alias; an earlier DHCP variant it pointed to goes, the shared test image stays.
  [ -z "$target" ] || incus_at "$name" image alias delete alpine/edge
  incus_at "$name" image alias create alpine/edge "$fingerprint" >/dev/null
  if [ -n "$variant" ] && [ "$target" != "$fingerprint" ]; then incus_at "$name" image delete "$target"; fi
}

ensure_client_identity() {
  mkdir -p "$CLIENT_DIR/servercerts"
  chmod 700 "$CLIENT_DIR"
  if [ ! -s "$CLIENT_DIR/client.crt" ] || [ ! -s "$CLIENT_DIR/client.key" ]; then
    log "generating the tests' client certificate in $CLIENT_DIR"
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:secp384r1 -nodes -days 3650 -sha384 \
      -subj "/CN=cdktf-virt-tests" -keyout "$CLIENT_DIR/client.key" -out "$CLIENT_DIR/client.crt" 2>/dev/null
    chmod 600 "$CLIENT_DIR/client.key"
  fi
}

# Trust the client certificate on a host (the admin of that host does this once; here through its socket).
ensure_trusted() {
  local name=$1 fingerprint
  fingerprint=$(openssl x509 -in "$CLIENT_DIR/client.crt" -outform DER | sha256sum | cut -d' ' -f1)
  if incus_at "$name" config trust list --format csv | grep -q "${fingerprint:0:12}"; then return; fi
  log "trusting the tests' client certificate on $name"
  incus_at "$name" config trust add-certificate "$CLIENT_DIR/client.crt" --name cdktf-virt-tests >/dev/null
}

ensure_host_b() {
  ensure_daemon b
  local https
  https=$(incus_at b config get core.https_address)
  if [ "$https" != "198.18.1.2:8443" ]; then incus_at b config set core.https_address 198.18.1.2:8443; fi
  incus_at b config set images.auto_update_interval 0
  if ! incus_at b storage show "$POOL" >/dev/null 2>&1; then
    log "creating dir storage pool $POOL on b"
    incus_at b storage create "$POOL" dir >/dev/null
  fi
  ensure_image b
  ensure_trusted b
  cp "$(dir_of b)/server.crt" "$CLIENT_DIR/servercerts/b.crt"
}

# Host u, as `incus admin init --auto` leaves a host (the official acceptance tests' assumption): pool "default",
# bridge "incusbr0" and a default profile with root disk and eth0. Their test image is images:alpine/edge; in the
# upstream client configuration "images" is host b, where the test image also has the alias "alpine/edge", so u
# pulls it over HTTPS like an image server (routes between the two namespaces) and holds no image of its own: an
# image the tests copy to u and delete again is then never one another test relies on.
ensure_host_u() {
  # The official btrfs pool test: Incus runs the btrfs tool (the kernel has btrfs; a loop file holds the pool).
  if ! command -v btrfs >/dev/null; then
    log "installing btrfs-progs"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq btrfs-progs >/dev/null || {
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq btrfs-progs >/dev/null
    }
  fi
  ensure_daemon u
  if [ "$(incus_at u config get core.https_address)" != 198.18.3.2:8443 ]; then
    incus_at u config set core.https_address 198.18.3.2:8443
  fi
  incus_at u storage show default >/dev/null 2>&1 || incus_at u storage create default dir >/dev/null
  # The bridge as `incus admin init --auto` leaves it: IPv4 with DHCP and IPv6 (SLAAC). The official tests check
  # ipv4_address and ipv6_address of new instances without wait_for; the bundled provider waits briefly for the
  # addresses a managed network hands out after each start (CDKTF_VIRT_ADDRESS_SETTLE_MS), so the apply already has
  # them and the import tests' second read agrees. A host set up earlier without addresses is converged.
  incus_at u network show incusbr0 >/dev/null 2>&1 || incus_at u network create incusbr0 >/dev/null
  if [[ "$(incus_at u network get incusbr0 ipv6.address)" =~ ^(none)?$ ]]; then
    incus_at u network set incusbr0 ipv6.address=auto
  fi
  if [ "$(incus_at u network get incusbr0 ipv4.dhcp)" = false ]; then
    incus_at u network unset incusbr0 ipv4.dhcp
  fi
  local devices
  devices=$(incus_at u profile device list default)
  grep -qx root <<<"$devices" || incus_at u profile device add default root disk path=/ pool=default >/dev/null
  grep -qx eth0 <<<"$devices" || incus_at u profile device add default eth0 nic network=incusbr0 name=eth0 >/dev/null
  ip -n "$(ns_of u)" route replace 198.18.1.0/24 via 198.18.3.1
  ip -n "$(ns_of b)" route replace 198.18.3.0/24 via 198.18.1.1
  sysctl -qw net.ipv4.ip_forward=1
  ensure_dhcp_image b
  ensure_trusted u
  cp "$(dir_of u)/server.crt" "$CLIENT_DIR/servercerts/u.crt"
  write_upstream_client "$BASE/upstream-client" u https://198.18.3.2:8443 "$(dir_of u)/server.crt"
}

# A client configuration for the official acceptance tests: the test client identity, `remote` (at `address`, its
# certificate `cert`) as the default remote and host b as the image server "images".
write_upstream_client() {
  local dir=$1 remote=$2 address=$3 cert=$4
  mkdir -p "$dir/servercerts"
  chmod 700 "$dir"
  cp "$CLIENT_DIR/client.crt" "$CLIENT_DIR/client.key" "$dir/"
  cp "$cert" "$dir/servercerts/$remote.crt"
  cp "$(dir_of b)/server.crt" "$dir/servercerts/images.crt"
  cat > "$dir/config.yml" <<YAML
default-remote: $remote
remotes:
  $remote:
    addr: $address
    protocol: incus
    auth_type: tls
  images:
    addr: https://198.18.1.2:8443
    protocol: incus
    auth_type: tls
YAML
}

cluster_is_formed() {
  [ "$(incus_at member1 query /1.0/cluster/members 2>/dev/null | grep -c '"/1.0/cluster/members/')" = 3 ]
}

bootstrap_member1() {
  log "bootstrapping the cluster on member1"
  incus_at member1 admin init --preseed <<YAML
config:
  core.https_address: 198.18.2.11:8443
  cluster.https_address: 198.18.2.11:8443
  images.auto_update_interval: 0
storage_pools:
- name: $POOL
  driver: dir
cluster:
  server_name: member1
  enabled: true
YAML
}

join_member() {
  local name=$1 addr token cert
  addr=$(addr_of "$name")
  # A token left from an interrupted join would make `cluster add` refuse: revoke it first.
  incus_at member1 cluster revoke-token "$name" >/dev/null 2>&1 || true
  token=$(incus_at member1 cluster add "$name" --quiet)
  cert=$(sed 's/$/\\n/' "$(dir_of member1)/cluster.crt" | tr -d '\n')
  log "joining $name to the cluster"
  incus_at "$name" admin init --preseed <<YAML
cluster:
  enabled: true
  server_name: $name
  server_address: $addr:8443
  cluster_address: 198.18.2.11:8443
  cluster_certificate: "$cert"
  cluster_token: $token
  member_config:
  - entity: storage-pool
    name: $POOL
    key: source
    value: ""
YAML
}

ensure_cluster() {
  local m
  for m in "${MEMBERS[@]}"; do ensure_started "$m"; done
  for m in "${MEMBERS[@]}"; do wait_daemon "$m"; done
  if ! cluster_is_formed; then
    if ! incus_at member1 query /1.0/cluster 2>/dev/null | grep -q '"enabled": true'; then bootstrap_member1; fi
    for m in member2 member3; do
      if ! incus_at "$m" query /1.0/cluster 2>/dev/null | grep -q '"enabled": true'; then join_member "$m"; fi
    done
    cluster_is_formed || fail "the cluster did not form: $(incus_at member1 cluster list --format csv 2>&1)"
  fi
  # After a restart the members see each other ONLINE only after the next heartbeats (~10 s).
  local online=0
  for _ in $(seq 1 60); do
    online=$(incus_at member1 cluster list --format csv | grep -c ',ONLINE,' || true)
    [ "$online" = 3 ] && break
    sleep 2
  done
  [ "$online" = 3 ] || fail "only $online of 3 cluster members are ONLINE: $(incus_at member1 cluster list --format csv)"
  ensure_image member1
  ensure_trusted member1
  cp "$(dir_of member1)/cluster.crt" "$CLIENT_DIR/servercerts/cluster.crt"
}

# The official acceptance tests that need a cluster as the default remote (PreCheckClustering) get a client
# configuration of their own ($BASE/upstream-cluster-client): the default remote "cluster" is the test cluster and
# "images" is host b, as for host u (routes between the namespaces let the members pull from b). The official
# provider ignores a remote's project (each call names the resource's project, unset = "default"), so these tests
# run in the cluster's default project, whose default profile gets the root disk `incus admin init` gives it. Our
# own tests never rely on its absence: every instance they make on the cluster names its root disk "root", which
# replaces the profile's. Their macvlan networks take "incusbr0" as parent: each member gets a bridge of that name,
# a plain link Incus lists as unmanaged (a managed network would change the cluster's networks for our tests).
ensure_upstream_cluster_client() {
  local m ns devices fingerprint files
  for m in "${MEMBERS[@]}"; do
    ns=$(ns_of "$m")
    ip -n "$ns" route replace 198.18.1.0/24 via 198.18.2.1
    ip -n "$ns" link show incusbr0 >/dev/null 2>&1 || ip -n "$ns" link add incusbr0 type bridge
    ip -n "$ns" link set incusbr0 up
  done
  ip -n "$(ns_of b)" route replace 198.18.2.0/24 via 198.18.1.1
  sysctl -qw net.ipv4.ip_forward=1
  # The cluster holds the image images:alpine/edge names on b: two members starting instances of a new image at once
  # would both download it, and Incus refuses the second image record (UNIQUE constraint failed).
  fingerprint=$(incus_at b image alias list --format csv | grep '^alpine/edge,' | cut -d, -f2)
  if ! incus_at member1 image show "$fingerprint" >/dev/null 2>&1; then
    log "copying b's image alpine/edge ($fingerprint) to the cluster"
    files=$(mktemp -d)
    incus_at b image export alpine/edge "$files/image" >/dev/null
    incus_at member1 image import "$files"/image* >/dev/null
    rm -rf "$files"
  fi
  devices=$(incus_at member1 profile device list default)
  grep -qx root <<<"$devices" || incus_at member1 profile device add default root disk path=/ pool="$POOL" >/dev/null
  write_upstream_client "$BASE/upstream-cluster-client" cluster https://198.18.2.11:8443 "$(dir_of member1)/cluster.crt"
}

write_client_config() {
  cat > "$CLIENT_DIR/config.yml" <<YAML
default-remote: local
remotes:
  b:
    addr: https://198.18.1.2:8443
    protocol: incus
    auth_type: tls
  cluster:
    addr: https://198.18.2.11:8443
    protocol: incus
    auth_type: tls
YAML
  cat > "$BASE/hosts.json" <<JSON
{
  "configDir": "$CLIENT_DIR",
  "pool": "$POOL",
  "image": "$IMAGE_ALIAS",
  "hosts": {
    "b": { "address": "https://198.18.1.2:8443", "stateDir": "$(dir_of b)" },
    "u": { "address": "https://198.18.3.2:8443", "stateDir": "$(dir_of u)", "configDir": "$BASE/upstream-client" }
  },
  "cluster": {
    "remote": "cluster",
    "addresses": ["https://198.18.2.11:8443", "https://198.18.2.12:8443", "https://198.18.2.13:8443"],
    "members": {
      "member1": { "address": "https://198.18.2.11:8443", "stateDir": "$(dir_of member1)" },
      "member2": { "address": "https://198.18.2.12:8443", "stateDir": "$(dir_of member2)" },
      "member3": { "address": "https://198.18.2.13:8443", "stateDir": "$(dir_of member3)" }
    },
    "upstreamConfigDir": "$BASE/upstream-cluster-client"
  },
  "script": "$(cd "$(dirname "$0")" && pwd)/setup-incus-hosts.sh"
}
JSON
}

command -v incus >/dev/null && [ -x /usr/libexec/incus/incusd ] || fail "Incus is not installed: run scripts/setup-incus.sh first"
[ "$(id -u)" = 0 ] || fail "run as root (network namespaces and incusd need it)"
if ! command -v openssl >/dev/null; then
  log "installing openssl (the tests' client certificate)"
  apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssl >/dev/null
fi

case "${1:-setup}" in
  setup)
    started=$SECONDS
    ensure_client_identity
    ensure_host_b
    ensure_host_u
    ensure_cluster
    ensure_upstream_cluster_client
    write_client_config
    log "ready in $((SECONDS - started)) s: b at https://198.18.1.2:8443, u at https://198.18.3.2:8443, cluster member1..3 at https://198.18.2.11-13:8443 ($BASE/hosts.json)"
    ;;
  stop) stop_daemon "${2:?name}" ;;
  start) addr_of "${2:?name}" >/dev/null; ensure_daemon "$2" ;;
  status)
    for h in b u "${MEMBERS[@]}"; do if answers "$h"; then echo "$h up"; else echo "$h down"; fi; done
    ;;
  *) fail "unknown command $1 (setup, stop NAME, start NAME, status)" ;;
esac
