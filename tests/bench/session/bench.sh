#!/usr/bin/env bash
# Throughput, latency and memory of gatehouse-server under wrk, measured like the Auth.js
# reference's bench.sh (wrk -t1 -c50 -d10s --latency, 2 runs per endpoint, median, 2 s warm-up,
# a fresh server per endpoint, peak RSS = VmHWM), optionally beside the reference in the same run.
#   tests/bench/session/bench.sh                 jwt and database (SQLite) modes
#   MODES="database-postgres" tests/bench/session/bench.sh   database sessions on a throwaway
#       PostgreSQL cluster of its own on 127.0.0.1 (Debian's postgresql; ../database/pgcluster.sh)
#   MODES="jwt-sqlite" tests/bench/session/bench.sh   JWT sessions with the SQLite adapter (the JWT
#       "not before" check reads it; instructions.sh counts what that costs without wrk's noise)
#   MODES="jwt" REFERENCE=1 tests/bench/session/bench.sh   also run the reference's bench.sh (jwt)
#   MODES="jwt" REFERENCE=1 ROUNDS=3 tests/bench/session/bench.sh   Gatehouse and the reference take
#       turns 3 times; the GET /auth/session ratio is reported per round and as the median
# env: BUILD (./build), PORT (9320), RUNS (2), DURATION (10s), CONNS (50), THREADS (server threads, nproc),
#      WRK_THREADS (1), ROUNDS (1)
# Both sides are driven alike (issue 43): the same wrk threads, connections, duration, runs and
# warm-up (2 s, as the reference's script does), each printed in its table's heading. The
# reference's bench.sh reads THREADS as wrk's threads: it is given WRK_THREADS, never the
# server's thread count (a THREADS=2 given here once reached it and made it run wrk -t2).
# Everything listens on 127.0.0.1; every load run is bounded by DURATION.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
source "$here/../benchtools.sh"
source "$here/../database/pgcluster.sh"
BUILD=${BUILD:-$root/build}
server="$BUILD/server/gatehouse-server"
PORT=${PORT:-9320}; RUNS=${RUNS:-2}; DURATION=${DURATION:-10s}; CONNS=${CONNS:-50}
THREADS=${THREADS:-$(nproc)}; MODES=${MODES:-jwt database}; ROUNDS=${ROUNDS:-1}
WRK_THREADS=${WRK_THREADS:-1}
BASE="http://127.0.0.1:$PORT"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
[ -x "$server" ] || { echo "no $server: build first" >&2; exit 1; }

work=$(mktemp -d /tmp/gatehouse-bench.XXXXXX)
SRV=""; PG_PORT=""
cleanup() { [ -n "$SRV" ] && kill "$SRV" 2>/dev/null || true; [ -n "$PG_PORT" ] && pg_stop "$work/pg"; rm -rf "$work"; }
trap cleanup EXIT

config() { # mode -> config file; jwt-sqlite: JWT sessions beside the SQLite adapter (README.md)
  local adapter=""
  case "$1" in
    database | jwt-sqlite) adapter="sqlite://$work/$1.db" ;;
    database-postgres)
      if [ -z "$PG_PORT" ]; then
        chmod 755 "$work"  # the cluster runs as the postgres user when the bench runs as root
        PG_PORT=$(free_port); pg_start "$work/pg" "$PG_PORT" >&2 || exit 1
        pg_psql "$PG_PORT" postgres "CREATE DATABASE gatehouse" >&2
      fi
      adapter="postgresql://postgres@127.0.0.1:$PG_PORT/gatehouse" ;;
  esac
  server_config "$work/$1.json" "${1%%-*}" "$adapter"
  echo "$work/$1.json"
}
start() { # config
  AUTH_SECRET=gatehouse-reference-test-secret-0123456789 QT_LOGGING_RULES="gatehouse.*.info=false" \
    "$server" --config "$1" --listen "127.0.0.1:$PORT" --threads "$THREADS" >"$work/server.log" 2>&1 &
  SRV=$!; wait_port "$PORT"
}
stop() { kill "$SRV" 2>/dev/null || true; wait "$SRV" 2>/dev/null || true; SRV=""; }
signin() { # -> Cookie header
  local jar="$work/jar"; rm -f "$jar"
  local csrf; csrf=$(curl -s -c "$jar" -b "$jar" "$BASE/auth/csrf" | sed -E 's/.*"csrfToken":"([0-9a-f]+)".*/\1/')
  curl -s -o /dev/null -c "$jar" -b "$jar" --data-urlencode "csrfToken=$csrf" --data-urlencode username=alice \
    --data-urlencode password=alice-password "$BASE/auth/callback/credentials"
  # HttpOnly cookies are written as "#HttpOnly_<domain> ..." lines.
  local cookie; cookie=$(awk '{sub(/^#HttpOnly_/, "")} !/^#/ && NF==7 {printf "%s%s=%s", (n++ ? "; " : ""), $6, $7}' "$jar")
  case "$cookie" in *session-token=*) ;; *) echo "sign-in gave no session cookie" >&2; exit 1 ;; esac
  # A cookie that reads as no session would be measured as a fast "null".
  curl -s -H "Cookie: $cookie" "$BASE/auth/session" | grep -q '"email"' || { echo "the session cookie reads as no session" >&2; exit 1; }
  echo "$cookie"
}

