#!/usr/bin/env bash
# cdktf-virt's published type declarations under TypeScript 5.9 and 7 (npm's latest, the native compiler): the packed
# tarball in a temp folder with cdktf, constructs, @types/node and both compilers (typescript@^7, and
# typescript@~5.9.3 under the alias ts59), then `tsc --noEmit` over one file that imports every entry point, uses
# the constructs and checks that the framework types are not `any`.
#   TypeScript 7: --module nodenext and --module preserve --moduleResolution bundler, with skipLibCheck off, so an
#                 error inside our .d.ts fails the step.
#   TypeScript 5.9: --moduleResolution node10 (typesVersions) and nodenext, with skipLibCheck on: our .d.ts are
#                 written by 5.9 (the build's compiler); this checks that every entry point resolves and types.
#   env: CDKTF_VIRT_CONSUMER_TARBALL=<path> (else the checkout is packed). Node: whatever is first in PATH.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
source "$repo/scripts/ci/common.sh"
export CHECKPOINT_DISABLE=1

die() { echo "types: FAILED: $*" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/cdktf-virt-types.XXXXXX")"
trap 'rm -rf "$work"' EXIT

tarball="${CDKTF_VIRT_CONSUMER_TARBALL:-}"
if [[ -z "$tarball" ]]; then
  (cd "$repo" && npm pack --pack-destination "$work" --loglevel=error >/dev/null)
  tarball="$(ls "$work"/cdktf-virt-*.tgz)"
fi

cd "$work"
npm init -y >/dev/null
npm install "${NPM_FAST[@]}" "$tarball" "cdktf@^0.21.0" "constructs@^10.4.2" "@types/node@^20" "typescript@^7" "ts59@npm:typescript@~5.9.3" >npm.log 2>&1 ||
  { tail -30 npm.log >&2; die "npm install failed"; }

cat >entry-points.ts <<'TS'
// Every entry point of cdktf-virt, as an app imports it.
import { App, TerraformResource, TerraformStack } from "cdktf";
import { IncusHost, Instance, StoragePool, Volume, VolumeLifecycle } from "cdktf-virt";
import { IncusStorageVolumeResource } from "cdktf-virt/bindings";
import * as lifecycle from "cdktf-virt/lifecycle";
import * as incus from "cdktf-virt/incus";
import * as libvirt from "cdktf-virt/libvirt";
import * as tooling from "cdktf-virt/tooling";

type IsAny<T> = 0 extends 1 & T ? true : false;
export const frameworkTypesAreAny: IsAny<IncusStorageVolumeResource["addOverride"]> = false;
export const bindingIsAResource: TerraformResource = null as unknown as IncusStorageVolumeResource;
const stack = new TerraformStack(new App(), "types");
const host = new IncusHost(stack, "lab", {});
const pool = new StoragePool(stack, "pool", { host, driver: "dir" });
const data = new Volume(stack, "data", { pool, size: "1GiB", lifecycle: VolumeLifecycle.PERSISTENT });
new Instance(stack, "db", { host, incus: { image: "x" } }).attach(data, { path: "/data" });
export const modules = [lifecycle, incus, libvirt, tooling];
TS

failed=0
check() {
  local label="$1" started rc
  shift
  started=$(date +%s%N)
  set +e
  "$@" --noEmit --strict --target ES2022 --types node entry-points.ts >out.log 2>&1
  rc=$?
  set -e
  if [[ $rc -eq 0 ]]; then
    printf 'types: %-48s ok  %6d ms\n' "$label" $((($(date +%s%N) - started) / 1000000))
  else
    echo "types: $label: FAILED (tsc exit $rc):" >&2
    head -40 out.log >&2
    failed=1
  fi
}
ts7=(node node_modules/typescript/bin/tsc)
ts59=(node node_modules/ts59/bin/tsc)
[[ "$("${ts7[@]}" --version)" == "Version 7."* ]] || die "expected typescript@^7 to install TypeScript 7; it says $("${ts7[@]}" --version)"
[[ "$("${ts59[@]}" --version)" == "Version 5.9."* ]] || die "expected ts59 to be TypeScript 5.9; it says $("${ts59[@]}" --version)"
check "TypeScript 7, nodenext, .d.ts checked" "${ts7[@]}" --module nodenext --skipLibCheck false
check "TypeScript 7, bundler, .d.ts checked" "${ts7[@]}" --module preserve --moduleResolution bundler --skipLibCheck false
check "TypeScript 5.9, node10 (typesVersions)" "${ts59[@]}" --module commonjs --moduleResolution node10 --skipLibCheck true
check "TypeScript 5.9, nodenext" "${ts59[@]}" --module nodenext --skipLibCheck true
[[ $failed -eq 0 ]] || die "cdktf-virt's type declarations do not type-check everywhere (above)"
echo "types: PASSED (TypeScript $("${ts7[@]}" --version | cut -d' ' -f2) and $("${ts59[@]}" --version | cut -d' ' -f2))"
