#!/usr/bin/env bash
# Runs one test of a sanitizer build (CTest calls it when GATEHOUSE_SANITIZE is set):
#   run-test.sh <test program> [arguments...]
# The test and every process it starts (gatehouse-server, its commands) write their sanitizer
# reports into a folder of this run instead of stderr, so a report of a child process that the
# test ignores or kills is not lost: any report fails the test and is printed here.
# Options given in the environment (ASAN_OPTIONS, ...) come after ours and win.
set -u
here=$(cd "$(dirname "$0")" && pwd)
reports=$(mktemp -d "${TMPDIR:-/tmp}/gatehouse-sanitizer.XXXXXX")
trap 'rm -rf "$reports"' EXIT

# halt_on_error: the first report ends the process (UBSan is also built with -fno-sanitize-recover).
# detect_stack_use_after_return: finds views (QStringView, QByteArrayView, QLatin1String) and
# references that outlive the function whose local they point into.
# LeakSanitizer suppressions: only leaks inside Qt or system libraries, see lsan.supp.
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1:log_path=$reports/asan${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=$reports/ubsan${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

"$@"
status=$?

# A short digest before each report: CI may show only the start of the output, and a leak's
# first frames are often inside a library (libcurl, Qt) built without frame pointers.
digest() {
    grep -m1 '^SUMMARY' "$1"
    echo "the project's frame nearest each finding:"
    awk '/^(Direct|Indirect) leak of|ERROR: |runtime error/ { want = 1; next }
         want && /#[0-9]+ / && /\/(lib\/src|server|admin|tests)\/[^ ]*\.(cpp|h):[0-9]+/ {
             sub(/^ *#[0-9]+ 0x[0-9a-f]+ in /, "  "); print; want = 0 }' "$1" | awk '!seen[$0]++' | head -n 12
    echo "---- the whole report ----"
}

found=0
for report in "$reports"/*; do
    [ -e "$report" ] || continue
    found=1
    echo "==== sanitizer report: ${report##*/} (pid ${report##*.}) ====" >&2
    digest "$report" >&2
    cat "$report" >&2
done
if [ "$found" = 1 ]; then
    echo "run-test.sh: sanitizer reports above; the test fails" >&2
    [ "$status" = 0 ] && status=1
fi
exit "$status"
