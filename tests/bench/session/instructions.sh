#!/usr/bin/env bash
# Instructions per JWT session read (GET /auth/session in Auth::handle(), bench_sessionread)
# under callgrind, with no adapter and with a SqlAdapter on SQLite, for one build or two (this
# branch and a baseline build of another revision with the same bench source). Each figure is
# the difference between a run of N2 and one of N1 requests, divided by N2 - N1, so that start-up
# and shutdown cancel out; callgrind counts every thread (the storage thread's query included).
#   BUILD=build BASELINE=/path/to/other/build tests/bench/session/instructions.sh
#   ENDPOINT=authz tests/bench/session/instructions.sh   # the forward-auth check instead
# env: BUILD (build), BASELINE (none), N1 (500), N2 (2500), ENDPOINT (session | authz:
# GET /auth/authz/auth-request with the same cookie); needs valgrind.
set -euo pipefail
N1=${N1:-500}; N2=${N2:-2500}; ENDPOINT=${ENDPOINT:-session}
builds=("${BUILD:-build}")
[ -n "${BASELINE:-}" ] && builds=("$BASELINE" "${BUILD:-build}")
command -v valgrind >/dev/null || { echo "valgrind is missing: apt-get install valgrind" >&2; exit 1; }
for b in "${builds[@]}"; do
  [ -x "$b/tests/bench/session/bench_sessionread" ] ||
    { echo "$b/tests/bench/session/bench_sessionread is missing: cmake --build $b --target bench_sessionread" >&2; exit 1; }
done
work=$(mktemp -d /tmp/gatehouse-session-instructions.XXXXXX)
trap 'rm -rf "$work"' EXIT

total() { # build mode requests -> instructions of the whole run
  QT_LOGGING_RULES="gatehouse.*.info=false" valgrind --tool=callgrind --callgrind-out-file="$work/out" \
    "$1/tests/bench/session/bench_sessionread" "$2" "$3" "$ENDPOINT" >/dev/null 2>&1
  sed -n 's/^summary: *//p' "$work/out"
}
per_request() { # build mode
  local a b
  a=$(total "$1" "$2" "$N1"); b=$(total "$1" "$2" "$N2")
  awk -v a="$a" -v b="$b" -v n="$((N2 - N1))" 'BEGIN { printf "%.0f", (b - a) / n }'
}

path=/auth/session; [ "$ENDPOINT" = authz ] && path=/auth/authz/auth-request
echo "# GET $path (JWT) in Auth::handle(), instructions per request (callgrind, N1=$N1 N2=$N2)"
printf '%-40s %12s %12s %10s\n' build "no adapter" "SQLite" "added"
for b in "${builds[@]}"; do
  none=$(per_request "$b" none); sqlite=$(per_request "$b" sqlite)
  awk -v b="$b" -v n="$none" -v s="$sqlite" \
    'BEGIN { printf "%-40s %12d %12d %9.1f %%\n", b, n, s, (s - n) * 100 / n }'
done
