# Steps that run side by side, each one's output printed whole when it ends, so that the log stays readable
# (sourced by .ci/run, not run):
#   side NAME COMMAND...   starts COMMAND in the background, its stdout and stderr to a file of its own
#   wait_sides             waits for every step started with `side`; as each ends, prints its output and its exit
#                          status; then side_status[i] is the exit status of the step named side_names[i]
#   stop_sides             ends the steps still running, each one's whole process tree (by pid)
# A step in the background ignores SIGINT (bash does that when there is no job control), so an interrupted run
# must end them itself: the traps below do, and remove the output files.
side_logs="$(mktemp -d "${TMPDIR:-/tmp}/cdktf-virt-side.XXXXXX")"
side_names=()
side_pids=()
side_started=()
side_status=()

side() {
  side_names+=("$1")
  shift
  side_started+=("$(date +%s)")
  "$@" >"$side_logs/${#side_pids[@]}.log" 2>&1 &
  side_pids+=("$!")
}

wait_sides() {
  local left=("${side_pids[@]}") pid rc i rest p
  while [[ ${#left[@]} -gt 0 ]]; do
    rc=0
    wait -n -p pid "${left[@]}" || rc=$?
    for i in "${!side_pids[@]}"; do [[ "${side_pids[$i]}" == "$pid" ]] && break; done
    side_status[i]=$rc
    printf '\n==== %s (ran side by side): exit %d after %d s; its output:\n' \
      "${side_names[$i]}" "$rc" $(($(date +%s) - side_started[i]))
    cat "$side_logs/$i.log"
    printf '==== end of %s\n' "${side_names[$i]}"
    rest=()
    for p in "${left[@]}"; do [[ "$p" == "$pid" ]] || rest+=("$p"); done
    left=("${rest[@]}")
  done
}

stop_sides() {
  local pid tree=() next
  for pid in "${side_pids[@]}"; do
    kill -0 "$pid" 2>/dev/null || continue
    next=("$pid")
    while [[ ${#next[@]} -gt 0 ]]; do
      tree+=("${next[@]}")
      mapfile -t next < <(pgrep -P "$(IFS=,; echo "${next[*]}")" || true)
    done
  done
  [[ ${#tree[@]} -eq 0 ]] || kill -TERM "${tree[@]}" 2>/dev/null || true
}

trap 'rm -rf "$side_logs"' EXIT
trap 'stop_sides; exit 130' INT
trap 'stop_sides; exit 143' TERM
