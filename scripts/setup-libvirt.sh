#!/usr/bin/env bash
# Makes a local libvirt/KVM host ready for cdktf-virt's tests and examples (Debian 12, root, no systemd needed).
#  - reuses a libvirtd that already answers on qemu:///system (never changes objects it did not create);
#  - otherwise installs libvirt 9 + QEMU from Debian main, runs QEMU and swtpm as root (no udev: /dev/kvm is root-only)
#    and starts virtlogd and libvirtd by hand;
#  - creates the test dir pool (started), installs genisoimage (isoinfo) for the cloud-init ISO tests and builds
#    the offline test guest (scripts/setup-test-guest.sh), and lvm2 for the logical pool tests.
# Idempotent: a second run only checks and returns.
set -euo pipefail

URI="qemu:///system"
POOL="${CDKTF_VIRT_LIBVIRT_POOL:-cdktf-virt-test}"
POOL_DIR="${CDKTF_VIRT_LIBVIRT_POOL_DIR:-/var/lib/cdktf-virt/libvirt-pool}"
LOG_DIR="${CDKTF_VIRT_LOG_DIR:-/var/log/cdktf-virt}"
QEMU_CONF=/etc/libvirt/qemu.conf
PACKAGES=(libvirt-daemon libvirt-daemon-driver-qemu libvirt-clients qemu-system-x86 qemu-utils
  libvirt-daemon-system libvirt-daemon-system-sysv)

log() { echo "[setup-libvirt] $*" >&2; }

libvirt_answers() {
  command -v virsh >/dev/null 2>&1 && timeout "${1:-5}" virsh -q -c "$URI" version >/dev/null 2>&1
}

install_libvirt() {
  log "installing libvirt and QEMU (${PACKAGES[*]})"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
}

# QEMU must run as root here; respect a user/group the administrator already chose.
configure_qemu_user() {
  [ -f "$QEMU_CONF" ] || return 0
  if ! grep -Eq '^[[:space:]]*user[[:space:]]*=' "$QEMU_CONF"; then
    log "setting user = \"root\" in $QEMU_CONF"
    printf '\n# cdktf-virt setup: no udev here, /dev/kvm is root-only\nuser = "root"\n' >> "$QEMU_CONF"
  fi
  if ! grep -Eq '^[[:space:]]*group[[:space:]]*=' "$QEMU_CONF"; then
    log "setting group = \"root\" in $QEMU_CONF"
    printf 'group = "root"\n' >> "$QEMU_CONF"
  fi
  # swtpm runs as the same user as QEMU. Debian's default user (tss) only exists once swtpm-tools is installed, so
  # which user libvirtd picks would depend on the install order, and swtpm_localca then finds its state files owned
  # by the other user ("Need read/write rights on /var/lib/swtpm-localca/.lock.swtpm-localca").
  if ! grep -Eq '^[[:space:]]*swtpm_user[[:space:]]*=' "$QEMU_CONF"; then
    log "setting swtpm_user = \"root\" in $QEMU_CONF"
    printf 'swtpm_user = "root"\n' >> "$QEMU_CONF"
  fi
  if ! grep -Eq '^[[:space:]]*swtpm_group[[:space:]]*=' "$QEMU_CONF"; then
    log "setting swtpm_group = \"root\" in $QEMU_CONF"
    printf 'swtpm_group = "root"\n' >> "$QEMU_CONF"
  fi
}

start_daemons() {
  mkdir -p "$LOG_DIR"
  if ! pgrep -x virtlogd >/dev/null 2>&1; then
    log "starting virtlogd"
    virtlogd -d
  fi
  if ! pgrep -x libvirtd >/dev/null 2>&1; then
    log "starting libvirtd (log: $LOG_DIR/libvirtd.log)"
    LIBVIRT_LOG_OUTPUTS="3:file:$LOG_DIR/libvirtd.log" libvirtd -d
  fi
  # The first connection waits while libvirt probes QEMU's capabilities (~8 s, cached afterwards).
  local deadline=$((SECONDS + 90))
  until libvirt_answers 30; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      log "libvirtd did not answer on $URI within 90 s; last log lines:"
      tail -20 "$LOG_DIR/libvirtd.log" >&2 || true
      exit 1
    fi
    sleep 0.5
  done
}

ensure_pool() {
  # Capture output first: `grep -q` in a pipeline closes it early and pipefail then reports virsh's SIGPIPE.
  local info xml_now
  if info=$(virsh -q -c "$URI" pool-info "$POOL" 2>/dev/null); then
    xml_now=$(virsh -q -c "$URI" pool-dumpxml "$POOL")
    # Only start it if we created it (its target is our directory); never touch someone else's pool.
    if [[ "$xml_now" != *"<path>$POOL_DIR</path>"* ]]; then
      log "pool $POOL exists with another target path; leaving it as it is"
    elif ! grep -Eq '^State:[[:space:]]+running' <<<"$info"; then
      log "starting pool $POOL"
      virsh -q -c "$URI" pool-start "$POOL" >/dev/null
    fi
    return
  fi
  log "creating dir pool $POOL at $POOL_DIR"
  mkdir -p "$POOL_DIR"
  local xml
  xml=$(mktemp)
  cat > "$xml" <<XML
<pool type="dir">
  <name>$POOL</name>
  <target><path>$POOL_DIR</path></target>
</pool>
XML
  virsh -q -c "$URI" pool-define "$xml" >/dev/null
  rm -f "$xml"
  virsh -q -c "$URI" pool-start "$POOL" >/dev/null
}

# Tools the tests use besides libvirt itself, installed in one step and before libvirtd starts (it then sees the
# firmware descriptors and swtpm at once):
#  - isoinfo (genisoimage) reads back the cloud-init seed ISOs our provider writes;
#  - UEFI firmware (OVMF, code and variable templates) and the software TPM (swtpm) for the domain firmware and
#    device tests;
#  - lvm2 (pvcreate, vgcreate): libvirt builds logical pools with it; the tests put one on a loop device.
install_test_tools() {
  local missing=()
  command -v isoinfo >/dev/null 2>&1 || missing+=(genisoimage)
  [ -f /usr/share/OVMF/OVMF_CODE_4M.fd ] || missing+=(ovmf)
  command -v swtpm >/dev/null 2>&1 || missing+=(swtpm)
  command -v swtpm_setup >/dev/null 2>&1 || missing+=(swtpm-tools)
  command -v vgcreate >/dev/null 2>&1 || missing+=(lvm2)
  [ "${#missing[@]}" -gt 0 ] || return 0
  log "installing ${missing[*]} (for the cloud-init, firmware, TPM and logical pool tests)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

if ! libvirt_answers; then
  if ! command -v libvirtd >/dev/null 2>&1 || ! command -v virsh >/dev/null 2>&1 \
    || ! command -v qemu-system-x86_64 >/dev/null 2>&1 || ! command -v qemu-img >/dev/null 2>&1; then
    install_libvirt
  fi
  install_test_tools
  configure_qemu_user
  start_daemons
else
  install_test_tools
fi
ensure_pool
# The offline test guest (Debian kernel + busybox initramfs) the libvirt tests boot.
bash "$(dirname "$0")/setup-test-guest.sh"
version=$(virsh -q -c "$URI" version 2>/dev/null || true)
log "ready: $(sed -n 's/^Running hypervisor: *//p' <<<"$version"), pool $POOL"
