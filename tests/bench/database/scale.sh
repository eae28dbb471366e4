#!/usr/bin/env bash
# Session lookups at scale: 1,000,000 users and 10,000,000 sessions against 100 users and 1,000
# sessions, on SQLite and on PostgreSQL (a throwaway cluster on 127.0.0.1). For each backend,
# gatehouse-bulkload loads a fresh database of each size (progress bar on the terminal); then, RUNS
# times, small and large taking turns, it
#   - times LOOKUPS getSessionAndUser calls with random loaded tokens (SqlAdapter, sequential);
#   - runs wrk on GET /auth/session through a fresh gatehouse-server, every request with another of
#     10,000 loaded session tokens (a wrk Lua script; a request without a session counts as a miss).
# Target: p99 at 10 M sessions within 1.5x of p99 at 1,000 sessions (medians over the runs).
#   tests/bench/database/scale.sh
# env: BUILD (./build), BACKENDS ("sqlite postgresql"), USERS (1000000), SESSIONS (10000000),
#      LOOKUPS (20000), DURATION (10s), CONNS (50), THREADS (server threads, nproc), RUNS (3), SCRATCH (/tmp;
#      the SQLite file of 10 M sessions takes about 2 GB), SLOW_READ_US (0; when set, the server's
#      reads of the large SQLite file each wait that long first, as from a slow disk: see README.md),
#      SQLITE_OPTIONS (appended to the SQLite URLs, e.g. "?mmap_size=2147418112"; PostgreSQL runs with
#      shared_buffers=512MB), RESIDENT (0; 1 holds the loaded database files in memory with
#      `vmtouch -l` while they are measured, as on a machine whose page cache keeps them: see README.md).
#      Every load run is bounded by DURATION.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
source "$here/../benchtools.sh"
source "$here/pgcluster.sh"
BUILD=${BUILD:-$root/build}
server="$BUILD/server/gatehouse-server"
loader="$BUILD/tests/bench/database/gatehouse-bulkload"
USERS=${USERS:-1000000}; SESSIONS=${SESSIONS:-10000000}; LOOKUPS=${LOOKUPS:-20000}
DURATION=${DURATION:-10s}; CONNS=${CONNS:-50}; THREADS=${THREADS:-$(nproc)}; RUNS=${RUNS:-3}
BACKENDS=${BACKENDS:-sqlite postgresql}
SLOW_READ_US=${SLOW_READ_US:-0}; SQLITE_OPTIONS=${SQLITE_OPTIONS:-}; RESIDENT=${RESIDENT:-0}
[ "$RESIDENT" = 0 ] || command -v vmtouch >/dev/null || { echo "RESIDENT=1 needs vmtouch: apt-get install vmtouch" >&2; exit 1; }
slowreads="$BUILD/tests/bench/database/libgatehouse-slowreads.so"
preload=""
if [ "$SLOW_READ_US" != 0 ]; then
  [ -f "$slowreads" ] || { echo "no $slowreads: build first (benchmarks on)" >&2; exit 1; }
  preload="$slowreads"
fi
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
for f in "$server" "$loader"; do [ -x "$f" ] || { echo "no $f: build first (benchmarks on)" >&2; exit 1; }; done

work=$(mktemp -d "${SCRATCH:-/tmp}/gatehouse-scale.XXXXXX")
chmod 755 "$work"
SRV=""
# RESIDENT=1: a vmtouch daemon locks the files of one backend's databases in memory.
unhold() { [ -f "$work/vmtouch.pid" ] && kill "$(cat "$work/vmtouch.pid")" 2>/dev/null; rm -f "$work/vmtouch.pid"; }
hold() { # files or folders...
  local t0=$SECONDS
  vmtouch -q -d -l -w -P "$work/vmtouch.pid" "$@"
  echo "# held in memory (vmtouch -l) after $((SECONDS - t0)) s: $(vmtouch "$@" | awk '/Resident Pages/{print $4, $5}')"
}
cleanup() { [ -n "$SRV" ] && kill "$SRV" 2>/dev/null || true; unhold; pg_stop "$work/pg"; rm -rf "$work"; }
trap cleanup EXIT
echo "# free space before loading:"; df -h "$work" | sed 's/^/#   /'

PORT=$(free_port); BASE="http://127.0.0.1:$PORT"
config() { server_config "$work/server.json" database "$1"; echo "$work/server.json"; } # url -> config file

