#!/usr/bin/env bash
# GET /auth/session with a valid database session cookie: gatehouse-server on a SQLite file and
# on PostgreSQL (a throwaway cluster on 127.0.0.1), measured like tests/bench/session/bench.sh
# (wrk -t1 -c50 -d10s --latency, RUNS runs, median, 2 s warm-up, a fresh server process, peak
# RSS = VmHWM). REFERENCE=1 also runs the Auth.js reference's bench.sh in database mode
# (PostgreSQL) in the same run and prints Gatehouse's req/s as a multiple of it
# (targets: 10x on SQLite, 5x on PostgreSQL).
#   tests/bench/database/bench.sh
#   REFERENCE=1 ROUNDS=3 tests/bench/database/bench.sh   Gatehouse and the reference take turns
# Like the reference's bench, every request carries the same session cookie; SIGNINS=N signs in
# N times and has consecutive requests carry different sessions (so concurrent lookups are of
# different tokens: the database answers them, not one shared row).
# env: BUILD (./build), BACKENDS ("sqlite postgresql"), RUNS (2), DURATION (10s), CONNS (50),
#      WRK_THREADS (1), THREADS (server threads, nproc), SIGNINS (1), ROUNDS (1). Everything
#      listens on 127.0.0.1; every load run is bounded by DURATION.
# Fairness (issue 43): both sides run wrk with the same threads, connections, duration, runs
# and warm-up (2 s: the reference's bench.sh has it fixed), each printed in its heading. The
# reference's bench.sh reads THREADS as wrk's threads, so it is given WRK_THREADS explicitly:
# a THREADS=2 meant for our server would otherwise reach it through the environment.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
source "$here/../benchtools.sh"
source "$here/pgcluster.sh"
BUILD=${BUILD:-$root/build}
server="$BUILD/server/gatehouse-server"
RUNS=${RUNS:-2}; DURATION=${DURATION:-10s}; CONNS=${CONNS:-50}
THREADS=${THREADS:-$(nproc)}; BACKENDS=${BACKENDS:-sqlite postgresql}; SIGNINS=${SIGNINS:-1}
WRK_THREADS=${WRK_THREADS:-1}; ROUNDS=${ROUNDS:-1}
LOAD="wrk -t$WRK_THREADS -c$CONNS -d$DURATION --latency, $RUNS run(s) (median), 2 s warm-up"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
[ -x "$server" ] || { echo "no $server: build first" >&2; exit 1; }

work=$(mktemp -d /tmp/gatehouse-dbbench.XXXXXX)
chmod 755 "$work"   # the postgres user reads its cluster folder and the reference's schema in here
SRV=""
cleanup() {
  [ -n "$SRV" ] && kill "$SRV" 2>/dev/null || true
  pg_stop "$work/pg"
  [ -d "$work/authjs" ] && (cd "$work/authjs" && PGROOT="$work/authjs-pg" ./pg.sh stop >/dev/null 2>&1) || true
  rm -rf "$work"
}
trap cleanup EXIT

PORT=$(free_port); BASE="http://127.0.0.1:$PORT"
config() { server_config "$work/$1.json" database "$2"; echo "$work/$1.json"; } # backend url -> config file
start() { # config
  AUTH_SECRET=gatehouse-reference-test-secret-0123456789 QT_LOGGING_RULES="gatehouse.*.info=false" \
    "$server" --config "$1" --listen "127.0.0.1:$PORT" --threads "$THREADS" >>"$work/server.log" 2>&1 &
  SRV=$!; wait_port "$PORT" || { tail -20 "$work/server.log" >&2; exit 1; }
}
stop() { kill "$SRV" 2>/dev/null || true; wait "$SRV" 2>/dev/null || true; SRV=""; }
signin() { # -> Cookie header holding a database session
  local jar="$work/jar" csrf; rm -f "$jar"
  csrf=$(curl -s -c "$jar" -b "$jar" "$BASE/auth/csrf" | sed -E 's/.*"csrfToken":"([0-9a-f]+)".*/\1/')
  curl -s -o /dev/null -c "$jar" -b "$jar" --data-urlencode "csrfToken=$csrf" --data-urlencode username=alice \
    --data-urlencode password=alice-password "$BASE/auth/callback/credentials"
  # HttpOnly cookies are written as "#HttpOnly_<domain> ..." lines.
  awk '{sub(/^#HttpOnly_/, "")} !/^#/ && NF==7 {printf "%s%s=%s", (n++ ? "; " : ""), $6, $7}' "$jar"
}

# The backends' databases and session cookies, made once and measured in every round.
declare -A URL RPS
for backend in $BACKENDS; do
  case $backend in
    sqlite) URL[$backend]="sqlite://$work/bench.db" ;;
    postgresql)
      pgport=$(free_port)
      pg_start "$work/pg" "$pgport" max_connections=100
      pg_psql "$pgport" postgres "CREATE DATABASE gatehouse"
      URL[$backend]="postgresql://postgres@127.0.0.1:$pgport/gatehouse" ;;
    *) echo "BACKENDS: unknown backend '$backend' (sqlite, postgresql)" >&2; exit 2 ;;
  esac
  cfg=$(config "$backend" "${URL[$backend]}")
  start "$cfg"
  : >"$work/cookies-$backend.txt"
  for _ in $(seq 1 "$SIGNINS"); do signin >>"$work/cookies-$backend.txt"; echo >>"$work/cookies-$backend.txt"; done
  stop
