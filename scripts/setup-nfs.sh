#!/usr/bin/env bash
# An NFS server on loopback for the libvirt netfs pool tests (Debian 12, root): installs nfs-kernel-server and, when
# the kernel has an NFS server (the nfsd file system), starts it by hand (no systemd needed). A container whose
# kernel offers no nfsd cannot serve NFS: then this says so and returns successfully — the netfs tests check the
# pool's definition and libvirt's refusal to start it instead (docs/libvirt.md).
# Exports are added by the tests themselves, one directory each, and removed again. Idempotent.
set -euo pipefail

log() { echo "[setup-nfs] $*" >&2; }

if ! command -v exportfs >/dev/null 2>&1 || ! command -v rpc.nfsd >/dev/null 2>&1; then
  log "installing nfs-kernel-server"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nfs-kernel-server nfs-common >/dev/null
fi

if ! grep -qw nfsd /proc/filesystems; then
  command -v modprobe >/dev/null 2>&1 && modprobe nfsd 2>/dev/null || true
fi
if ! grep -qw nfsd /proc/filesystems; then
  log "this kernel has no NFS server (no nfsd file system): netfs pools can be defined here but not started"
  exit 0
fi
mountpoint -q /proc/fs/nfsd || mount -t nfsd nfsd /proc/fs/nfsd
pgrep -x rpcbind >/dev/null 2>&1 || rpcbind
pgrep -x rpc.mountd >/dev/null 2>&1 || rpc.mountd
pgrep -x nfsd >/dev/null 2>&1 || rpc.nfsd 4
exportfs -ra
log "ready: NFS server on loopback"
