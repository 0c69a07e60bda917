#!/usr/bin/env bash
# Builds the offline test guest the libvirt tests boot under KVM (direct kernel boot, no disk image, no internet):
#  - the Debian kernel: the linux-image-<version>-amd64 package that linux-image-amd64 depends on, fetched with
#    `apt-get download` and unpacked with `dpkg-deb -x` into the cache folder (never installed as this machine's
#    kernel);
#  - an initramfs (cpio.gz): busybox from busybox-static, the kernel modules the guest needs (virtio disks and
#    NIC, SATA cdrom, ISO 9660, power button, virtio-serial, virtio RNG, 9p over virtio, efivarfs) with their
#    dependencies, Debian's QEMU guest agent (qemu-ga from the qemu-guest-agent package, fetched and unpacked like
#    the kernel) with the shared libraries it links (ldd, taken from this Debian host), and
#    scripts/test-guest/init, which reports what the guest sees on the serial console (see that file).
# Result: $GUEST_DIR/vmlinuz and $GUEST_DIR/initrd.img. Idempotent: rebuilds only when the kernel or agent package,
# this script or a file in scripts/test-guest/ changed (all of them are in the stamp). Needs Debian's package archive the first time.
set -euo pipefail
cd "$(dirname "$0")"
SELF="$PWD/$(basename "$0")"

GUEST_DIR="${CDKTF_VIRT_TEST_GUEST_DIR:-/var/lib/cdktf-virt/test-guest}"
# Modules /init loads, in this order after their dependencies. Everything else the guest needs (serial console,
# devtmpfs, AF_PACKET for udhcpc, initramfs gzip) is built into Debian's kernel (checked below).
MODULES=(virtio_pci virtio_blk virtio_net ahci sr_mod isofs nls_utf8 button evdev virtio_console virtio_rng 9p
  9pnet_virtio efivarfs)
# Also built in: the EFI stub (UEFI boot through OVMF), the TPM drivers (CRB and TIS) and the hw_random core.
BUILTIN=(CONFIG_SERIAL_8250_CONSOLE CONFIG_DEVTMPFS CONFIG_PACKET CONFIG_BLK_DEV_INITRD CONFIG_RD_GZIP CONFIG_EFI_STUB
  CONFIG_TCG_CRB CONFIG_TCG_TIS CONFIG_HW_RANDOM)

log() { echo "[setup-test-guest] $*" >&2; }
fail() { log "$*"; exit 1; }

apt_ready() { apt-cache show linux-image-amd64 >/dev/null 2>&1; }
busybox_static() { [ "$(dpkg-query -W -f='${Status}' busybox-static 2>/dev/null)" = "install ok installed" ]; }
if ! busybox_static || ! apt_ready; then
  apt-get update -qq
fi
if ! busybox_static; then
  # The guest has no C library: only the static build runs there.
  log "installing busybox-static"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends busybox-static >/dev/null
fi

