#!/usr/bin/env bash
# Instructions per request of two bench_httpserverpool builds (callgrind, one serving thread):
# with one kept-alive connection (the request path), and with a new connection per request
# (Connection: close: accept, admission, close). Each figure is the difference between a run of
# N2 and one of N1 requests, divided by N2 - N1, so that start-up and shutdown cancel out.
# Unlike requests per second it does not depend on what else the machine is doing.
#   tests/bench/http/instructions.sh BEFORE AFTER
# env: N1 (1000), N2 (5000); needs valgrind and curl.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../benchtools.sh"
[ $# -eq 2 ] || { sed -n '2,8p' "$0" >&2; exit 2; }
N1=${N1:-1000}; N2=${N2:-5000}
command -v valgrind >/dev/null || { echo "valgrind is missing: apt-get install valgrind" >&2; exit 1; }
work=$(mktemp -d /tmp/gatehouse-instructions.XXXXXX)
trap 'rm -rf "$work"' EXIT

total() { # binary, load (keep-alive|close), requests -> instructions of the whole run
  local port pid=""
  for _ in 1 2 3; do
    # A free port may still be bound by a closing connection: then the server ends; take another.
    port=$(free_port)
    QT_NO_GLIB=1 valgrind --tool=callgrind --callgrind-out-file="$work/out" \
      "$1" --threads 1 --port "$port" --seconds 600 --requests "$3" >/dev/null 2>&1 &
    pid=$!
    while kill -0 "$pid" 2>/dev/null && ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && break
    wait "$pid" || true; pid=""
  done
  [ -n "$pid" ] || { echo "cannot start $1" >&2; exit 1; }
  local extra=(); [ "$2" = close ] && extra=(-H "Connection: close")
  # URL globbing: N requests in turn, on one connection unless it is closed (4-digit queries,
  # so that every request is as long as the others).
  curl -s -o /dev/null "${extra[@]+"${extra[@]}"}" "http://127.0.0.1:$port/auth/session?q=[1000-$((999 + $3))]"
  wait "$pid"
  callgrind_annotate "$work/out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}'
}

printf "# instructions per request (callgrind), before %s, after %s, (I(%s) - I(%s)) / %s\n" \
  "$1" "$2" "$N2" "$N1" "$((N2 - N1))"
printf "%-10s %12s %12s %8s\n" load before after change
for load in keep-alive close; do
  b=$(( ($(total "$1" $load "$N2") - $(total "$1" $load "$N1")) / (N2 - N1) ))
  a=$(( ($(total "$2" $load "$N2") - $(total "$2" $load "$N1")) / (N2 - N1) ))
  printf "%-10s %12d %12d %7.1f%%\n" $load "$b" "$a" "$(awk -v b="$b" -v a="$a" 'BEGIN { print (a - b) * 100 / b }')"
done
