#!/usr/bin/env bash
# Throughput, latency and memory of gatehouse-server under wrk, measured like the Auth.js
# reference's bench.sh (wrk --latency per endpoint, RUNS runs, median, a warm-up, a fresh server
# per endpoint, peak RSS = VmHWM), optionally beside the reference in the same run.
#   tests/bench/session/bench.sh                 jwt and database (SQLite) modes
#   MODES="database-postgres" tests/bench/session/bench.sh   database sessions on a throwaway
#       PostgreSQL cluster of its own on 127.0.0.1 (Debian's postgresql; ../database/pgcluster.sh)
#   MODES="jwt-sqlite" tests/bench/session/bench.sh   JWT sessions with the SQLite adapter (the JWT
#       "not before" check reads it; instructions.sh counts what that costs without wrk's noise)
#   MODES=jwt REFERENCE=1 ROUNDS=3 tests/bench/session/bench.sh   Gatehouse and the Auth.js
#       reference (jwt) take turns endpoint by endpoint, 3 rounds; the GET /auth/session ratio
#       is printed per round and as the median
# env: BUILD (./build), PORT (9320), RUNS (2), DURATION (10s), CONNS (50), WRK_THREADS (1),
#      WARMUP (3s), THREADS (gatehouse-server's serving threads, nproc), ROUNDS (1),
#      ENDPOINTS ("/auth/session /auth/csrf /auth/providers")
# Fairness (issue 43): both sides are driven by the one measure() below, so the load generator's
# settings (wrk threads, connections, duration, runs, warm-up) are the same by construction and
# printed with every row. The reference's server.mjs is started here rather than through its
# bench.sh, whose THREADS means wrk's threads (a THREADS=2 meant for our server once reached it).
# Within a round each endpoint is measured on both sides back to back, the side that goes first
# alternating by round, so a slow spell of the shared machine falls on both.
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
WRK_THREADS=${WRK_THREADS:-1}; WARMUP=${WARMUP:-3s}
ENDPOINTS=${ENDPOINTS:-/auth/session /auth/csrf /auth/providers}
SECRET=gatehouse-reference-test-secret-0123456789
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
[ -x "$server" ] || { echo "no $server: build first" >&2; exit 1; }

work=$(mktemp -d /tmp/gatehouse-bench.XXXXXX)
SRV=""; PG_PORT=""
cleanup() { [ -n "$SRV" ] && kill "$SRV" 2>/dev/null || true; [ -n "$PG_PORT" ] && pg_stop "$work/pg"; rm -rf "$work"; }
trap cleanup EXIT

LOAD="wrk -t$WRK_THREADS -c$CONNS -d$DURATION --latency, $RUNS run(s) (median), $WARMUP warm-up (same wrk), fresh server per endpoint"

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
start() { # side mode
  if [ "$1" = gatehouse ]; then
    AUTH_SECRET=$SECRET QT_LOGGING_RULES="gatehouse.*.info=false" \
      "$server" --config "${CFG[$2]}" --listen "127.0.0.1:$PORT" --threads "$THREADS" >"$work/server.log" 2>&1 &
  else
    (cd "$ref" && exec env STRATEGY="$2" PORT="$PORT" AUTH_SECRET=$SECRET QUIET=1 node server.mjs) >"$work/server.log" 2>&1 &
  fi
  SRV=$!; wait_port "$PORT" || { tail -20 "$work/server.log" >&2; exit 1; }
}
stop() { kill "$SRV" 2>/dev/null || true; wait "$SRV" 2>/dev/null || true; SRV=""; }
signin() { # side mode -> Cookie header (csrf-token, callback-url, session-token: a browser's)
  local base="http://127.0.0.1:$PORT" cookie
  if [ "$1" = gatehouse ]; then
    local jar="$work/jar" csrf; rm -f "$jar"
    csrf=$(curl -s -c "$jar" -b "$jar" "$base/auth/csrf" | sed -E 's/.*"csrfToken":"([0-9a-f]+)".*/\1/')
    curl -s -o /dev/null -c "$jar" -b "$jar" --data-urlencode "csrfToken=$csrf" --data-urlencode username=alice \
      --data-urlencode password=alice-password "$base/auth/callback/credentials"
    # HttpOnly cookies are written as "#HttpOnly_<domain> ..." lines.
    cookie=$(awk '{sub(/^#HttpOnly_/, "")} !/^#/ && NF==7 {printf "%s%s=%s", (n++ ? "; " : ""), $6, $7}' "$jar")
  else
    cookie=$(cd "$ref" && BASE_URL="$base" node session-cookie.mjs credentials 2>>"$work/signin.log")
  fi
  case "$cookie" in *session-token=*) ;; *) echo "$1: sign-in gave no session cookie" >&2; exit 1 ;; esac
  # A cookie that reads as no session would be measured as a fast "null".
  curl -s -H "Cookie: $cookie" "$base/auth/session" | grep -q '"email"' || { echo "$1: the session cookie reads as no session" >&2; exit 1; }
  echo "$cookie"
}