# One measurement of one size: adapter lookups, then a fresh server under wrk. Appends the p99s
# to ADAPTER_P99[key] and SERVER_P99[key] (space-separated) and prints both lines.
declare -A URL ADAPTER_P99 SERVER_P99
measure() { # backend size run
  local key="$1-$2" url="${URL[$1-$2]}"
  local direct o
  direct=$("$loader" lookup --url "$url" --count "$LOOKUPS")
  "$loader" tokens --url "$url" --count 10000 | sed 's/^/authjs.session-token=/' >"$work/cookies.txt"
  AUTH_SECRET=gatehouse-reference-test-secret-0123456789 QT_LOGGING_RULES="gatehouse.*.info=false" \
    LD_PRELOAD="$preload" SLOW_READ_US="$SLOW_READ_US" "$server" --config "$(config "$url")" --listen "127.0.0.1:$PORT" --threads "$THREADS" >>"$work/server.log" 2>&1 &
  SRV=$!; wait_port "$PORT" 300 || { tail -20 "$work/server.log" >&2; exit 1; }
  COOKIES="$work/cookies.txt" wrk -t1 -c"$CONNS" -d2s -s "$here/rotate.lua" "$BASE/auth/session" >/dev/null
  o=$(COOKIES="$work/cookies.txt" wrk -t1 -c"$CONNS" -d"$DURATION" --latency -s "$here/rotate.lua" "$BASE/auth/session")
  ADAPTER_P99[$key]+="$(echo "$direct" | awk '{for(i=1;i<NF;i++) if($i=="p99_us") print $(i+1)}') "
  printf "%-11s %-6s run %s  adapter: %s\n" "$1" "$2" "$3" "$direct"
  if kill -0 "$SRV" 2>/dev/null; then
    local hwm
    hwm=$(awk '/VmHWM/{printf "%.1f", $2/1024}' "/proc/$SRV/status")
    kill "$SRV"; wait "$SRV" 2>/dev/null || true; SRV=""
    local rps p50 p99 misses
    rps=$(echo "$o" | awk '/Requests\/sec/{print $2}')
    p50=$(to_ms "$(echo "$o" | awk '/^ +50%/{print $2}')"); p99=$(to_ms "$(echo "$o" | awk '/^ +99%/{print $2}')")
    misses=$(echo "$o" | awk '/^misses/{print $2}')
    SERVER_P99[$key]+="$p99 "
    printf "%-11s %-6s run %s  server: GET /auth/session rotating 10000 tokens  req/s %s  p50_ms %s  p99_ms %s  misses %s  peak_rss_MB %s\n" \
      "$1" "$2" "$3" "$rps" "$p50" "$p99" "${misses:-?}" "$hwm"
  else
    wait "$SRV" 2>/dev/null || true; SRV=""
    printf "%-11s %-6s run %s  server: gatehouse-server DIED during the run (no figures); its log ends:\n" "$1" "$2" "$3"
    tail -3 "$work/server.log" | sed 's/^/#   /'
  fi
}
med() { tr ' ' '\n' | grep . | median; } # space-separated numbers -> median

printf "# gatehouse database scale bench  date: %s  nproc: %s  server threads: %s  wrk: -t1 -c%s -d%s  runs: %s  slow reads: %s us  SQLite options: %s\n" \
  "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(nproc)" "$THREADS" "$CONNS" "$DURATION" "$RUNS" "$SLOW_READ_US" "${SQLITE_OPTIONS:-none}"
echo "# database files held in memory: $([ "$RESIDENT" = 0 ] && echo no || echo "yes (vmtouch -l)")"
for backend in $BACKENDS; do
  if [ "$backend" = postgresql ]; then
    pgport=$(free_port)
    pg_start "$work/pg" "$pgport" shared_buffers=512MB max_wal_size=4GB
  fi
  for size in small large; do
    if [ $size = small ]; then users=100; sessions=1000; else users=$USERS; sessions=$SESSIONS; fi
    case $backend in
      sqlite) URL[$backend-$size]="sqlite://$work/scale-$size.db$SQLITE_OPTIONS" ;;
      postgresql) pg_psql "$pgport" postgres "CREATE DATABASE scale_$size"
                  URL[$backend-$size]="postgresql://postgres@127.0.0.1:$pgport/scale_$size" ;;
      *) echo "BACKENDS: unknown backend '$backend' (sqlite, postgresql)" >&2; exit 2 ;;
    esac
    echo "## $backend: loading $users users and $sessions sessions" >&2
    QT_LOGGING_RULES="gatehouse.*.info=false" "$loader" load --url "${URL[$backend-$size]}" --users "$users" --sessions "$sessions"
  done
  if [ "$RESIDENT" != 0 ]; then
    if [ "$backend" = sqlite ]; then hold "$work"/scale-*.db; else hold "$work/pg"; fi
  fi
  # Small and large take turns, so that a slow spell of the machine does not fall on one size only.
  for run in $(seq 1 "$RUNS"); do
    for size in small large; do measure "$backend" "$size" "$run"; done
  done
  unhold
  [ "$backend" = sqlite ] && rm -f "$work"/scale-*.db*
  if [ "$backend" = postgresql ]; then
    pg_psql "$pgport" postgres "DROP DATABASE scale_small"; pg_psql "$pgport" postgres "DROP DATABASE scale_large"
    pg_stop "$work/pg"
  fi
  a=$(echo "${ADAPTER_P99[$backend-large]}" | med); b=$(echo "${ADAPTER_P99[$backend-small]}" | med)
  c=$(echo "${SERVER_P99[$backend-large]}" | med); d=$(echo "${SERVER_P99[$backend-small]}" | med)
  awk -v a="$a" -v b="$b" -v c="$c" -v d="$d" -v n="$backend" -v s="$SESSIONS" -v r="$RUNS" 'BEGIN{
    printf "%-11s median p99 of %d runs at %d vs 1000 sessions: adapter %.1f / %.1f us = %.2fx", n, r, s, a, b, a/b
    ok = a/b <= 1.5
    if (c != "" && d != "" && d > 0) { printf ", server %.2f / %.2f ms = %.2fx", c, d, c/d; ok = ok && c/d <= 1.5 }
    else { printf ", server n/a"; ok = 0 }
    printf " (target <= 1.5x): %s\n", ok ? "met" : "NOT met" }'
done
