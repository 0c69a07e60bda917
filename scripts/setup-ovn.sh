#!/usr/bin/env bash
# A loopback OVN deployment for the local Incus host, so OVN networks, load balancers, peers and integrations can
# be tested on the real incusd (Debian 12, root):
#  - installs Open vSwitch 3.1, OVN 23.03 and ethtool from Debian when missing (no service is started by the packages);
#  - starts ovsdb-server and ovs-vswitchd by hand; without the openvswitch kernel module (containers, VMs whose
#    kernel lacks it) the bridges use Open vSwitch's userspace datapath (datapath_type=netdev);
#  - starts the OVN northbound and southbound databases and ovn-northd on 127.0.0.1:6641/6642, ovn-controller
#    (chassis with geneve on 127.0.0.1, interconnection gateway), and the interconnection databases and ovn-ic on
#    127.0.0.1:6645/6646 (what `incus_network_integration` peers talk to);
#  - sets Incus's network.ovn.northbound_connection only when it is unset;
#  - creates the uplink bridge network $UPLINK (ipv4.ovn.ranges for the OVN routers, ipv4.routes for load
#    balancer and forward addresses) and, on the userspace datapath, a small OVN network $ANCHOR that keeps the
#    uplink's OVS bridge alive (see ensure_uplink_ovs_bridge), and turns transmit checksum offload off on the
#    uplink's veth so TCP from the host reaches OVN (see uplink_checksums).
# It never takes over an Open vSwitch, OVN or Incus OVN setup it did not make: each of those is marked with
# external_ids:cdktf-virt-owner (or user.cdktf-virt.owner in Incus), and a foreign one makes this script stop
# with a message, changing nothing. Idempotent: a second run only checks.
set -euo pipefail

UPLINK="${CDKTF_VIRT_OVN_UPLINK:-cdktf-ovn-up}"
ANCHOR="${CDKTF_VIRT_OVN_ANCHOR:-cdktf-ovn-keep}"
UPLINK_SUBNET="10.183.27"    # the uplink bridge: .1 host, .50-.99 DHCP, .100-.199 OVN router addresses
LISTEN_SUBNET="10.183.28.0/24" # routed to the uplink: load balancer and forward listen addresses
ANCHOR_ADDRESS="10.183.29.1/24"
NB="tcp:127.0.0.1:6641"
SB="tcp:127.0.0.1:6642"
IC_NB="tcp:127.0.0.1:6645"
IC_SB="tcp:127.0.0.1:6646"
OWNER="setup"
LOG_DIR="${CDKTF_VIRT_LOG_DIR:-/var/log/cdktf-virt}"
export PATH="$PATH:/usr/share/openvswitch/scripts:/usr/share/ovn/scripts"

log() { echo "[setup-ovn] $*" >&2; }
leave() { log "$*; OVN is not set up (the OVN integration tests will fail until it is)"; exit 0; }

if [ "$(id -u)" -ne 0 ]; then
  log "run this as root (it installs packages and starts daemons)"
  exit 1
fi
timeout 5 incus query /1.0 >/dev/null 2>&1 || { log "incusd does not answer: run scripts/setup-incus.sh first"; exit 1; }