declare -A CFG COOKIE RPS P99
measure() { # side mode endpoint: one row; records RPS and P99 under "side mode endpoint"
  local side=$1 mode=$2 ep=$3 base="http://127.0.0.1:$PORT" o n hwm rps=() p50=() p99=() non=0
  start "$side" "$mode"
  wrk -t"$WRK_THREADS" -c"$CONNS" -d"$WARMUP" -H "Cookie: ${COOKIE[$side $mode]}" "$base$ep" >/dev/null
  for _ in $(seq 1 "$RUNS"); do
    o=$(wrk -t"$WRK_THREADS" -c"$CONNS" -d"$DURATION" --latency -H "Cookie: ${COOKIE[$side $mode]}" "$base$ep")
    rps+=("$(echo "$o" | awk '/Requests\/sec/{print $2}')")
    p50+=("$(to_ms "$(echo "$o" | awk '/^ +50%/{print $2}')")")
    p99+=("$(to_ms "$(echo "$o" | awk '/^ +99%/{print $2}')")")
    n=$(echo "$o" | awk '/Non-2xx/{print $NF}'); non=$((non + ${n:-0}))
  done
  hwm=$(awk '/VmHWM/{printf "%.1f", $2/1024}' "/proc/$SRV/status")
  stop
  RPS[$side $mode $ep]=$(printf '%s\n' "${rps[@]}" | median)
  P99[$side $mode $ep]=$(printf '%s\n' "${p99[@]}" | median)
  # The machine's 1-minute load average as the row ends: other work on it weighs on the figures.
  printf "%-9s %-18s %-18s %10s %8s %8s %8s %6s  %-14s %-8s %s\n" "$side" "$mode" "GET $ep" "${RPS[$side $mode $ep]}" \
    "$(printf '%s\n' "${p50[@]}" | median)" "${P99[$side $mode $ep]}" "$hwm" "$non" "$(IFS=/; echo "${rps[*]}")" \
    "$(cut -d' ' -f1 /proc/loadavg)" "$(printf -- '-t%s -c%s -d%s x%s, %s warm-up' "$WRK_THREADS" "$CONNS" "$DURATION" "$RUNS" "$WARMUP")"
}

sides=(gatehouse)
if [ "${REFERENCE:-0}" = 1 ]; then
  command -v node >/dev/null || { echo "node is missing: apt-get install nodejs npm" >&2; exit 1; }
  ref="$work/authjs"; cp -r "$root/../shared/reference/authjs" "$ref"; chmod -R u+w "$ref"
  (cd "$ref" && npm ci --silent >/dev/null)
  sides+=(reference)
fi

echo "# session bench  date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  nproc: $(nproc)  load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# gatehouse: gatehouse-server, $THREADS serving thread(s); load: $LOAD"
[ "${REFERENCE:-0}" = 1 ] &&
  echo "# reference: Auth.js (@auth/core $(node -p "require('$ref/node_modules/@auth/core/package.json').version")) server.mjs, node $(node --version), one process; load: $LOAD"
echo "# wrk, the server and anything else on the machine share its $(nproc) cores"
for mode in $MODES; do
  CFG[$mode]=$(config "$mode")
  for side in "${sides[@]}"; do
    [ "$side" = reference ] && [ "$mode" != jwt ] && continue  # the reference's database mode: ../database/bench.sh
    start "$side" "$mode"; COOKIE[$side $mode]=$(signin "$side" "$mode"); stop
  done
done
ratios=(); p99s=()
for round in $(seq 1 "$ROUNDS"); do
  echo "## round $round of $ROUNDS"
  printf "%-9s %-18s %-18s %10s %8s %8s %8s %6s  %-14s %-8s %s\n" side strategy endpoint "req/s" p50_ms p99_ms rss_MB non2xx "runs(req/s)" loadavg wrk
  order=("${sides[@]}")
  [ $((round % 2)) = 0 ] && [ "${#sides[@]}" = 2 ] && order=(reference gatehouse)
  for mode in $MODES; do
    for ep in $ENDPOINTS; do
      for side in "${order[@]}"; do
        [ "$side" = reference ] && [ "$mode" != jwt ] && continue
        measure "$side" "$mode" "$ep"
      done
    done
  done
  key="jwt /auth/session"
  if [ -n "${RPS[reference $key]:-}" ] && [ -n "${RPS[gatehouse $key]:-}" ]; then
    ratio=$(awk -v g="${RPS[gatehouse $key]}" -v r="${RPS[reference $key]}" 'BEGIN{printf "%.1f", g / r}')
    ratios+=("$ratio"); p99s+=("${P99[gatehouse $key]}")
    echo "jwt GET /auth/session, round $round: ${ratio}x the reference (${RPS[gatehouse $key]} / ${RPS[reference $key]} req/s), gatehouse p99 ${P99[gatehouse $key]} ms"
  fi
done
if [ "${#ratios[@]}" -gt 0 ]; then
  max_p99=$(printf '%s\n' "${p99s[@]}" | sort -g | tail -1)
  printf '%s\n' "${ratios[@]}" | median | awk -v n="${#ratios[@]}" -v all="$(IFS=/; echo "${ratios[*]}")" -v p="$max_p99" \
    '{printf "jwt GET /auth/session: median %.1fx the reference over %d round(s) (%s; target 30x): %s; highest p99 %s ms (target 2 ms): %s\n",
      $1, n, all, ($1 >= 30 ? "met" : "NOT met"), p, (p <= 2 ? "met" : "NOT met")}'
fi
