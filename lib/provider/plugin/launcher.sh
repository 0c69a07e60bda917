# Launcher of a bundled provider (POSIX sh). scripts/bundle-providers.js puts it at the top of each bundle,
# inside a JavaScript comment, so one executable file is both this script and the provider.
#
# Terraform starts a provider 3-5 times per command; node plus the provider code cost ~100 ms per start. This
# script hands every start to a warm provider process (lib/provider/plugin/warm-server.ts) that an earlier start
# with the same working directory, executable and environment left running (it exits after 2 s without work),
# starting one when there is none, and falls back to running node directly whenever that is not possible.
# CDKTF_VIRT_PROVIDER_REUSE=0 always runs node directly.
#
# Node 20 reads and parses the NODE_EXTRA_CA_CERTS file at every start (~90 ms with a system bundle); the
# providers never use node's default trust store (HTTPS remotes get their anchors explicitly, that file
# included: lib/system-trust.ts), so the variable is moved aside.
if [ -n "$NODE_EXTRA_CA_CERTS" ]; then
  CDKTF_VIRT_NODE_EXTRA_CA_CERTS=$NODE_EXTRA_CA_CERTS
  export CDKTF_VIRT_NODE_EXTRA_CA_CERTS
  unset NODE_EXTRA_CA_CERTS
fi
# Only a start by Terraform with TLS and protocol 6 is handed over; node explains anything else.
case ",$PLUGIN_PROTOCOL_VERSIONS," in *,6,*) ;; *) exec node "$0" "$@" ;; esac
if [ "${CDKTF_VIRT_PROVIDER_REUSE:-1}" = 0 ] || [ $# -ne 0 ] || [ -z "$PLUGIN_CLIENT_CERT" ] ||
  [ "$TF_PLUGIN_MAGIC_COOKIE" != d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2 ]; then
  exec node "$0" "$@"
fi
# Every process a start runs costs a few ms on a busy machine (Terraform starts a provider 3 times per plan):
# builtins read what /proc has, and a directory that exists is not made again.
uid=
# Effective uid: the second number of the Uid: line.
while read -r field _ euid _; do
  case "$field" in Uid:) uid=$euid && break ;; esac
done 2>/dev/null </proc/self/status
case "$uid" in '' | *[!0-9]*) uid=$(id -u) ;; esac
base="${TMPDIR:-/tmp}/cdktf-virt-providers-$uid"
[ -d "$base" ] || mkdir -m 700 "$base" 2>/dev/null
if [ -L "$base" ] || [ ! -d "$base" ] || [ ! -O "$base" ]; then exec node "$0"; fi
# What a session inherits from the process: working directory, executable, environment (minus what differs per
# start: Terraform lists the protocol versions in random order). All builtins: sha256sum is the one program run
# (`export -p` lists what the shell passes to node). A bundle rebuilt in place keeps its key: the warm process
# notices its file changed and takes no more sessions (warm-server.ts).
# 32 hex digits of the hash are plenty, and keep <dir>/sock.<pid> short: a unix socket path has at most 107 bytes
# (Node 24 refuses a longer one; older Node cut it silently). A TMPDIR too long for that gets a process per start.
key=$({
  unset PLUGIN_CLIENT_CERT PLUGIN_MIN_PORT PLUGIN_MAX_PORT PLUGIN_PROTOCOL_VERSIONS
  printf '%s\n' "$PWD" "$0"
  export -p
} | sha256sum) || exec node "$0"
key=${key%"${key#????????????????????????????????}"}
case "$key" in ???????????????????????????????? ) ;; *) exec node "$0" ;; esac
dir="$base/$key"
if [ "${#dir}" -gt 94 ]; then exec node "$0"; fi
# A process that exited but is not reaped yet (a zombie: init reaps orphans late) still passes `kill -0`; /proc
# tells (state Z or X), and a pid nobody has any more fails both.
alive() {
  if { read -r stat <"/proc/$1/stat"; } 2>/dev/null; then
    case "${stat##*) }" in Z* | X*) return 1 ;; esac
    return 0
  fi
  [ ! -d /proc/self ] && kill -0 "$1" 2>/dev/null
}
[ -d "$dir/sessions" ] || mkdir -m 700 "$dir" "$dir/sessions" 2>/dev/null
pid=
{ read -r pid line <"$dir/line"; } 2>/dev/null
# The warm process signals SIGURG when it has published its line, and when it has taken this start's session
# (ignored by default, here and by node): a wait ends at once, with no process forked every few ms meanwhile.
trap : URG
if [ -z "$pid" ] || ! alive "$pid"; then
  node "$0" --serve "$dir" </dev/null >/dev/null 2>&1 &
  server=$!
  tries=0
  until { read -r pid line <"$dir/line"; } 2>/dev/null && alive "$pid"; do
    tries=$((tries + 1))
    # The server it started exited without publishing its line (another one won, or the directory went away
    # with a retiring one) and none is there, or it takes too long: start node directly.
    if [ "$tries" -gt 100 ] || { ! alive "$server" && [ ! -f "$dir/line" ]; }; then exec node "$0"; fi
    sleep 0.05 </dev/null >/dev/null 2>&1 &
    nap=$!
    [ -f "$dir/line" ] || wait "$nap"
    kill "$nap" 2>/dev/null
  done
fi
# The session is registered, then handed over only once a warm process has taken it: that process writes its
# handshake line to <session>.ok, and from then on keeps it until Terraform connects or this script is gone. A
# warm process that died (killed, with its line left behind), retired meanwhile, or does not answer (stopped,
# busy) takes nothing: then node runs directly, after about a second at most.
# The taker signals SIGURG so the wait ends at once; every 50 ms the script also looks for itself, and whether
# that process is still alive.
# Pids come round again, and a launcher killed before it could clean up (go-plugin kills a plugin that does not
# exit) leaves its <pid>.ok behind: the registration carries a nonce (this process's start time, which no earlier
# process of this pid had), and only an answer that echoes it is this start's; another is removed, so that a warm
# process can take this registration.
session="$dir/sessions/$$"
nonce=$$
if { read -r stat <"/proc/$$/stat"; } 2>/dev/null; then
  set -- ${stat##*) }
  nonce="$$.${20}"
fi
# (test and rm only when needed: every process a start runs costs time on a busy machine)
[ -e "$session.ok" ] && rm -f "$session.ok"
printf 'nonce %s\n%s\n' "$nonce" "$PLUGIN_CLIENT_CERT" >"$session" || exec node "$0"
tries=0
echoed=
until { read -r line && read -r echoed; } 2>/dev/null <"$session.ok" && [ "$echoed" = "$nonce" ]; do
  [ -n "$echoed" ] && rm -f "$session.ok"
  echoed=
  tries=$((tries + 1))
  if [ "$tries" -gt 20 ] || ! alive "$pid"; then
    rm -f "$session" "$session.ok"
    exec node "$0"
  fi
  sleep 0.05 </dev/null >/dev/null 2>&1 &
  nap=$!
  [ -f "$session.ok" ] || wait "$nap"
  kill "$nap" 2>/dev/null
done
printf '%s\n' "$line"
# The server ends this session with SIGTERM (Terraform sees its plugin exit). Terraform stops providers with
# StopProvider, not SIGINT. If Terraform is killed, nobody else ends this script: it watches its parent.
trap 'exit 0' TERM
trap '' INT
while alive "$PPID"; do
  sleep 1 </dev/null >/dev/null 2>&1 &
  wait $!
done
rm -f "$session" "$session.ok"
exit 0
