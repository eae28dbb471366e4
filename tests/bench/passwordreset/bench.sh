#!/usr/bin/env bash
# How long "Forgot your password?" takes to answer, by kind of address: the e2e suite's
# sameanswer.e2e.mjs with more rounds (a person with a password, one without, a disabled person,
# an unknown address, in turns, each round in another order), against gatehouse-server on a
# SQLite file with the email suite's SMTP sink. Prints the store work and the median, min and max
# time of each kind. Not part of CTest: the times depend on the machine.
#   tests/bench/passwordreset/bench.sh              200 rounds
#   ROUNDS=500 tests/bench/passwordreset/bench.sh
# env: BUILD (./build), ROUNDS (200). Needs the npm fixtures of the e2e suites installed once:
#   (cd build && ctest -R 'email_e2e_npm_ci|passwordreset_e2e_npm_ci')
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
BUILD=${BUILD:-$root/build}
ROUNDS=${ROUNDS:-200}
server="$BUILD/server/gatehouse-server"
script="$BUILD/tests/e2e/passwordreset/node/sameanswer.e2e.mjs"
sink="$BUILD/tests/e2e/email/node/smtpsink.mjs"
[ -x "$server" ] || { echo "no $server: build first" >&2; exit 1; }
for f in "$script" "$sink"; do [ -f "$f" ] || { echo "no $f: run cmake" >&2; exit 1; }; done
[ -d "$BUILD/tests/e2e/passwordreset/node/node_modules" ] && [ -d "$BUILD/tests/e2e/email/node/node_modules" ] \
  || { echo "npm fixtures missing: (cd $BUILD && ctest -R 'email_e2e_npm_ci|passwordreset_e2e_npm_ci')" >&2; exit 1; }
printf "# password reset answer times  date: %s  nproc: %s  rounds: %s\n" \
  "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(nproc)" "$ROUNDS"
node "$script" --server "$server" --smtp-sink "$sink" --rounds "$ROUNDS"
