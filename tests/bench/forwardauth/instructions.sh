#!/usr/bin/env bash
# Instructions per forward-auth check in gatehouse-server (callgrind): the server, configured as
# bench.sh configures it (JWT sessions without an adapter, or database sessions on SQLite), runs
# under callgrind with one thread; one curl sends N checks to {basePath}/authz/auth-request on
# one kept-alive connection, as nginx's upstream keepalive pool does, with a signed-in Cookie
# header. Each figure is the difference between a run of N2 checks and one of N1, divided by
# N2 - N1, so that start-up, sign-in and shutdown cancel out; callgrind counts every thread.
#   tests/bench/forwardauth/instructions.sh
#   BUILD=build BASELINE=/path/to/other/build tests/bench/forwardauth/instructions.sh
# env: BUILD (./build), BASELINE (none), MODES (jwt database), N1 (500), N2 (2500); needs
# valgrind and curl. Everything listens on 127.0.0.1.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
source "$here/../benchtools.sh"
N1=${N1:-500}; N2=${N2:-2500}; MODES=${MODES:-jwt database}
builds=("${BUILD:-$root/build}")
[ -n "${BASELINE:-}" ] && builds=("$BASELINE" "${BUILD:-$root/build}")
secret=gatehouse-reference-test-secret-0123456789
for tool in valgrind curl; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: bash packaging/install-deps.sh" >&2; exit 1; }
done
for b in "${builds[@]}"; do
  [ -x "$b/server/gatehouse-server" ] || { echo "no $b/server/gatehouse-server: build first" >&2; exit 1; }
done
work=$(mktemp -d /tmp/gatehouse-forwardauth-instructions.XXXXXX)
SRV=""
cleanup() { [ -n "$SRV" ] && kill "$SRV" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

config() { # mode -> the configuration file (bench.sh's)
  local adapter=""
  [ "$1" = database ] && adapter="sqlite://$work/$1.db"
  forwardauth_config "$work/$1.json" "$1" "$adapter"
  echo "$work/$1.json"
}

total() { # build mode checks -> instructions of the whole server run
  local server="$1/server/gatehouse-server" cfg port jar="$work/jar" base
  cfg=$(config "$2"); rm -f "$work/$2.db"* "$jar"
  [ "$2" = database ] && AUTH_SECRET=$secret "$server" migrate --config "$cfg" >/dev/null
  port=$(free_port); base="http://127.0.0.1:$port"
  AUTH_SECRET=$secret QT_LOGGING_RULES="gatehouse.*.info=false" \
    valgrind --tool=callgrind --callgrind-out-file="$work/out" \
    "$server" --config "$cfg" --listen "127.0.0.1:$port" --threads 1 >"$work/server.log" 2>&1 &
  SRV=$!; wait_port "$port" 600
  local csrf cookie
  csrf=$(curl -s -c "$jar" -b "$jar" "$base/auth/csrf" | sed -E 's/.*"csrfToken":"([0-9a-f]+)".*/\1/')
  curl -s -o /dev/null -c "$jar" -b "$jar" --data-urlencode "csrfToken=$csrf" --data-urlencode username=alice \
    --data-urlencode password=alice-password "$base/auth/callback/credentials"
  cookie=$(awk '{sub(/^#HttpOnly_/, "")} !/^#/ && NF==7 && $6 ~ /session-token/ {printf "%s=%s", $6, $7}' "$jar")
  [ -n "$cookie" ] || { echo "$2: sign-in gave no session cookie" >&2; exit 1; }
  # One curl, one connection, N checks; every one must be a bodiless 200.
  for _ in $(seq 1 "$3"); do printf 'url = "%s/auth/authz/auth-request"\noutput = "/dev/null"\n' "$base"; done >"$work/checks"
  local codes
  codes=$(curl -s -K "$work/checks" -H "Cookie: $cookie" -H "X-Original-URL: http://app.example.test/page" \
    -H "X-Original-Method: GET" -w '%{http_code}\n' | sort | uniq -c | awk '{printf "%s x%s ", $2, $1}')
  [ "$codes" = "200 x$3 " ] || { echo "$2: expected $3 answers 200, got: $codes" >&2; exit 1; }
  kill "$SRV"; wait "$SRV" 2>/dev/null || true; SRV=""
  [ -n "${KEEP_PROFILE:-}" ] && cp "$work/out" "$KEEP_PROFILE.$2.$3"
  sed -n 's/^summary: *//p' "$work/out"
}
per_check() { # build mode
  local a b
  a=$(total "$1" "$2" "$N1"); b=$(total "$1" "$2" "$N2")
  awk -v a="$a" -v b="$b" -v n="$((N2 - N1))" 'BEGIN { printf "%.0f", (b - a) / n }'
}

echo "# {basePath}/authz/auth-request in gatehouse-server, instructions per check (callgrind, N1=$N1 N2=$N2, 1 thread)"
printf '%-40s' build; for mode in $MODES; do printf ' %12s' "$mode"; done; echo
for b in "${builds[@]}"; do
  printf '%-40s' "$b"
  for mode in $MODES; do printf ' %12s' "$(per_check "$b" "$mode")"; done
  echo
done
