#!/usr/bin/env bash
# Makes a local Incus host ready for cdktf-virt's tests and examples (Debian 12, root).
#  - reuses an Incus daemon that already answers (never changes objects it did not create);
#  - otherwise installs Incus 6.0 from bookworm-backports and starts incusd by hand (no systemd needed);
#  - creates the test storage pool and a tiny busybox image under a stable alias.
# Idempotent: a second run only checks and returns.
set -euo pipefail

POOL="${CDKTF_VIRT_TEST_POOL:-cdktf-virt-test}"
IMAGE_ALIAS="${CDKTF_VIRT_TEST_IMAGE:-cdktf-virt-busybox}"
INCUS_DIR="${INCUS_DIR:-/var/lib/incus}"
LOG_DIR="${CDKTF_VIRT_LOG_DIR:-/var/log/cdktf-virt}"
export INCUS_DIR

log() { echo "[setup-incus] $*" >&2; }

incus_answers() {
  command -v incus >/dev/null 2>&1 && timeout 5 incus query /1.0 >/dev/null 2>&1
}

install_incus() {
  if [ ! -f /etc/apt/sources.list.d/backports.sources ] && ! grep -rqs bookworm-backports /etc/apt/sources.list /etc/apt/sources.list.d/; then
    log "adding bookworm-backports"
    cat > /etc/apt/sources.list.d/backports.sources <<'SRC'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  fi
  log "installing incus from bookworm-backports"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -t bookworm-backports incus-base incus-client >/dev/null
}

start_incusd() {
  mkdir -p "$LOG_DIR"
  log "starting incusd (log: $LOG_DIR/incusd.log)"
  # From /: incusd's tools (rsync for snapshots and copies) inherit its working directory, and a checkout or test
  # folder it was started from may be deleted while it runs ("rsync: getcwd(): No such file or directory").
  (cd / && exec setsid /usr/libexec/incus/incusd --group root --logfile "$LOG_DIR/incusd.log" >>"$LOG_DIR/incusd.out" 2>&1 < /dev/null) &
  if ! incus admin waitready --timeout 60; then
    log "incusd did not become ready; last log lines:"
    tail -20 "$LOG_DIR/incusd.log" >&2 || true
    exit 1
  fi
}

ensure_pool() {
  if incus storage show "$POOL" >/dev/null 2>&1; then return; fi
  log "creating dir storage pool $POOL"
  incus storage create "$POOL" dir --description "cdktf-virt test pool" >/dev/null
  incus storage set "$POOL" user.cdktf-virt.owner "setup" 2>/dev/null || true
}

ensure_image() {
  # Capture output first: under pipefail, `grep -q` closing a pipe early, or ldd's exit 1 for a static binary,
  # would make these tests answer wrongly.
  local aliases linkage
  aliases=$(incus image alias list --format csv | cut -d, -f1)
  if grep -qx "$IMAGE_ALIAS" <<<"$aliases"; then return; fi
  linkage=$(ldd /bin/busybox 2>&1 || true)
  if [ ! -x /bin/busybox ] || [[ $linkage != *"not a dynamic"* ]]; then
    log "installing busybox-static"
    apt-get update -qq || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq busybox-static >/dev/null
  fi
  local work
  work=$(mktemp -d)
  mkdir -p "$work/rootfs"/{bin,sbin,etc,dev,proc,sys,tmp,root,var,run,usr/bin,usr/sbin}
  cp /bin/busybox "$work/rootfs/bin/busybox"
  for cmd in $("$work/rootfs/bin/busybox" --list); do
    [ "$cmd" = busybox ] && continue
    ln -sf busybox "$work/rootfs/bin/$cmd"
  done
  ln -sf ../bin/busybox "$work/rootfs/sbin/init"
  printf 'root:x:0:0:root:/root:/bin/sh\n' > "$work/rootfs/etc/passwd"
  printf 'root:x:0:\n' > "$work/rootfs/etc/group"
  # busybox init: keep the container running with no services.
  printf '::sysinit:/bin/mount -a\n::respawn:/bin/sleep 2147483647\n' > "$work/rootfs/etc/inittab"
  : > "$work/rootfs/etc/fstab"
  cat > "$work/metadata.yaml" <<META
architecture: x86_64
creation_date: $(date +%s)
properties:
  description: busybox test image for cdktf-virt
  os: busybox
  release: static
META
  tar -C "$work" -czf "$work/meta.tar.gz" metadata.yaml
  tar -C "$work/rootfs" -czf "$work/rootfs.tar.gz" .
  log "importing image $IMAGE_ALIAS"
  incus image import "$work/meta.tar.gz" "$work/rootfs.tar.gz" --alias "$IMAGE_ALIAS" >/dev/null
  rm -rf "$work"
}

if ! incus_answers; then
  if [ ! -x /usr/libexec/incus/incusd ]; then install_incus; fi
  if ! incus_answers; then start_incusd; fi
fi
ensure_pool
ensure_image
log "ready: incus $(incus query /1.0 | sed -n 's/.*"server_version": "\([^"]*\)".*/\1/p'), pool $POOL, image $IMAGE_ALIAS"