gatehouse_round() { # prints the table; records GATEHOUSE_SESSION_RPS (jwt GET /auth/session)
  printf "# gatehouse-server bench  date: %s  nproc: %s  server threads: %s  wrk: -t%s -c%s -d%s, %s runs (median), 2 s warm-up\n" \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(nproc)" "$THREADS" "$WRK_THREADS" "$CONNS" "$DURATION" "$RUNS"
  printf "%-9s %-22s %10s %10s %10s %12s %8s  %s\n" strategy endpoint "req/s" "p50_ms" "p99_ms" "peak_rss_MB" non2xx "runs(req/s)"
  for mode in $MODES; do
    cfg=$(config "$mode")
    start "$cfg"; COOKIE=$(signin); stop
    for ep in /auth/session /auth/csrf /auth/providers; do
      start "$cfg"
      wrk -t"$WRK_THREADS" -c"$CONNS" -d2s -H "Cookie: $COOKIE" "$BASE$ep" >/dev/null
      rps=(); p50=(); p99=(); non=0
      for _ in $(seq 1 "$RUNS"); do
        o=$(wrk -t"$WRK_THREADS" -c"$CONNS" -d"$DURATION" --latency -H "Cookie: $COOKIE" "$BASE$ep")
        rps+=("$(echo "$o" | awk '/Requests\/sec/{print $2}')")
        p50+=("$(to_ms "$(echo "$o" | awk '/^ +50%/{print $2}')")")
        p99+=("$(to_ms "$(echo "$o" | awk '/^ +99%/{print $2}')")")
        n=$(echo "$o" | awk '/Non-2xx/{print $NF}'); non=$((non + ${n:-0}))
      done
      hwm=$(awk '/VmHWM/{printf "%.1f", $2/1024}' "/proc/$SRV/status")
      stop
      local median_rps; median_rps=$(printf '%s\n' "${rps[@]}" | median)
      [ "$mode $ep" = "jwt /auth/session" ] && GATEHOUSE_SESSION_RPS=$median_rps
      printf "%-9s %-22s %10s %10s %10s %12s %8s  %s\n" "$mode" "GET $ep" "$median_rps" \
        "$(printf '%s\n' "${p50[@]}" | median)" "$(printf '%s\n' "${p99[@]}" | median)" "$hwm" "$non" \
        "$(IFS=/; echo "${rps[*]}")"
    done
  done
}

reference_round() { # prints the reference's table; records REFERENCE_SESSION_RPS
  (cd "$ref" && MODES=jwt RUNS="$RUNS" DURATION="$DURATION" CONNS="$CONNS" THREADS="$WRK_THREADS" ./bench.sh >/dev/null \
     && cat bench-results.txt)
  REFERENCE_SESSION_RPS=$(awk '$1 == "jwt" && $3 == "/auth/session" {print $4}' "$ref/bench-results.txt")
}

if [ "${REFERENCE:-0}" = 1 ]; then
  ref="$work/authjs"; cp -r "$root/../shared/reference/authjs" "$ref"; chmod -R u+w "$ref"
  (cd "$ref" && npm ci --silent >/dev/null)
fi
ratios=()
for round in $(seq 1 "$ROUNDS"); do
  [ "$ROUNDS" -gt 1 ] && echo "## round $round of $ROUNDS"
  GATEHOUSE_SESSION_RPS=""
  gatehouse_round
  if [ "${REFERENCE:-0}" = 1 ]; then
    reference_round
    if [ -n "$GATEHOUSE_SESSION_RPS" ] && [ -n "$REFERENCE_SESSION_RPS" ]; then
      ratio=$(awk -v g="$GATEHOUSE_SESSION_RPS" -v r="$REFERENCE_SESSION_RPS" 'BEGIN{printf "%.1f", g / r}')
      ratios+=("$ratio")
      echo "jwt GET /auth/session, round $round: ${ratio}x the reference"
    fi
  fi
done
if [ "${#ratios[@]}" -gt 0 ]; then
  printf '%s\n' "${ratios[@]}" | median | awk -v n="${#ratios[@]}" -v all="$(IFS=/; echo "${ratios[*]}")" \
    '{printf "jwt GET /auth/session: median %.1fx the reference over %d round(s) (%s; target 30x): %s\n", $1, n, all, ($1 >= 30 ? "met" : "NOT met")}'
fi
