#!/usr/bin/env bash
# GitOps pipeline for a cdktf-virt app: synth → plan → explain --guard → deploy, with the state in PostgreSQL; and a
# drift report for a scheduled job.
#
#   pipeline.sh plan     synth, terraform plan, explain the plan; refuse it (exit 2) when it would destroy a
#                        persistent or shared volume or a protected instance
#   pipeline.sh deploy   apply exactly the plan that passed the guard (and nothing else)
#   pipeline.sh all      plan, then deploy, in one job
#   pipeline.sh drift    synth, then `cdktf-virt drift`: what changed on the hosts outside the code since the last
#                        deploy (a refresh-only plan; nothing is changed); exit 2 when anything did
#
# Environment:
#   PG_CONN_STR   connection string of the state database, read by terraform itself (never written to a file),
#                 e.g. postgres://terraform:secret@db.internal:5432/terraform?sslmode=require
#   STACK         stack name (default: cdktf-virt-homelab)
#   APP_DIR       the cdktf app directory (default: this directory)
#   STACK_DIR     the synthesized stack (default: $APP_DIR/cdktf.out/stacks/$STACK)
#   SKIP_SYNTH=1  the stack is synthesized already (e.g. by an earlier job)
#   GUARD_ALLOW   space-separated addresses whose destruction was reviewed, e.g. "incus_storage_volume.old"
#   REPORT_DIR    where explain.txt, explain.md (Markdown, for a pull-request comment), explain.json and drift.txt
#                 go (default: $STACK_DIR)
#   CDKTF_VIRT    how to run cdktf-virt (default: npx --no-install cdktf-virt)
set -euo pipefail
export CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1 TF_INPUT=0

here="$(cd "$(dirname "$0")" && pwd)"
STACK="${STACK:-cdktf-virt-homelab}"
APP_DIR="${APP_DIR:-$here}"
STACK_DIR="${STACK_DIR:-$APP_DIR/cdktf.out/stacks/$STACK}"
REPORT_DIR="${REPORT_DIR:-$STACK_DIR}"
read -r -a cdktf_virt <<< "${CDKTF_VIRT:-npx --no-install cdktf-virt}"

fail() {
  echo "pipeline: $*" >&2
  exit 1
}

# terraform in the stack directory. `cd`, not -chdir: terraform looks for the providers that synth put into
# terraform.d/plugins relative to where it was started.
tf() {
  (cd "$STACK_DIR" && terraform "$@")
}

[ -n "${PG_CONN_STR:-}" ] || fail "PG_CONN_STR is not set: the pg state backend needs a connection string (see the top of $0)"
command -v terraform >/dev/null || fail "terraform is not on PATH (terraform >= 1.5 is needed)"

synth() {
  if [ "${SKIP_SYNTH:-}" != 1 ]; then
    (cd "$APP_DIR" && npx --no-install cdktf synth)
  fi
  [ -f "$STACK_DIR/cdk.tf.json" ] || fail "no synthesized stack in $STACK_DIR; set STACK or STACK_DIR"
}

stage_plan() {
  synth
  rm -f "$STACK_DIR/plan.tfplan" "$STACK_DIR/plan.approved"
  tf init -input=false -no-color
  tf plan -input=false -no-color -lock-timeout=5m -out=plan.tfplan

  # One `terraform show`, read twice by explain. plan.json holds every planned value (secrets too): it is removed
  # right after and must never become an artifact; explain.json only carries what changes and why.
  tf show -json -no-color plan.tfplan > "$STACK_DIR/plan.json"
  trap 'rm -f "$STACK_DIR/plan.json"' EXIT
  mkdir -p "$REPORT_DIR"
  local allow=()
  for address in ${GUARD_ALLOW:-}; do allow+=(--allow "$address"); done
  # explain.json for programs, explain.md for a pull-request comment (with the guard's verdict). Only the guard run
  # below writes the GitHub Actions job summary, so these two hide GITHUB_STEP_SUMMARY.
  GITHUB_STEP_SUMMARY='' "${cdktf_virt[@]}" explain "$STACK_DIR/plan.json" --json > "$REPORT_DIR/explain.json"
  GITHUB_STEP_SUMMARY='' "${cdktf_virt[@]}" explain "$STACK_DIR/plan.json" --format markdown --guard ${allow[@]+"${allow[@]}"} \
    > "$REPORT_DIR/explain.md" 2>/dev/null || true
  local status=0
  # The gate; in GitHub Actions it also appends the Markdown report to the job summary.
  "${cdktf_virt[@]}" explain "$STACK_DIR/plan.json" --guard ${allow[@]+"${allow[@]}"} > "$REPORT_DIR/explain.txt" || status=$?
  cat "$REPORT_DIR/explain.txt"
  if [ "$status" -ne 0 ]; then
    echo "pipeline: the plan was refused (explain --guard exited $status); nothing is deployed" >&2
    exit "$status"
  fi
  # The deploy stage applies this exact file, and only if it is the one the guard passed.
  sha256sum "$STACK_DIR/plan.tfplan" | cut -d' ' -f1 > "$STACK_DIR/plan.approved"
}

stage_deploy() {
  [ -f "$STACK_DIR/plan.tfplan" ] || fail "no plan in $STACK_DIR: run \`$0 plan\` first"
  local approved
  approved="$(cat "$STACK_DIR/plan.approved" 2>/dev/null || true)"
  [ "$approved" = "$(sha256sum "$STACK_DIR/plan.tfplan" | cut -d' ' -f1)" ] ||
    fail "$STACK_DIR/plan.tfplan has not passed explain --guard (or changed since): refusing to deploy it"
  tf init -input=false -no-color
  # A saved plan is applied as it is; terraform refuses it when the state moved on since (plan again then).
  tf apply -input=false -no-color -lock-timeout=5m plan.tfplan
  rm -f "$STACK_DIR/plan.approved"
}

stage_drift() {
  synth
  tf init -input=false -no-color
  mkdir -p "$REPORT_DIR"
  local status=0
  "${cdktf_virt[@]}" drift "$STACK_DIR" > "$REPORT_DIR/drift.txt" || status=$?
  cat "$REPORT_DIR/drift.txt"
  case "$status" in
    0) ;;
    2) echo "pipeline: objects changed outside the code (cdktf-virt drift exited 2); see drift.txt" >&2 ;;
    *) echo "pipeline: cdktf-virt drift failed (exit $status)" >&2 ;;
  esac
  exit "$status"
}

case "${1:-}" in
  plan) stage_plan ;;
  deploy) stage_deploy ;;
  all)
    stage_plan
    stage_deploy
    ;;
  drift) stage_drift ;;
  *) fail "usage: $0 plan|deploy|all|drift" ;;
esac
