#!/usr/bin/env bash
# Requests per second of two bench_httpserverpool builds, taking turns on the same machine:
# with kept-alive connections (the request path), and with a new connection per request
# (Connection: close: accept, admission and close on every request).
#   tests/bench/http/compare.sh BEFORE AFTER
#     BEFORE, AFTER: bench_httpserverpool binaries (e.g. one built from main, one from a branch)
# env: ROUNDS (3), DURATION (5s), CONNS (50), THREADS (server threads, 2)
# Everything listens on 127.0.0.1; every load run is bounded by DURATION.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../benchtools.sh"
[ $# -eq 2 ] || { sed -n '2,8p' "$0" >&2; exit 2; }
BEFORE=$1; AFTER=$2
ROUNDS=${ROUNDS:-3}; DURATION=${DURATION:-5s}; CONNS=${CONNS:-50}; THREADS=${THREADS:-2}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }

SRV=""
cleanup() { [ -n "$SRV" ] && kill "$SRV" 2>/dev/null || true; }
trap cleanup EXIT

run() { # binary, extra wrk arguments... -> req/s
  local port
  for _ in 1 2 3 4 5; do
    # A free port may still be bound by a closing connection: then take another.
    port=$(free_port)
    "$1" --threads "$THREADS" --port "$port" --seconds 600 >/dev/null 2>&1 &
    SRV=$!
    wait_port "$port" 50 2>/dev/null && kill -0 "$SRV" 2>/dev/null && break
    kill "$SRV" 2>/dev/null || true; wait "$SRV" 2>/dev/null || true; SRV=""
  done
  [ -n "$SRV" ] || { echo "cannot start $1" >&2; exit 1; }
  shift
  wrk -t1 -c"$CONNS" -d1s "$@" "http://127.0.0.1:$port/auth/session" >/dev/null
  wrk -t1 -c"$CONNS" -d"$DURATION" "$@" "http://127.0.0.1:$port/auth/session" | awk '/Requests\/sec/ {print $2}'
  kill "$SRV"; wait "$SRV" 2>/dev/null || true; SRV=""
}

printf "# bench_httpserverpool: before %s, after %s\n" "$BEFORE" "$AFTER"
printf "# date %s, nproc %s, server threads %s, wrk -t1 -c%s -d%s\n" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(nproc)" \
  "$THREADS" "$CONNS" "$DURATION"
printf "%-6s %-10s %12s %12s\n" round load before after
declare -A results
for round in $(seq 1 "$ROUNDS"); do
  for load in keep-alive close; do
    extra=(); [ "$load" = close ] && extra=(-H "Connection: close")
    b=$(run "$BEFORE" "${extra[@]+"${extra[@]}"}"); a=$(run "$AFTER" "${extra[@]+"${extra[@]}"}")
    results[$load-before]+="$b "; results[$load-after]+="$a "
    printf "%-6s %-10s %12s %12s\n" "$round" "$load" "$b" "$a"
  done
done
for load in keep-alive close; do
  printf "%-6s %-10s %12s %12s\n" median "$load" \
    "$(tr ' ' '\n' <<<"${results[$load-before]}" | grep . | median)" \
    "$(tr ' ' '\n' <<<"${results[$load-after]}" | grep . | median)"
done