install_packages() {
  local missing=()
  command -v ovs-vswitchd >/dev/null 2>&1 || missing+=(openvswitch-switch)
  command -v ovn-northd >/dev/null 2>&1 || missing+=(ovn-central)
  command -v ovn-controller >/dev/null 2>&1 || missing+=(ovn-host)
  command -v ovn-ic >/dev/null 2>&1 || missing+=(ovn-ic ovn-ic-db)
  command -v ethtool >/dev/null 2>&1 || missing+=(ethtool)
  [ "${#missing[@]}" -eq 0 ] && return
  log "installing ${missing[*]} from Debian"
  apt-get update -qq
  # A policy-rc.d that refuses service starts keeps the packages from starting their own daemons.
  local created_policy=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    created_policy=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  if [ "$created_policy" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
}

answers() { timeout 10 "$@" >/dev/null 2>&1; }
ovs_answers() { answers ovs-vsctl --timeout=5 get Open_vSwitch . _uuid; }
db_answers() { answers ovsdb-client --timeout=5 list-dbs "$1"; }
ovs_ext() { ovs-vsctl --timeout=5 --if-exists get Open_vSwitch . "external_ids:$1" 2>/dev/null | tr -d '"' || true; }
nb_ext() { ovn-nbctl --timeout=5 --db="$NB" --if-exists get NB_Global . "external_ids:$1" 2>/dev/null | tr -d '"' || true; }

kernel_datapath() {
  [ -d /sys/module/openvswitch ] && return 0
  command -v modprobe >/dev/null 2>&1 && modprobe -q openvswitch 2>/dev/null
}

start_ovs() {
  mkdir -p "$LOG_DIR"
  if ! ovs_answers; then
    log "starting ovsdb-server"
    ovs-ctl --no-ovs-vswitchd --no-monitor --system-id=random start >/dev/null
  fi
  # Only an Open vSwitch this script configured, or an empty one, is used.
  if [ "$(ovs_ext cdktf-virt-owner)" != "$OWNER" ]; then
    if [ -n "$(ovs-vsctl --timeout=5 list-br)" ] || [ -n "$(ovs_ext ovn-remote)" ]; then
      leave "Open vSwitch already has bridges or an OVN remote that this script did not create"
    fi
  fi
  if ! answers ovs-appctl --timeout=5 -t ovs-vswitchd version; then
    # ovs-ctl would insist on loading the kernel module; the userspace datapath does not need it.
    log "starting ovs-vswitchd (log: $LOG_DIR/ovs-vswitchd.log)"
    ovs-vswitchd --pidfile --detach --no-chdir --log-file="$LOG_DIR/ovs-vswitchd.log" \
      unix:/var/run/openvswitch/db.sock >/dev/null 2>&1
  fi
}

start_ovn_central() {
  if ! db_answers "$NB" || ! db_answers "$SB" || ! answers ovn-appctl --timeout=5 -t ovn-northd version; then
    log "starting the OVN databases ($NB, $SB) and ovn-northd"
    ovn-ctl --no-monitor --db-nb-addr=127.0.0.1 --db-sb-addr=127.0.0.1 \
      --db-nb-create-insecure-remote=yes --db-sb-create-insecure-remote=yes start_northd >/dev/null
  fi
  # `init` creates the NB_Global row when ovn-northd has not yet, and leaves an initialised database alone.
  ovn-nbctl --timeout=5 --db="$NB" init
  if [ "$(nb_ext cdktf-virt-owner)" != "$OWNER" ]; then
    [ -n "$(ovn-nbctl --timeout=5 --db="$NB" ls-list)" ] && leave "the OVN northbound database at $NB already holds switches"
    ovn-nbctl --timeout=5 --db="$NB" set NB_Global . "external_ids:cdktf-virt-owner=$OWNER"
  fi
  # The availability zone name ovn-ic registers this deployment under.
  [ -n "$(ovn-nbctl --timeout=5 --db="$NB" get NB_Global . name | tr -d '"')" ] ||
    ovn-nbctl --timeout=5 --db="$NB" set NB_Global . name=cdktf-virt
  if ! db_answers "$IC_NB" || ! db_answers "$IC_SB"; then
    log "starting the OVN interconnection databases ($IC_NB, $IC_SB)"
    ovn-ctl --no-monitor --db-ic-nb-addr=127.0.0.1 --db-ic-sb-addr=127.0.0.1 \
      --db-ic-nb-create-insecure-remote=yes --db-ic-sb-create-insecure-remote=yes start_ic_ovsdb >/dev/null
  fi
  if ! answers ovn-appctl --timeout=5 -t ovn-ic version; then
    log "starting ovn-ic"
    ovn-ctl --no-monitor --ovn-ic-nb-db="$IC_NB" --ovn-ic-sb-db="$IC_SB" \
      --ovn-northd-nb-db="$NB" --ovn-northd-sb-db="$SB" start_ic >/dev/null
  fi
}

start_ovn_controller() {
  if [ "$(ovs_ext cdktf-virt-owner)" != "$OWNER" ]; then
    ovs-vsctl --timeout=5 set Open_vSwitch . \
      "external_ids:ovn-remote=$SB" external_ids:ovn-encap-type=geneve external_ids:ovn-encap-ip=127.0.0.1 \
      external_ids:ovn-is-interconn=true "external_ids:ovn-bridge-datapath-type=$DATAPATH" \
      "external_ids:cdktf-virt-owner=$OWNER"
  fi
  # ovn-controller would create br-int itself (with ovn-bridge-datapath-type); creating it first makes the
  # datapath explicit.
  ovs-vsctl --timeout=5 --may-exist add-br br-int -- set Bridge br-int "datapath_type=$DATAPATH" \
    fail-mode=secure other-config:disable-in-band=true
  if ! answers ovn-appctl --timeout=5 -t ovn-controller version; then
    log "starting ovn-controller"
    ovn-ctl --no-monitor start_controller >/dev/null
  fi
}

configure_incus() {
  local current
  current="$(incus config get network.ovn.northbound_connection)"
  if [ -z "$current" ]; then
    log "setting Incus network.ovn.northbound_connection=$NB"
    incus config set network.ovn.northbound_connection "$NB"
  elif [ "$current" != "$NB" ]; then
    leave "Incus already uses the OVN deployment at $current"
  fi
}

ensure_uplink() {
  if incus network show "$UPLINK" >/dev/null 2>&1; then
    [ "$(incus network get "$UPLINK" user.cdktf-virt.owner)" = "$OWNER" ] ||
      leave "network $UPLINK exists and was not created by this script"
    return
  fi
  log "creating the OVN uplink bridge network $UPLINK"
  incus network create "$UPLINK" --type=bridge --description "cdktf-virt OVN uplink" \
    "ipv4.address=$UPLINK_SUBNET.1/24" ipv4.nat=true ipv6.address=none \
    "ipv4.dhcp.ranges=$UPLINK_SUBNET.50-$UPLINK_SUBNET.99" \
    "ipv4.ovn.ranges=$UPLINK_SUBNET.100-$UPLINK_SUBNET.199" "ipv4.routes=$LISTEN_SUBNET" \
    "user.cdktf-virt.owner=$OWNER" >/dev/null
}

# The uplink's network id in Incus, which names the OVS bridge and veth pair Incus connects it to OVN with.
uplink_id() {
  incus admin sql global "SELECT networks.id FROM networks JOIN projects ON projects.id = networks.project_id
    WHERE networks.name = '$UPLINK' AND projects.name = 'default'" -f csv,noheader
}

# Incus connects an uplink to OVN through an OVS bridge named incusovn<network id>, which it creates (with the
# kernel datapath) when the uplink's first OVN network is created and deletes with its last one. On the userspace
# datapath the bridge is created here first, with datapath_type=netdev (Incus reuses an existing one), and the
# anchor OVN network keeps a user of the uplink so Incus never deletes it.
ensure_uplink_ovs_bridge() {
  [ "$DATAPATH" = netdev ] || return 0
  local bridge
  bridge="incusovn$(uplink_id)"
  ovs-vsctl --timeout=5 --may-exist add-br "$bridge" -- set Bridge "$bridge" datapath_type=netdev
  if ! incus network show "$ANCHOR" >/dev/null 2>&1; then
    log "creating the OVN network $ANCHOR that keeps $bridge in place"
    incus network create "$ANCHOR" --type=ovn "network=$UPLINK" --description "keeps the cdktf-virt OVN uplink bridge" \
      "ipv4.address=$ANCHOR_ADDRESS" ipv4.nat=true ipv6.address=none "user.cdktf-virt.owner=$OWNER" >/dev/null
  fi
}

# Open vSwitch's userspace datapath reads its ports with raw sockets and does not finish the checksums the kernel
# leaves to a veth's transmit offload, so TCP the host sends into OVN (to a load balancer or forward address) would
# arrive with bad checksums and be dropped. The uplink's veth end on the bridge computes them instead. (Containers on
# OVN networks need the same on their eth0: the tests do it; see test/integration/constructs/ovn-traffic.test.ts.)
uplink_checksums() {
  [ "$DATAPATH" = netdev ] || return 0
  local veth
  veth="incusovn$(uplink_id)a"
  [ -e "/sys/class/net/$veth" ] || return 0
  ethtool -K "$veth" tx off >/dev/null
}

install_packages
if kernel_datapath; then DATAPATH=system; else DATAPATH=netdev; fi
start_ovs
start_ovn_central
start_ovn_controller
configure_incus
ensure_uplink
ensure_uplink_ovs_bridge
uplink_checksums
log "ready: OVN northbound $NB, uplink $UPLINK (OVS datapath: $DATAPATH)"
