#!/usr/bin/env bash
# Instructions per request that counting adds in the engine: bench_metrics serving GET
# /auth/session with metrics off, then on, under callgrind. Each figure is the difference between
# a run of N2 and one of N1 requests, divided by N2 - N1, so that start-up and shutdown cancel
# out. Unlike time it does not depend on what else the machine is doing.
#   BUILD=build tests/bench/metrics/instructions.sh
# env: BUILD (build), N1 (1000), N2 (5000); needs valgrind.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench="${BUILD:-build}/tests/bench/metrics/bench_metrics"
N1=${N1:-1000}; N2=${N2:-5000}
[ -x "$bench" ] || { echo "$bench is missing: cmake --build ${BUILD:-build} --target bench_metrics" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "valgrind is missing: apt-get install valgrind" >&2; exit 1; }
work=$(mktemp -d /tmp/gatehouse-metrics-instructions.XXXXXX)
trap 'rm -rf "$work"' EXIT

total() { # off|on, requests -> instructions of the whole run
  valgrind --tool=callgrind --callgrind-out-file="$work/out" "$bench" "$1" "$2" >/dev/null 2>&1
  sed -n 's/^summary: *//p' "$work/out"
}

per_request() { # off|on
  local a b
  a=$(total "$1" "$N1"); b=$(total "$1" "$N2")
  awk -v a="$a" -v b="$b" -v n="$((N2 - N1))" 'BEGIN { printf "%.1f", (b - a) / n }'
}

off=$(per_request off)
on=$(per_request on)
echo "# GET /auth/session in Auth::handle(), instructions per request (callgrind, N1=$N1 N2=$N2)"
printf '%-8s %10s\n' off "$off" on "$on"
awk -v off="$off" -v on="$on" 'BEGIN { printf "%-8s %10.1f  (%.2f %%)\n", "added", on - off, (on - off) * 100 / off }'
