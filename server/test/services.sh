#!/bin/sh
# PostgreSQL and Redis for the server tests: installed from Debian packages when missing,
# started on 127.0.0.1 on free private ports with their data in a temporary directory, stopped
# and removed afterwards. Nothing listens on any other address; nothing system-wide is started.
#
#   services.sh install            apt-get install postgresql redis-server (when missing; root or sudo)
#   services.sh start DIR          start both in DIR (created), write DIR/env:
#                                    DECKHAND_TEST_PG=postgres://deckhand@127.0.0.1:PORT/deckhand
#                                    DECKHAND_TEST_REDIS=redis://127.0.0.1:PORT
#   services.sh stop DIR           stop both and remove DIR
#   services.sh run CMD [ARG...]   install, start in a fresh directory, run CMD with the two
#                                  variables exported, stop (also on failure or interrupt);
#                                  exits with CMD's status
#
# PostgreSQL refuses to run as root: as root the server runs as the Debian package's
# 'postgres' system user (through runuser), otherwise as the current user.
set -eu

die() { echo "services.sh: $*" >&2; exit 1; }

pg_bin() {
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/pg_ctl" ] && [ -x "$d/initdb" ] && { echo "$d"; return 0; }
  done
  return 1
}

install() {
  need=""
  pg_bin > /dev/null || need="$need postgresql"
  command -v redis-server > /dev/null || need="$need redis-server"
  [ -z "$need" ] && return 0
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "services.sh: installing$need" >&2
  if ! $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $need > /tmp/deckhand-services-apt.log 2>&1; then
    $sudo apt-get update > /dev/null 2>&1 || true
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $need > /tmp/deckhand-services-apt.log 2>&1 ||
      die "apt-get install$need failed (see /tmp/deckhand-services-apt.log)"
  fi
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# Runs a command as the user that owns the PostgreSQL data.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
  dir=$1
  [ -n "$dir" ] || die "start needs a directory"
  bin=$(pg_bin) || die "PostgreSQL is not installed (services.sh install)"
  command -v redis-server > /dev/null || die "redis-server is not installed (services.sh install)"
  mkdir -p "$dir/pg" "$dir/redis"
  chmod 755 "$dir"
  if [ "$(id -u)" = 0 ]; then
    id postgres > /dev/null 2>&1 || die "as root PostgreSQL runs as the 'postgres' user, which is missing"
    chown postgres "$dir/pg"
  fi
  chmod 700 "$dir/pg"
  pgport=$(free_port)
  as_pg "$bin/initdb" -D "$dir/pg/data" -U deckhand --auth=trust -E UTF8 --no-locale > "$dir/pg/initdb.log" 2>&1 ||
    die "initdb failed: $(tail -5 "$dir/pg/initdb.log")"
  as_pg "$bin/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $pgport -k $dir/pg -c max_connections=200 -c fsync=on" start > /dev/null ||
    die "PostgreSQL did not start: $(tail -5 "$dir/pg/server.log")"
  echo "$bin" > "$dir/pg/bin"
  as_pg "$bin/createdb" -h 127.0.0.1 -p "$pgport" -U deckhand deckhand || die "createdb failed"

  redisport=$(free_port)
  redis-server --bind 127.0.0.1 --port "$redisport" --dir "$dir/redis" --save '' --appendonly no \
    --daemonize yes --pidfile "$dir/redis/redis.pid" --logfile "$dir/redis/redis.log" || die "redis-server did not start"
  i=0
  until redis-cli -h 127.0.0.1 -p "$redisport" ping > /dev/null 2>&1; do
    i=$((i + 1))
    [ $i -lt 100 ] || die "redis-server did not answer: $(tail -5 "$dir/redis/redis.log")"
    sleep 0.1
  done
  cat > "$dir/env" << EOF
DECKHAND_TEST_PG=postgres://deckhand@127.0.0.1:$pgport/deckhand
DECKHAND_TEST_REDIS=redis://127.0.0.1:$redisport
export DECKHAND_TEST_PG DECKHAND_TEST_REDIS
EOF
}

stop() {
  dir=$1
  [ -d "$dir" ] || return 0
  if [ -f "$dir/pg/bin" ]; then
    as_pg "$(cat "$dir/pg/bin")/pg_ctl" -D "$dir/pg/data" -m immediate -w stop > /dev/null 2>&1 || true
  fi
  if [ -f "$dir/redis/redis.pid" ]; then
    pid=$(cat "$dir/redis/redis.pid")
    kill "$pid" 2> /dev/null || true
    i=0
    while kill -0 "$pid" 2> /dev/null && [ $i -lt 50 ]; do i=$((i + 1)); sleep 0.1; done
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  install) install ;;
  start) start "${2:-}" ;;
  stop) stop "${2:-}" ;;
  run)
    shift
    [ $# -gt 0 ] || die "run needs a command"
    install
    dir=$(mktemp -d /tmp/deckhand-services.XXXXXX)
    trap 'stop "$dir"' EXIT
    trap 'exit 130' INT TERM
    t0=$(date +%s)
    start "$dir"
    echo "services.sh: PostgreSQL and Redis up on 127.0.0.1 in $(($(date +%s) - t0)) s" >&2
    . "$dir/env"
    status=0
    "$@" || status=$?
    exit $status
    ;;
  *) die "usage: services.sh install | start DIR | stop DIR | run CMD [ARG...]" ;;
esac
