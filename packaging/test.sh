#!/usr/bin/env bash
# The README's test command, which CI runs: installs what is missing, builds the test build
# (build-sanitize: clang, AddressSanitizer, LeakSanitizer and UBSan, every test folder and the
# fuzz targets; packaging/test-sanitize.sh), runs the whole suite there once through CTest, and
# then every fuzz target briefly from the same build (tests/fuzz/run.sh short).
#
# GATEHOUSE_TEST_BUILD=release bash packaging/test.sh is a quick local run instead: the release
# build of packaging/build.sh (GCC, ./build) and the whole suite there, without the sanitizers
# and without the fuzz runs. CI always runs the default.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase says how long it took and how much processor time it used, so a slow run shows
# where (tests/bench/buildtime/README.md).
TIMEFORMAT='test.sh: %R s wall, %U s user and %S s system of processor time in:'
phase_start=$SECONDS
took() { echo "test.sh: $1 took $((SECONDS - phase_start)) s (${SECONDS} s in all)"; phase_start=$SECONDS; }
test_build=${GATEHOUSE_TEST_BUILD:-sanitize}
case "$test_build" in
sanitize|release) ;;
*) echo "test.sh: GATEHOUSE_TEST_BUILD is sanitize (the default) or release, not '$test_build'" >&2; exit 2 ;;
esac
# A build that stops with no error printed was most likely a compiler killed for memory (the
# kernel's out-of-memory killer leaves no message in the build's output): say what memory was.
build_failed() {
  echo "test.sh: the build failed (its last lines are above); the memory and the disk now:" >&2
  free -m; df -h . /dev/shm 2>/dev/null || true; dmesg 2>/dev/null | tail -n 5 || true
  exit 1
}

packaging/install-deps.sh
took install-deps

if [ "$test_build" = release ]; then
  time packaging/build.sh || build_failed
  took build
  # The tests wait on servers, sockets and timers most of the time: twice as many as cores at once.
  # A failed run repeats the end of each failed test's output last, where a truncated log keeps it.
  if ! time (cd build && ctest --output-on-failure -j"$(( $(nproc) * 2 ))" --timeout 600); then
    packaging/failed-test-tails.sh build
    exit 1
  fi
  took "tests (ctest, release build)"
  exit 0
fi

time packaging/test-sanitize.sh build || build_failed
took build
# test-sanitize.sh repeats each failed test's last lines after the run.
time packaging/test-sanitize.sh test
took "tests (ctest, under the sanitizers)"

# Fuzzing: every libFuzzer target of tests/fuzz, built above, runs for a bounded time under
# AddressSanitizer/UBSan; a crash, leak, timeout or property violation fails.
FUZZ_BUILD_DIR="$PWD/build-sanitize" tests/fuzz/run.sh short
took "fuzz (runs)"
