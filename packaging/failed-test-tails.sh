#!/usr/bin/env bash
# Prints the last lines of each failed test's output from a CTest run in build directory $1.
# CTest prints a failed test's whole output where it fails, amid the others; a log reader that
# keeps only a run's head and tail then loses the lines that say why (a crash's stack, the
# failed comparison). This repeats them at the end.
set -uo pipefail
build=${1:?usage: failed-test-tails.sh BUILD_DIR [LINES]}
lines=${2:-60}
failed="$build/Testing/Temporary/LastTestsFailed.log"
log="$build/Testing/Temporary/LastTest.log"
[ -f "$failed" ] && [ -f "$log" ] || exit 0
while IFS=: read -r _ name; do
  [ -n "$name" ] || continue
  echo "=== the last $lines lines of $name's output ($build) ==="
  # A test's section runs from "N/M Testing: name" to "<end of output>".
  section=$(awk -v name="$name" '
    $0 ~ "^[0-9]+/[0-9]+ Testing: " name "$" { inside = 1; next }
    inside && /^<end of output>$/ { inside = 0 }
    inside' "$log")
  # A test program runs several QtTest classes; the one that failed may be far above the tail.
  if grep -q -E '^(FAIL!|XPASS|QFATAL)' <<<"$section"; then
    echo "--- its failed checks ---"
    grep -A3 -E '^(FAIL!|XPASS|QFATAL)' <<<"$section" | head -n 40
    echo "--- its last lines ---"
  fi
  # Informational lines (a migration's nineteen steps, each time) would push the failure out.
  grep -v -E '^(QINFO|QDEBUG) ' <<<"$section" | tail -n "$lines"
done <"$failed"
