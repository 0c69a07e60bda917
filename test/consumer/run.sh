#!/usr/bin/env bash
# The consumer test: cdktf-virt used as a library in someone else's infra repository, from its npm tarball only.
#
#   test/consumer/run.sh cdktf   [--node MAJOR]   # default Node 20: cdktf 0.21 + cdktf-cli
#   test/consumer/run.sh cdktn   [--node MAJOR]   # default Node 22: cdktn 0.24 + cdktn-cli (needs Node >= 22.19)
#   test/consumer/run.sh migrate [--node MAJOR]   # default Node 22: deploy with cdktf, switch the repo to cdktn, empty plan
#   test/consumer/run.sh init    [--node MAJOR]   # default Node 24: `cdktf-virt init --framework cdktn` from the tarball,
#                                                 # committed and cloned; its starter and scripts as they are
#   options: --keep (leave the consumer folder for a look; host objects are removed anyway)
#   env: CDKTF_VIRT_CONSUMER_TARBALL=<path> uses that tarball instead of packing the checkout (library-checks.sh
#        packs once for every variant)
#
# Steps: pack the checkout (`npm pack`, whose prepack builds a clean dist) → a fresh repository in a temp folder
# outside the checkout (npm init, npm install <tarball> + framework + CLI + constructs + typescript + ts-node)
# → main.ts = the README's "In code" example (from the README inside the installed package) with a unique stack id
# → synth (all object names carry the id) → deploy → terraform plan -detailed-exitcode = 0 → incus: instance
# running, volumes mounted → one copy of the framework and constructs → tsc --noEmit, and the README's entry
# points load and type-check against the app's framework → protect: false, deploy,
# destroy → nothing named after the id left. The init variant instead clones the committed repository that init
# wrote (its --package tarball vendored), installs there, deploys init's own starter through its npm scripts
# without CHECKPOINT_DISABLE in the environment (the scripts must set it), type-checks with the TypeScript 7 that
# init installs, checks that its README's statement about lifting protection agrees with `cdktf-virt explain`, and
# that `npm run destroy` without a terminal refuses (non-zero) until CONFIRM_DESTROY=1. An EXIT trap removes whatever is left of this run's objects (only
# objects named "<id>-…" or owned by "<id>/…", id = cdktf-virt-consumer-<random>), even after a failure.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
source "$repo/scripts/ci/common.sh"
support="$here/support.js"

usage() {
  sed -n '3,10p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
[[ $# -ge 1 ]] || usage
variant="$1"
shift
node_major=""
keep=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --node) [[ $# -ge 2 ]] || usage; node_major="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    *) usage ;;
  esac
done
case "$variant" in
  cdktf) framework=cdktf; default_node=20 ;;
  cdktn) framework=cdktn; default_node=22 ;;
  migrate) framework=cdktf; default_node=22 ;;   # starts on cdktf, ends on cdktn
  init) framework=cdktn; default_node=24 ;;
  *) usage ;;
esac
node_major="${node_major:-$default_node}"

say() { echo "consumer($variant): $*"; }
die() { echo "consumer($variant): FAILED: $*" >&2; exit 1; }

use_node "$node_major"
if [[ "$variant" != cdktf ]] && ! node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 19) ? 0 : 1)'; then
  die "cdktn-cli needs Node >= 22.19 and this is $(node --version); run with --node 22 or --node 24"
fi

# Offline and quiet: no checkpoint calls, no version checks, no crash reports. INCUS_IMAGE is read by the example.
export CHECKPOINT_DISABLE=1 DISABLE_VERSION_CHECK=1 TF_IN_AUTOMATION=1 INCUS_IMAGE=cdktf-virt-busybox
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false npm_config_prefer_offline=true

command -v terraform >/dev/null || die "terraform is not on PATH (expected /usr/local/bin/terraform)"
command -v incus >/dev/null || die "the incus client is not on PATH (scripts/setup-incus.sh installs it)"
incus query /1.0 >/dev/null 2>&1 || die "Incus does not answer on its local socket (expected a running incusd: bash scripts/setup-incus.sh)"
incus query "/1.0/images/aliases/$INCUS_IMAGE" >/dev/null 2>&1 ||
  die "the image alias $INCUS_IMAGE is missing on the local Incus (scripts/setup-incus.sh creates it)"