# The versioned kernel package the metapackage points at, e.g. linux-image-6.1.0-57-amd64.
KERNEL_PKG=$(apt-cache depends linux-image-amd64 | sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-amd64\)$/\1/p' | head -n 1)
[ -n "$KERNEL_PKG" ] || fail "cannot tell which kernel package linux-image-amd64 depends on (apt-cache depends)"
KERNEL_VERSION=$(apt-cache policy "$KERNEL_PKG" | sed -n 's/^ *Candidate: //p')
AGENT_VERSION=$(apt-cache policy qemu-guest-agent | sed -n 's/^ *Candidate: //p')
[ -n "$AGENT_VERSION" ] && [ "$AGENT_VERSION" != "(none)" ] || fail "the package archive has no qemu-guest-agent"
SCRIPTS_HASH=$(cat "$SELF" $(LC_ALL=C ls -d test-guest/*) | sha256sum | cut -c1-16)
STAMP="$KERNEL_PKG $KERNEL_VERSION qemu-guest-agent $AGENT_VERSION $SCRIPTS_HASH"
if [ -f "$GUEST_DIR/stamp" ] && [ "$(cat "$GUEST_DIR/stamp")" = "$STAMP" ] \
  && [ -s "$GUEST_DIR/vmlinuz" ] && [ -s "$GUEST_DIR/initrd.img" ]; then
  log "ready: $GUEST_DIR ($KERNEL_PKG $KERNEL_VERSION)"
  exit 0
fi

mkdir -p "$GUEST_DIR"
work=$(mktemp -d "$GUEST_DIR/.build.XXXXXX")
trap 'rm -rf "$work"' EXIT
log "downloading $KERNEL_PKG $KERNEL_VERSION from the Debian archive"
(cd "$work" && apt-get download -q "$KERNEL_PKG=$KERNEL_VERSION" "qemu-guest-agent=$AGENT_VERSION" 2>&1 |
  grep -v "unsandboxed" >&2 || true)
deb=$(ls "$work"/"$KERNEL_PKG"_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || fail "apt-get download $KERNEL_PKG failed"
dpkg-deb -x "$deb" "$work/kernel"
agent_deb=$(ls "$work"/qemu-guest-agent_*.deb 2>/dev/null | head -n 1)
[ -n "$agent_deb" ] || fail "apt-get download qemu-guest-agent failed"
dpkg-deb -x "$agent_deb" "$work/agent"
release=$(ls "$work/kernel/lib/modules" | head -n 1)
moddir="$work/kernel/lib/modules/$release"
config="$work/kernel/boot/config-$release"
for option in "${BUILTIN[@]}"; do
  grep -qx "$option=y" "$config" || fail "$KERNEL_PKG: $option is not built in (=y); the test guest relies on it"
done

# Module name → file (names use "_" where file names may use "-"), then dependencies first (depth first).
declare -A module_file=()
while IFS= read -r file; do
  name=$(basename "$file" .ko)
  module_file[${name//-/_}]=$file
done < <(find "$moddir" -name '*.ko')
declare -A loaded=()
order=()
add_module() {
  local name=${1//-/_} file dep deps
  [ -n "${loaded[$name]:-}" ] && return 0
  file=${module_file[$name]:-}
  if [ -z "$file" ]; then
    grep -q "/$name.ko$" "$moddir/modules.builtin" && return 0
    fail "$KERNEL_PKG has no module $name (neither loadable nor built in)"
  fi
  loaded[$name]=1
  deps=$(tr '\0' '\n' < "$file" | sed -n 's/^depends=//p' | tr ',' ' ')
  for dep in $deps; do add_module "$dep"; done
  order+=("$file")
}
for module in "${MODULES[@]}"; do add_module "$module"; done

root="$work/initramfs"
mkdir -p "$root/bin" "$root/etc" "$root/lib/modules"
cp /bin/busybox "$root/bin/busybox"
install -m 0755 test-guest/init "$root/init"
install -m 0755 test-guest/udhcpc.script "$root/etc/udhcpc.script"
: > "$root/lib/modules/load-order"
for file in "${order[@]}"; do
  cp "$file" "$root/lib/modules/"
  basename "$file" >> "$root/lib/modules/load-order"
done
# qemu-ga and the libraries it links (glib and a few more, about 6 MB, 2.5 MB compressed) at the paths the dynamic
# loader looks in; this host is the same Debian release as the package, so its libraries are the ones it expects.
mkdir -p "$root/usr/sbin"
install -m 0755 "$work/agent/usr/sbin/qemu-ga" "$root/usr/sbin/qemu-ga"
ldd "$root/usr/sbin/qemu-ga" | grep -q "not found" && fail "qemu-ga needs libraries this host lacks: $(ldd "$root/usr/sbin/qemu-ga" | grep "not found" | tr -s ' \n' ' ')"
for lib in $(ldd "$root/usr/sbin/qemu-ga" | grep -o '/[^ ]*'); do
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done
(cd "$root" && find . -mindepth 1 | LC_ALL=C sort | busybox cpio -o -H newc 2>/dev/null | gzip -9n) > "$work/initrd.img"
cp "$work/kernel/boot/vmlinuz-$release" "$work/vmlinuz"

mv -f "$work/vmlinuz" "$GUEST_DIR/vmlinuz"
mv -f "$work/initrd.img" "$GUEST_DIR/initrd.img"
echo "$STAMP" > "$GUEST_DIR/stamp"
log "ready: $GUEST_DIR (kernel $release, modules: $(tr '\n' ' ' < "$root/lib/modules/load-order"))"
