#!/usr/bin/env bash
# cdktf 0.20 as the app's framework: the packed tarball in a fresh repo with cdktf@0.20 (no CLI: a plain Node
# script synthesizes the README's stack), one copy of cdktf and constructs, and `terraform validate` accepts the
# synthesized stack with the bundled providers. Deploys are covered by run.sh on 0.21 and cdktn; 0.20 differs only
# in the framework library, which this exercises.
#   env: CDKTF_VIRT_CONSUMER_TARBALL=<path> (else the checkout is packed)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
source "$repo/scripts/ci/common.sh"
export CHECKPOINT_DISABLE=1

die() { echo "consumer(cdktf 0.20): FAILED: $*" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/cdktf-virt-cdktf020.XXXXXX")"
trap 'rm -rf "$work"' EXIT

tarball="${CDKTF_VIRT_CONSUMER_TARBALL:-}"
if [[ -z "$tarball" ]]; then
  (cd "$repo" && npm pack --pack-destination "$work" --loglevel=error >/dev/null)
  tarball="$(ls "$work"/cdktf-virt-*.tgz)"
fi

app="$work/app"
mkdir "$app" && cd "$app"
npm init -y >/dev/null
npm install "${NPM_FAST[@]}" "$tarball" "cdktf@~0.20.0" "constructs@^10.3.0" >/dev/null || die "npm install failed"

# One copy each: the app, cdktf-virt and cdktf resolve the same files.
node -e '
  const path = require("path");
  const from = (dir, pkg) => require.resolve(pkg, { paths: [dir] });
  const virt = path.dirname(require.resolve("cdktf-virt/package.json"));
  const cdktf = path.dirname(require.resolve("cdktf/package.json"));
  for (const pkg of ["cdktf", "constructs"]) {
    const seen = new Set([from(".", pkg), from(virt, pkg), ...(pkg === "constructs" ? [from(cdktf, pkg)] : [])]);
    if (seen.size !== 1) { console.error(`two copies of ${pkg}: ${[...seen].join(", ")}`); process.exit(1); }
  }
  console.log(`cdktf ${require("cdktf/package.json").version}, constructs ${require("constructs/package.json").version}: one copy each`);
' || die "the app and cdktf-virt load different copies"

cat >synth.js <<'EOF'
const { App, TerraformStack } = require("cdktf");
const { IncusHost, Instance, StoragePool, Volume, VolumeLifecycle } = require("cdktf-virt");
const app = new App({ outdir: "cdktf.out" });
const stack = new TerraformStack(app, "lab");
const host = new IncusHost(stack, "lab", {});
const pool = new StoragePool(stack, "pool", { host, driver: "dir" });
const data = new Volume(stack, "pgdata", { pool, size: "10GiB" });
const scratch = new Volume(stack, "scratch", { pool, size: "2GiB", lifecycle: VolumeLifecycle.EPHEMERAL });
const db = new Instance(stack, "db", { host, incus: { image: "debian-13", rootDisk: { pool, size: "8GiB" } } });
db.attach(data, { path: "/var/lib/postgresql", rebuildOnChange: true });
db.attach(scratch, { path: "/scratch" });
app.synth();
EOF
node synth.js || die "synth failed"
stack="cdktf.out/stacks/lab"
node -e '
  const j = require("./'"$stack"'/cdk.tf.json");
  const want = ["incus_instance", "incus_storage_pool", "incus_storage_volume", "terraform_data"];
  const got = Object.keys(j.resource).sort();
  if (JSON.stringify(got) !== JSON.stringify(want)) { console.error(`resources ${got} (want ${want})`); process.exit(1); }
  if (!j["//"].metadata.version.startsWith("0.20.")) { console.error(`synthesized by cdktf ${j["//"].metadata.version}`); process.exit(1); }
' || die "unexpected synthesized stack"
(cd "$stack" && terraform init -input=false >/dev/null && terraform validate -no-color) || die "terraform rejected the synthesized stack"
echo "consumer(cdktf 0.20): passed"