done

gatehouse_round() { # prints the table; records RPS per backend
  printf "# gatehouse-server database bench  date: %s  nproc: %s  load average: %s  server threads: %s  %s session(s)\n" \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)" "$THREADS" "$SIGNINS"
  echo "# load: $LOAD"
  printf "%-11s %-19s %10s %10s %10s %12s %8s  %s\n" backend endpoint "req/s" "p50_ms" "p99_ms" "peak_rss_MB" non2xx "runs(req/s)"
  for backend in $BACKENDS; do
    start "$work/$backend.json"
    while read -r cookie; do
      body=$(curl -s -H "Cookie: $cookie" "$BASE/auth/session")
      case $body in *'"user"'*) ;; *) echo "$backend: the sign-in gave no database session: $body" >&2; exit 1 ;; esac
    done <"$work/cookies-$backend.txt"
    load() { COOKIES="$work/cookies-$backend.txt" wrk -t"$WRK_THREADS" -c"$CONNS" -s "$here/rotate.lua" "$@" "$BASE/auth/session"; }
    load -d2s >/dev/null
    rps=(); p50=(); p99=(); non=0
    for _ in $(seq 1 "$RUNS"); do
      o=$(load -d"$DURATION" --latency)
      m=$(echo "$o" | awk '/^misses/{print $2}')
      [ "${m:-1}" = 0 ] || { echo "$backend: ${m:-?} answers without a session" >&2; exit 1; }
      rps+=("$(echo "$o" | awk '/Requests\/sec/{print $2}')")
      p50+=("$(to_ms "$(echo "$o" | awk '/^ +50%/{print $2}')")")
      p99+=("$(to_ms "$(echo "$o" | awk '/^ +99%/{print $2}')")")
      n=$(echo "$o" | awk '/Non-2xx/{print $NF}'); non=$((non + ${n:-0}))
      kill -0 "$SRV" 2>/dev/null || { echo "$backend: gatehouse-server died during the run:" >&2; tail -5 "$work/server.log" >&2; exit 1; }
    done
    hwm=$(awk '/VmHWM/{printf "%.1f", $2/1024}' "/proc/$SRV/status")
    stop
    RPS[$backend]=$(printf '%s\n' "${rps[@]}" | median)
    printf "%-11s %-19s %10s %10s %10s %12s %8s  %s\n" "$backend" "GET /auth/session" "${RPS[$backend]}" \
      "$(printf '%s\n' "${p50[@]}" | median)" "$(printf '%s\n' "${p99[@]}" | median)" "$hwm" "$non" "$(IFS=/; echo "${rps[*]}")"
  done
}

REF_RPS=""
reference_round() { # prints the reference's table; records REF_RPS
  local refpg mailhttp
  refpg=$(free_port); mailhttp=$(free_port)
  echo "# Auth.js reference, database mode (PostgreSQL), same machine, same run; load: $LOAD"
  (cd "$ref" && PGROOT="$work/authjs-pg" PGPORT="$refpg" DATABASE_URL="postgres://postgres@127.0.0.1:$refpg/authjs" \
        BENCH_PORT=$(free_port) IDP_PORT=$(free_port) SMTP_PORT=$(free_port) \
        MAIL_HTTP_PORT="$mailhttp" MAIL_URL="http://127.0.0.1:$mailhttp/last" \
        MODES=database RUNS="$RUNS" DURATION="$DURATION" CONNS="$CONNS" THREADS="$WRK_THREADS" ./bench.sh >"$work/reference.log" 2>&1) \
    || { echo "the reference bench failed:" >&2; tail -20 "$work/reference.log" >&2; exit 1; }
  grep -E '^(# wrk|strategy|database) ' "$ref/bench-results.txt"
  REF_RPS=$(awk '$1=="database" && $3=="/auth/session" {print $4}' "$ref/bench-results.txt")
}

if [ "${REFERENCE:-0}" = 1 ]; then
  ref="$work/authjs"; cp -r "$root/../shared/reference/authjs" "$ref"; chmod -R u+w,go+rX "$ref"
  (cd "$ref" && npm ci --silent >/dev/null)
fi
echo "# wrk, the servers, PostgreSQL and anything else on the machine share its $(nproc) cores"
for round in $(seq 1 "$ROUNDS"); do
  [ "$ROUNDS" -gt 1 ] && echo "## round $round of $ROUNDS"
  # The side that goes first alternates by round, so a slow spell falls on both.
  if [ "${REFERENCE:-0}" != 1 ]; then
    gatehouse_round; continue
  fi
  if [ $((round % 2)) = 0 ]; then reference_round; gatehouse_round; else gatehouse_round; reference_round; fi
  for backend in $BACKENDS; do
    target=5; [ "$backend" = sqlite ] && target=10
    awk -v g="${RPS[$backend]}" -v r="$REF_RPS" -v b="$backend" -v t="$target" -v n="$round" \
      'BEGIN{ x = g / r; printf "%-11s round %d: %.1fx the reference database mode (target %dx): %s\n", b, n, x, t, (x >= t ? "met" : "NOT met") }'
  done
done
