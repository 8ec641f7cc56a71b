#!/usr/bin/env bash
# A private PostgreSQL 15 cluster for Folio's tests and `make bench`, never a service of the
# machine: initdb into DIR as the postgres system user (PostgreSQL refuses to run as root), one
# loopback port, password authentication for the role `folio`.
#
#   scripts/pg-cluster.sh start DIR PASSWORD   prints the port
#   scripts/pg-cluster.sh stop DIR             stops it (DIR stays; remove it yourself)
#   scripts/pg-cluster.sh restart DIR          starts a stopped cluster again on its port
set -euo pipefail
bin=/usr/lib/postgresql/15/bin
command="$1"
dir="$(realpath -m "$2")"
as_owner=()
[ "$(id -u)" -ne 0 ] || as_owner=(runuser -u postgres --)

run_server() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
    -o "-p $(cat "$dir/port") -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
}

case "$command" in
start)
  password="$3"
  mkdir -p "$dir"
  [ "$(id -u)" -ne 0 ] || chown postgres "$dir"
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' > "$dir/port"
  umask 077
  printf '%s\n' "$password" > "$dir/.password"
  [ "$(id -u)" -ne 0 ] || chown postgres "$dir/.password" "$dir/port"
  "${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U folio --auth=scram-sha-256 --pwfile="$dir/.password" \
    -E UTF8 --locale=C >"$dir/initdb.log" 2>&1
  rm -f "$dir/.password"
  run_server
  cat "$dir/port"
  ;;
restart)
  run_server
  ;;
stop)
  [ -d "$dir/data" ] && "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  ;;
*)
  echo "usage: $0 start DIR PASSWORD | stop DIR | restart DIR" >&2
  exit 2
  ;;
esac
