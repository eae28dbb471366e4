#!/usr/bin/env bash
# What counting costs: GET /auth/session on gatehouse-server with metrics off (no
# server.metricsListen) and on (metricsListen set, /metrics scraped every second as Prometheus
# would, only faster), taking turns in one run so both see the same machine. Each turn is a fresh
# server, a 2 s warm-up and one wrk run; the order alternates between rounds (off-on, on-off, ...)
# so drift of the machine's load does not favour either side. Reports req/s and p99 per turn and
# the median ratio on/off.
#   tests/bench/metrics/bench.sh                   jwt sessions, 5 rounds
#   MODES="jwt database" ROUNDS=7 tests/bench/metrics/bench.sh
# env: BUILD (./build), ROUNDS (5), DURATION (10s), CONNS (50), THREADS (server threads, nproc),
#      MODES (jwt)
# Everything listens on 127.0.0.1 on free ports; every load run is bounded by DURATION.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
source "$here/../benchtools.sh"
BUILD=${BUILD:-$root/build}
server="$BUILD/server/gatehouse-server"
ROUNDS=${ROUNDS:-5}; DURATION=${DURATION:-10s}; CONNS=${CONNS:-50}
THREADS=${THREADS:-$(nproc)}; MODES=${MODES:-jwt}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
[ -x "$server" ] || { echo "no $server: build first" >&2; exit 1; }

work=$(mktemp -d /tmp/gatehouse-metrics-bench.XXXXXX)
SRV=""; SCRAPER=""
cleanup() {
  [ -n "$SCRAPER" ] && kill "$SCRAPER" 2>/dev/null || true
  [ -n "$SRV" ] && kill "$SRV" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

PORT=$(free_port); BASE="http://127.0.0.1:$PORT"
METRICS_PORT=$(free_port)
while [ "$METRICS_PORT" = "$PORT" ]; do METRICS_PORT=$(free_port); done

configs() { # mode: writes $work/<mode>-off.json and $work/<mode>-on.json
  local adapter=""
  [ "$1" = database ] && adapter="sqlite://$work/bench-$1.db"
  server_config "$work/$1-off.json" "$1" "$adapter"
  # The same configuration with the listener: one key more.
  sed -e "s|\"rateLimit\"|\"server\": { \"metricsListen\": \"127.0.0.1:$METRICS_PORT\" }, \"rateLimit\"|" \
    "$work/$1-off.json" >"$work/$1-on.json"
  grep -q metricsListen "$work/$1-on.json" || { echo "could not add metricsListen" >&2; exit 1; }
}
start() { # config
  AUTH_SECRET=gatehouse-reference-test-secret-0123456789 QT_LOGGING_RULES="gatehouse.*.info=false" \
    "$server" --config "$1" --listen "127.0.0.1:$PORT" --threads "$THREADS" >"$work/server.log" 2>&1 &
  SRV=$!; wait_port "$PORT"
}
stop() {
  [ -n "$SCRAPER" ] && { kill "$SCRAPER" 2>/dev/null || true; wait "$SCRAPER" 2>/dev/null || true; SCRAPER=""; }
  kill "$SRV" 2>/dev/null || true; wait "$SRV" 2>/dev/null || true; SRV=""
}
signin() { # -> Cookie header
  local jar="$work/jar"; rm -f "$jar"
  local csrf; csrf=$(curl -s -c "$jar" -b "$jar" "$BASE/auth/csrf" | sed -E 's/.*"csrfToken":"([0-9a-f]+)".*/\1/')
  curl -s -o /dev/null -c "$jar" -b "$jar" --data-urlencode "csrfToken=$csrf" --data-urlencode username=alice \
    --data-urlencode password=alice-password "$BASE/auth/callback/credentials"
  local cookie; cookie=$(awk '{sub(/^#HttpOnly_/, "")} !/^#/ && NF==7 {printf "%s%s=%s", (n++ ? "; " : ""), $6, $7}' "$jar")
  case "$cookie" in *session-token=*) ;; *) echo "sign-in gave no session cookie" >&2; exit 1 ;; esac
  echo "$cookie"
}
turn() { # mode side cookie -> "req/s p99_ms"
  start "$work/$1-$2.json"
  if [ "$2" = on ]; then
    # Scrapes once a second for the bounded life of the turn (killed by stop()).
    ( for _ in $(seq 1 120); do curl -s -o /dev/null "http://127.0.0.1:$METRICS_PORT/metrics" || true; sleep 1; done ) &
    SCRAPER=$!
  fi
  wrk -t1 -c"$CONNS" -d2s -H "Cookie: $3" "$BASE/auth/session" >/dev/null
  local o; o=$(wrk -t1 -c"$CONNS" -d"$DURATION" --latency -H "Cookie: $3" "$BASE/auth/session")
  if [ "$2" = on ]; then
    # The turn was counted: the scrape shows this turn's requests.
    local counted; counted=$(curl -s "http://127.0.0.1:$METRICS_PORT/metrics" \
      | awk '/^gatehouse_http_requests_total\{action="session",status="200"\}/{print $2}')
    [ "${counted:-0}" -gt 1000 ] || { echo "metrics on, but only ${counted:-0} session requests counted" >&2; exit 1; }
  fi
  stop
  echo "$(echo "$o" | awk '/Requests\/sec/{print $2}') $(to_ms "$(echo "$o" | awk '/^ +99%/{print $2}')")"
}

printf "# metrics on/off bench  date: %s  nproc: %s  server threads: %s  wrk: -t1 -c%s -d%s, %s rounds\n" \
  "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(nproc)" "$THREADS" "$CONNS" "$DURATION" "$ROUNDS"
printf "%-9s %-6s %12s %9s %12s %9s %8s\n" strategy round "off_req/s" "off_p99" "on_req/s" "on_p99" "on/off"
for mode in $MODES; do
  configs "$mode"
  start "$work/$mode-off.json"; COOKIE=$(signin "$mode"); stop
  ratios=()
  for round in $(seq 1 "$ROUNDS"); do
    if [ $((round % 2)) = 1 ]; then off=$(turn "$mode" off "$COOKIE"); on=$(turn "$mode" on "$COOKIE")
    else on=$(turn "$mode" on "$COOKIE"); off=$(turn "$mode" off "$COOKIE"); fi
    read -r off_rps off_p99 <<<"$off"; read -r on_rps on_p99 <<<"$on"
    ratio=$(awk -v a="$on_rps" -v b="$off_rps" 'BEGIN{printf "%.3f", a/b}')
    ratios+=("$ratio")
    printf "%-9s %-6s %12s %9s %12s %9s %8s\n" "$mode" "$round" "$off_rps" "$off_p99" "$on_rps" "$on_p99" "$ratio"
  done
  printf "%-9s %-6s %12s %9s %12s %9s %8s\n" "$mode" median "" "" "" "" "$(printf '%s\n' "${ratios[@]}" | median)"
done
