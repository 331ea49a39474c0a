#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 on 127.0.0.1 for the integration suite and prints its URL.
# Usage: scripts/pg-test-server.sh start|stop  (PG_PORT overrides the port, default 54329; PG_SETTINGS the
# durability settings, default fast and unsafe for tests: fsync, synchronous commit and full pages off)
set -euo pipefail
PORT="${PG_PORT:-54329}"
DIR="${PG_DIR:-/tmp/yams-pg-test-$PORT}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -n "$BIN" ] || { echo "PostgreSQL n'est pas installé : apt-get install -y postgresql" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-start}" in
  start)
    if [ ! -f "$DIR/PG_VERSION" ]; then
      mkdir -p "$DIR"
      [ "$(id -u)" = 0 ] && chown postgres:postgres "$DIR"
      as_pg "$BIN/initdb" -D "$DIR" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    if ! as_pg "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
      as_pg "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w \
        -o "-h 127.0.0.1 -p $PORT -k /tmp ${PG_SETTINGS:--c fsync=off -c synchronous_commit=off -c full_page_writes=off} -c max_connections=200" start >/dev/null
    fi
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    as_pg "$BIN/pg_ctl" -D "$DIR" -m fast stop >/dev/null 2>&1 || true
    ;;
esac