stack="cdktf-virt-consumer-$(od -An -N3 -tx1 /dev/urandom | tr -d ' \n')"
work="$(mktemp -d "${TMPDIR:-/tmp}/cdktf-virt-consumer.XXXXXX")"
case "$work/" in "$repo"/*) die "the temp folder $work is inside the checkout; set TMPDIR elsewhere" ;; esac
app="$work/app"
logs="$work/logs"
mkdir -p "$logs" "$work/pack"
say "stack $stack, repository $app, node $(node --version)"

# Removes what this run left on the host: only objects named "<stack>-…" or owned by "<stack>/…".
remove_leftovers() {
  local kind a b c
  node "$support" leftovers "$stack" | while read -r kind a b c; do
    case "$kind" in
      instance)
        echo "cleanup: deleting instance $b (project $a)"
        incus config unset --project "$a" "$b" security.protection.delete >/dev/null 2>&1 || true
        incus delete --force --project "$a" "$b" || true ;;
      volume)
        echo "cleanup: deleting volume $b/$c (project $a)"
        incus storage volume delete --project "$a" "$b" "$c" || true ;;
      pool)
        echo "cleanup: deleting pool $a"
        incus storage delete "$a" || true ;;
    esac
  done
}

current_step=""
cleanup() {
  local rc=$?
  set +e
  trap - EXIT INT TERM
  if [[ $rc -ne 0 && -n "$current_step" && -f "$logs/$current_step.log" ]]; then
    echo "---- last lines of $current_step.log ----" >&2
    tail -n 60 "$logs/$current_step.log" >&2
    echo "----" >&2
  fi
  # Up to five rounds: the daemon may be restarting (a drill of someone else's), or refuse while it shuts down.
  local left round
  for round in 1 2 3 4 5; do
    local tries=0
    until incus query /1.0 >/dev/null 2>&1 || [[ $tries -ge 60 ]]; do sleep 1; tries=$((tries + 1)); done
    left="$(node "$support" leftovers "$stack" 2>&1)" || true
    [[ -n "$left" ]] || break
    echo "consumer($variant): removing what this run left on the host (round $round):" >&2
    remove_leftovers >&2
    left="$(node "$support" leftovers "$stack" 2>&1)" || true
    [[ -n "$left" ]] || break
    sleep 3
  done
  if [[ -n "$left" ]]; then
    echo "consumer($variant): could not remove (delete by hand: only these carry the id $stack):" >&2
    echo "$left" >&2
    [[ $rc -ne 0 ]] || rc=1
  fi
  if [[ $keep -eq 1 ]]; then
    echo "consumer($variant): kept $work" >&2
  else
    rm -rf "$work"
  fi
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# step NAME COMMAND...: runs COMMAND in the app folder, output to logs/NAME.log, and says how long it took.
step() {
  local name="$1" started rc
  shift
  current_step="$name"
  started=$(date +%s%N)
  local dir="$app"
  [[ -d "$dir" ]] || dir="$work"
  set +e
  (cd "$dir" && "$@") >"$logs/$name.log" 2>&1
  rc=$?
  set -e
  local ms=$((($(date +%s%N) - started) / 1000000))
  if [[ $rc -ne 0 ]]; then
    die "step '$name' ($*) exited $rc, expected 0 (${ms} ms; log below)"
  fi
  printf 'consumer(%s): %-22s ok  %6d ms\n' "$variant" "$name" "$ms"
  current_step=""
}

cli() { "./node_modules/.bin/$framework" "$@"; }
# init's repository is driven through the scripts it wrote (npm run synth / deploy), as its README says, without
# CHECKPOINT_DISABLE from this script: the generated scripts must set it themselves. No terminal on stdin.
npm_script() { env -u CHECKPOINT_DISABLE npm run --silent "$@" </dev/null; }
synth() { if [[ "$variant" == init ]]; then npm_script synth; else cli synth; fi; }
deploy() { if [[ "$variant" == init ]]; then npm_script deploy; else cli deploy --auto-approve; fi; }
# An offline checkpoint call prints a red `getaddrinfo ENOTFOUND checkpoint-api.hashicorp.com` error.
no_checkpoint_error() {
  local name="$1"
  ! grep -n "checkpoint-api" "$logs/$name.log" || { current_step="$name"; die "expected no checkpoint call from \`npm run $name\` (CHECKPOINT_DISABLE=1 in the script); its log has one (above)"; }
}
stack_dir() { echo "$app/cdktf.out/stacks/$stack"; }

# terraform plan in the stack folder must say "no changes" (exit 0); exit 2 means it wants to change something.
expect_empty_plan() {
  local name="$1" rc started
  current_step="$name"
  started=$(date +%s%N)
  set +e
  (cd "$(stack_dir)" && terraform plan -detailed-exitcode -input=false -no-color -lock-timeout=60s) >"$logs/$name.log" 2>&1
  rc=$?
  set -e
  case $rc in
    0) printf 'consumer(%s): %-22s ok  %6d ms  (terraform plan: no changes)\n' "$variant" "$name" $((($(date +%s%N) - started) / 1000000))
       current_step="" ;;
    2) die "$name: expected an empty plan (exit 0), terraform plan wants changes (exit 2): $(grep -E '^Plan:|will be|must be' "$logs/$name.log" | head -20)" ;;
    *) die "$name: terraform plan failed (exit $rc), expected exit 0" ;;
  esac
}

write_configs() {
  local fw="$1"
  # CommonJS, as cdktf's own templates; cdktf-virt's .d.ts name "cdktf": a cdktn app maps that name onto cdktn.
  node -e '
    const fw = process.argv[1];
    const compilerOptions = { target: "ES2022", lib: ["ES2022"], module: "CommonJS", moduleResolution: "node", strict: true,
      esModuleInterop: true, skipLibCheck: true, noEmit: true, types: ["node"] };
    if (fw === "cdktn") Object.assign(compilerOptions, { baseUrl: ".", paths: { cdktf: ["./node_modules/cdktn"] } });
    require("fs").writeFileSync("tsconfig.json", JSON.stringify({ compilerOptions, include: ["main.ts"] }, null, 2) + "\n");' "$fw"
  # cdktf-cli and cdktn-cli both read cdktf.json (same name, same keys).
  cat >cdktf.json <<'EOF'
{
  "language": "typescript",
  "app": "npx ts-node main.ts",
  "output": "cdktf.out",
  "sendCrashReports": "false",
  "terraformProviders": [],
  "terraformModules": []
}
EOF
}

# What an app installs for each framework (README "In your infra repo"): the library and constructs as
# dependencies, the CLI and the TypeScript tool chain as devDependencies, in two commands as a user does. (In ONE
# command with cdktf, `npm install <cdktf-virt> cdktf@^0.21 constructs@^10.4.2 cdktf-cli@^0.21` fails with
# ERESOLVE: npm weighs cdktf-virt's optional peer cdktn, whose constructs range excludes 10.8.)
deps_for() {
  case "$1" in
    cdktf) echo "cdktf@^0.21.0 constructs@^10.4.2" ;;
    cdktn) echo "cdktn@^0.24.0 constructs@~10.7.0" ;;
  esac
}
dev_deps_for() {
  case "$1" in
    cdktf) echo "cdktf-cli@^0.21.0 @types/node@^20 typescript@~5.9.3 ts-node@^10.9.2" ;;
    cdktn) echo "cdktn-cli@^0.24.0 @types/node@^22 typescript@~5.9.3 ts-node@^10.9.2" ;;
  esac
}

# ---- the package, as published ----
if [[ -n "${CDKTF_VIRT_CONSUMER_TARBALL:-}" ]]; then
  tarball="$(realpath "$CDKTF_VIRT_CONSUMER_TARBALL")"
  [[ -f "$tarball" ]] || die "CDKTF_VIRT_CONSUMER_TARBALL=$CDKTF_VIRT_CONSUMER_TARBALL is not a file"
else
  started=$(date +%s)
  (cd "$repo" && npm pack --pack-destination "$work/pack" --loglevel=error) >"$logs/pack.log" 2>&1 ||
    { current_step=pack; die "npm pack in $repo failed (it builds first: prepack)"; }
  tarball="$(ls "$work"/pack/cdktf-virt-*.tgz 2>/dev/null | head -1)"
  [[ -f "$tarball" ]] || die "npm pack left no cdktf-virt-*.tgz in $work/pack"
  say "packed $(basename "$tarball") in $(($(date +%s) - started)) s"
fi

# ---- the consumer repository ----
if [[ "$variant" == init ]]; then
  # init from the tarball, as docs/getting-started.md shows; then the repository is committed and cloned, and the
  # clone installs with the tarball gone from where init found it (init vendors it: file:vendor/<tarball>).
  origin="$work/origin"
  cp "$tarball" "$work/pack/for-init.tgz"
  step init npx --yes --package "$tarball" cdktf-virt init "$origin" --framework cdktn --package "$work/pack/for-init.tgz" --name "$stack" --no-install
  for f in package.json tsconfig.json cdktf.json main.ts; do [[ -f "$origin/$f" ]] || die "cdktf-virt init wrote no $f in $origin"; done
  grep -q '"cdktf": \[' "$origin/tsconfig.json" || die "expected init's tsconfig.json to map \"cdktf\" onto cdktn (paths); it does not: $(cat "$origin/tsconfig.json")"
  spec="$(node -p 'require(process.argv[1]).dependencies["cdktf-virt"]' "$origin/package.json")"
  [[ "$spec" == file:vendor/* ]] || die "expected init to vendor the --package tarball (file:vendor/…); package.json has $spec"
  step commit sh -c "cd '$origin' && git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm infra"
  rm -f "$work/pack/for-init.tgz"
  step clone git clone -q "$origin" "$app"
  rm -rf "$origin"
  step npm-install npm install "${NPM_FAST[@]}"
  [[ -x "$app/node_modules/.bin/cdktn" ]] || die "expected npm install in the clone to provide node_modules/.bin/cdktn; it is missing"
  tsc_version="$(cd "$app" && ./node_modules/.bin/tsc --version)"
  [[ "$tsc_version" == "Version 7."* ]] || die "expected init's repository to install TypeScript 7 (what npm i -D typescript gives); tsc says: $tsc_version"
  step npm-test npm_script test
else
  mkdir -p "$app"
  step npm-init npm init -y
  # shellcheck disable=SC2046
  step npm-install npm install "${NPM_FAST[@]}" "$tarball" $(deps_for "$framework")
  # shellcheck disable=SC2046
  step npm-install-dev npm install -D "${NPM_FAST[@]}" $(dev_deps_for "$framework")
  (cd "$app" && write_configs "$framework")
  step main.ts node "$support" readme-example "$app/node_modules/cdktf-virt/README.md" "$app/main.ts" "$framework" "$stack"
fi

# ---- deploy and check ----
step synth synth
step names node "$support" check-names "$(stack_dir)/cdk.tf.json" "$stack"
step deploy deploy
[[ "$variant" != init ]] || no_checkpoint_error deploy
expect_empty_plan plan
step show-state sh -c "cd '$(stack_dir)' && terraform show -json > '$work/show.json'"
step incus-check node "$support" check-deployed "$work/show.json"
instance="$(node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).values.root_module.resources.find((r) => r.type === "incus_instance"); console.log(r.values.name)' "$work/show.json")"
if [[ "$variant" == init ]]; then
  step volumes-mounted incus exec "$instance" -- ls -d /var/lib/postgresql   # the starter has no scratch volume
else
  step volumes-mounted incus exec "$instance" -- ls -d /var/lib/postgresql /scratch
fi
step one-copy node "$support" check-copies "$app" "$framework"
step tsc ./node_modules/.bin/tsc --noEmit -p .
step entry-points node "$support" entry-points "$app" "$framework"
step tsc-entry-points ./node_modules/.bin/tsc --noEmit -p tsconfig.entry-points.json

# ---- migrate: the same repository and state, now on cdktn ----
if [[ "$variant" == migrate ]]; then
  cp "$(stack_dir)/cdk.tf.json" "$work/before.tf.json"
  (cd "$(stack_dir)" && terraform state list) >"$work/before.state" 2>"$logs/state-before.log" || die "terraform state list failed before the migration"
  # docs/migrating-to-cdktn.md, steps 1-4, as written there.
  step uninstall-cdktf npm uninstall "${NPM_FAST[@]}" cdktf cdktf-cli
  step install-cdktn npm install "${NPM_FAST[@]}" cdktn@^0.24.0 constructs@~10.7.0
  step install-cdktn-dev npm install -D "${NPM_FAST[@]}" cdktn-cli@^0.24.0 @types/node@^22
  step imports sh -c "grep -rl --include='*.ts' --exclude-dir=node_modules --exclude-dir=cdktf.out 'from \"cdktf' . | xargs sed -i -E 's/from \"cdktf(\/[^\"]*)?\";/from \"cdktn\1\";/'"
  ! (cd "$app" && grep -rnE --include='*.ts' --exclude-dir=node_modules --exclude-dir=cdktf.out '"cdktf(/[^"]*)?"' .) ||
    die "expected no import of \"cdktf\" left after the documented sed; see above"
  grep -q '^import { App, TerraformStack } from "cdktn";' "$app/main.ts" ||
    die "expected main.ts to import App and TerraformStack from \"cdktn\" after the edit; it reads: $(head -2 "$app/main.ts")"
  (cd "$app" && write_configs cdktn)   # the tsconfig paths mapping; cdktf.json stays as it is
  framework=cdktn
  step synth-cdktn cli synth
  step same-config node "$support" same-config "$work/before.tf.json" "$(stack_dir)/cdk.tf.json"
  expect_empty_plan plan-after-migration
  (cd "$(stack_dir)" && terraform state list) >"$work/after.state" 2>"$logs/state-after.log" || die "terraform state list failed after the migration"
  cmp -s "$work/before.state" "$work/after.state" ||
    die "expected the same state addresses after the migration; diff: $(diff "$work/before.state" "$work/after.state" | head -20)"
  step cdktn-diff cli diff
  grep -q "No changes" "$logs/cdktn-diff.log" || { current_step=cdktn-diff; die "expected \`cdktn diff\` to say \"No changes\"; it does not"; }
  step one-copy-cdktn node "$support" check-copies "$app" cdktn
  step tsc-cdktn ./node_modules/.bin/tsc --noEmit -p .
  step entry-points-cdktn node "$support" entry-points "$app" cdktn
  step tsc-entry-points-cdktn ./node_modules/.bin/tsc --noEmit -p tsconfig.entry-points.json
fi

# ---- remove it as a user must: lift the protection, deploy, destroy ----
step unprotect node "$support" unprotect "$app/main.ts"
if [[ "$variant" == init ]]; then
  # The generated README says what this deploy does; explain, on the plan, must say the same.
  step explain-unprotected npm_script explain -- --json
  step readme-agrees node "$support" readme-agrees-with-explain "$app/README.md" "$logs/explain-unprotected.log"
fi
step deploy-unprotected deploy
expect_empty_plan plan-unprotected
if [[ "$variant" == init ]]; then
  # No terminal: the script must refuse with a non-zero exit (cdktn alone stops with exit 0) and destroy nothing.
  current_step=destroy-refused
  set +e
  (cd "$app" && npm_script destroy) >"$logs/destroy-refused.log" 2>&1
  rc=$?
  set -e
  [[ $rc -ne 0 ]] || die "expected \`npm run destroy\` without a terminal to fail (non-zero); it exited 0"
  grep -q "CONFIRM_DESTROY=1" "$logs/destroy-refused.log" || die "expected \`npm run destroy\` without a terminal to name CONFIRM_DESTROY=1; it did not"
  [[ -n "$(node "$support" leftovers "$stack")" ]] || die "expected the refused \`npm run destroy\` to leave the stack's objects; they are gone"
  printf 'consumer(%s): %-22s ok  (exit %d, nothing destroyed)\n' "$variant" destroy-refused "$rc"
  current_step=""
  step destroy env CONFIRM_DESTROY=1 sh -c 'env -u CHECKPOINT_DISABLE npm run --silent destroy </dev/null'
  no_checkpoint_error destroy
else
  step destroy cli destroy --auto-approve
fi
left="$(node "$support" leftovers "$stack")"
[[ -z "$left" ]] || die "expected nothing named after $stack on the host after destroy; found:
$left"
say "PASSED (node $(node --version), $framework; nothing named $stack left)"
