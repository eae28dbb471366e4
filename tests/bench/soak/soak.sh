#!/usr/bin/env bash
# Soak: gatehouse-server under mixed traffic (sign-ins, session reads, sign-outs, bad requests;
# soakclient.cpp) for a bounded time, once per session strategy, on SQLite. Samples the
# server's resident memory (VmRSS) every SAMPLE seconds and checks it stays flat after the
# warm-up: growth from the end of the warm-up to the end below MAX_GROWTH percent.
#   tests/bench/soak/soak.sh                      database then jwt, 300 s each (10 minutes)
#   DURATION=60 MODES=jwt tests/bench/soak/soak.sh
# env: BUILD (./build), DURATION (s per mode, 300), WARMUP (s, DURATION/5), USERS (8),
#      THREADS (server threads, 2), SAMPLE (s, 5), MAX_GROWTH (%, 5), MODES (database jwt),
#      KEEP (a folder to keep the RSS samples and server logs in)
# Everything listens on 127.0.0.1; the client stops after DURATION (or 5 M requests).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
source "$here/../benchtools.sh"
BUILD=${BUILD:-$root/build}
server="$BUILD/server/gatehouse-server"
client="$BUILD/tests/bench/soak/soakclient"
DURATION=${DURATION:-300}; WARMUP=${WARMUP:-$((DURATION / 5))}; USERS=${USERS:-8}; THREADS=${THREADS:-2}
SAMPLE=${SAMPLE:-5}; MAX_GROWTH=${MAX_GROWTH:-5}; MODES=${MODES:-database jwt}
for program in "$server" "$client"; do
  [ -x "$program" ] || { echo "no $program: build first (packaging/build.sh)" >&2; exit 1; }
done

work=$(mktemp -d /tmp/gatehouse-soak.XXXXXX)
SRV=""
cleanup() { [ -n "$SRV" ] && kill "$SRV" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

rss_kb() { awk '/^VmRSS/{print $2}' "/proc/$1/status"; }

printf "# gatehouse-server soak  date: %s  nproc: %s  load: %s  server threads: %s  users: %s  duration: %s s/mode  warm-up: %s s\n" \
  "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)" "$THREADS" "$USERS" "$DURATION" "$WARMUP"
failed=0
for mode in $MODES; do
  port=$(free_port)
  server_config "$work/$mode.json" "$mode" "sqlite://$work/$mode.db"
  AUTH_SECRET=gatehouse-reference-test-secret-0123456789 QT_LOGGING_RULES="gatehouse.*.info=false" \
    "$server" --config "$work/$mode.json" --listen "127.0.0.1:$port" --threads "$THREADS" >"$work/$mode.log" 2>&1 &
  SRV=$!
  wait_port "$port"
  samples="$work/$mode-rss.tsv"
  echo -e "seconds\trss_kb" >"$samples"
  "$client" --base "http://127.0.0.1:$port" --seconds "$DURATION" --users "$USERS" >"$work/$mode-client.txt" 2>&1 &
  CLI=$!
  start=$(date +%s)
  while kill -0 "$CLI" 2>/dev/null; do
    echo -e "$(($(date +%s) - start))\t$(rss_kb "$SRV")" >>"$samples"
    sleep "$SAMPLE"
  done
  client_status=0; wait "$CLI" || client_status=$?
  kill "$SRV"; wait "$SRV" 2>/dev/null || true; SRV=""

  # RSS at the end of the warm-up: the first sample at or after WARMUP; at the end: the last one.
  read -r warm end peak < <(awk -v w="$WARMUP" 'NR > 1 { if (!seen && $1 >= w) { warm = $2; seen = 1 } last = $2; if ($2 > peak) peak = $2 }
    END { print warm, last, peak }' "$samples")
  growth=$(awk -v a="$warm" -v b="$end" 'BEGIN { printf "%.1f", (b - a) * 100 / a }')
  verdict=$(awk -v g="$growth" -v m="$MAX_GROWTH" 'BEGIN { print (g < m ? "flat" : "GROWING") }')
  echo
  echo "## $mode sessions on SQLite"
  cat "$work/$mode-client.txt"
  awk -v w="$WARMUP" -v a="$warm" -v b="$end" -v p="$peak" -v g="$growth" -v m="$MAX_GROWTH" -v v="$verdict" 'BEGIN {
    printf "RSS after warm-up (%s s): %.1f MB   at the end: %.1f MB   peak: %.1f MB   growth: %s%% (limit %s%%): %s\n",
      w, a / 1024, b / 1024, p / 1024, g, m, v }'
  [ "$client_status" = 0 ] || { echo "the client saw unexpected answers (above)"; failed=1; }
  [ "$verdict" = flat ] || failed=1
  if [ -n "${KEEP:-}" ]; then
    mkdir -p "$KEEP"; cp "$samples" "$work/$mode.log" "$work/$mode-client.txt" "$KEEP/"
  fi
done
exit "$failed"
