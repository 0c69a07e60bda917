#!/usr/bin/env bash
# A local PostgreSQL for the concurrency drill (Terraform's `pg` state backend), on a Debian 12 machine as root.
#  - installs PostgreSQL from Debian when it is missing;
#  - runs its own cluster in $CDKTF_VIRT_PG_DIR (never the Debian "main" cluster or any other existing one),
#    started by hand with pg_ctl as the postgres user (no systemd needed), listening on 127.0.0.1 only;
#  - creates the test database. Authentication is `trust` for local connections: test use only.
# Idempotent: a second run only checks and prints the connection string.
set -euo pipefail

PG_DIR="${CDKTF_VIRT_PG_DIR:-/var/lib/cdktf-virt/postgres}"
PG_PORT="${CDKTF_VIRT_PG_PORT:-55432}"
PG_DB="${CDKTF_VIRT_PG_DB:-cdktf_virt_test}"
LOG_DIR="${CDKTF_VIRT_LOG_DIR:-/var/log/cdktf-virt}"

log() { echo "[setup-postgres] $*" >&2; }

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  [ -n "$dir" ] && echo "$dir"
}

if [ "$(id -u)" -ne 0 ]; then
  log "run this as root (it installs packages and starts the server as the postgres user)"
  exit 1
fi

if [ -z "$(pg_bin)" ] || ! command -v psql >/dev/null 2>&1; then
  log "installing postgresql from Debian"
  apt-get update -qq
  # A policy-rc.d that refuses service starts keeps the package from starting Debian's own cluster.
  created_policy=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    created_policy=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql postgresql-client >/dev/null
  if [ "$created_policy" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
fi
BIN="$(pg_bin)"
as_postgres() { runuser -u postgres -- "$@"; }

if ! "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; then
  if [ ! -f "$PG_DIR/PG_VERSION" ]; then
    log "creating a cluster in $PG_DIR (port $PG_PORT)"
    mkdir -p "$PG_DIR"
    chown postgres:postgres "$PG_DIR"
    chmod 700 "$PG_DIR"
    as_postgres "$BIN/initdb" -D "$PG_DIR" -U postgres --auth=trust -E UTF8 >/dev/null
    {
      echo "listen_addresses = '127.0.0.1'"
      echo "port = $PG_PORT"
      echo "unix_socket_directories = '$PG_DIR'"
      echo "max_connections = 50"
    } >> "$PG_DIR/postgresql.conf"
  fi
  mkdir -p "$LOG_DIR"
  touch "$LOG_DIR/postgres.log"
  chown postgres:postgres "$LOG_DIR/postgres.log"
  log "starting postgres (log: $LOG_DIR/postgres.log)"
  as_postgres "$BIN/pg_ctl" -D "$PG_DIR" -l "$LOG_DIR/postgres.log" -w -t 60 start >/dev/null
fi

if ! "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; then
  log "postgres did not become ready on 127.0.0.1:$PG_PORT; last log lines:"
  tail -20 "$LOG_DIR/postgres.log" >&2 || true
  exit 1
fi

if ! psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$PG_DB'" | grep -q 1; then
  log "creating database $PG_DB"
  psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -qc "CREATE DATABASE $PG_DB" >/dev/null
fi

log "ready: postgres://postgres@127.0.0.1:$PG_PORT/$PG_DB?sslmode=disable (set CDKTF_VIRT_PG_URL to use another server)"
