#!/usr/bin/env bash
# A throwaway PostgreSQL server for tests and benchmarks: ./scripts/site/pg.sh start|stop|status|url
# `stop` also removes its data folder (it is throwaway); `status` exits 0 only while it runs.
# Installs Debian's postgresql when its binaries are missing, makes a cluster in a temp folder owned by the
# `postgres` user (initdb refuses root), trusts loopback connections, listens on $PG_PORT (default 5433).
set -euo pipefail
PG_PORT="${PG_PORT:-5433}"
PG_DIR="${PG_DIR:-/tmp/bawaba-pg-$PG_PORT}"
URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"

bin_dir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

ensure_installed() {
  if [ -z "$(bin_dir)" ]; then
    echo "› installing PostgreSQL (Debian package)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null && apt-get install -y -qq postgresql >/dev/null
  fi
}

case "${1:-start}" in
  start)
    ensure_installed
    B="$(bin_dir)"
    if as_pg "$B/pg_ctl" -D "$PG_DIR" status >/dev/null 2>&1; then echo "$URL"; exit 0; fi
    if [ ! -f "$PG_DIR/PG_VERSION" ]; then
      mkdir -p "$PG_DIR"; [ "$(id -u)" = 0 ] && chown postgres "$PG_DIR"
      as_pg "$B/initdb" -D "$PG_DIR" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    as_pg "$B/pg_ctl" -D "$PG_DIR" -l "$PG_DIR/server.log" -w \
      -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off" start >/dev/null
    echo "$URL"
    ;;
  stop)
    B="$(bin_dir)"; [ -n "$B" ] && as_pg "$B/pg_ctl" -D "$PG_DIR" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
    ;;
  status)
    B="$(bin_dir)"; [ -n "$B" ] && as_pg "$B/pg_ctl" -D "$PG_DIR" status >/dev/null 2>&1
    ;;
  url) echo "$URL" ;;
  *) echo "usage: $0 start|stop|status|url" >&2; exit 2 ;;
esac
