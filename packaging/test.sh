#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite through CTest, then the unit
# and integration tiers again under the sanitizers (packaging/test-sanitize.sh), then the short
# fuzz runs (tests/fuzz/run.sh). GATEHOUSE_SANITIZER_TIER=0 leaves the sanitizer tier out of a
# quick local run; CI always runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase says how long it took and how much processor time it used, so a slow run shows
# where (tests/bench/buildtime/README.md).
TIMEFORMAT='test.sh: %R s wall, %U s user and %S s system of processor time in:'
phase_start=$SECONDS
took() { echo "test.sh: $1 took $((SECONDS - phase_start)) s (${SECONDS} s in all)"; phase_start=$SECONDS; }
sanitizer_tier=${GATEHOUSE_SANITIZER_TIER:-1}
# The tests wait on servers, sockets and timers most of the time: twice as many as cores at once.
test_jobs=$(( $(nproc) * 2 ))

packaging/install-deps.sh
took install-deps
time packaging/build.sh
took build

# The sanitizer build (tests/sanitize/README.md) starts now, at the lowest priority, beside the
# normal tier: the tests leave the processors idle more than half the time, and the build takes
# only what they leave. Its output goes to build-sanitize/build.log, shown if it fails; it runs
# in a process group of its own, stopped with everything in it if this script stops first.
sanitize_build=
sanitize_log=build-sanitize/build.log
if [ "$sanitizer_tier" != 0 ]; then
  mkdir -p build-sanitize
  setsid nice -n 19 packaging/test-sanitize.sh build >"$sanitize_log" 2>&1 &
  sanitize_build=$!
  trap '[ -z "$sanitize_build" ] || kill -- "-$sanitize_build" 2>/dev/null; true' EXIT
fi
# A failed tier repeats the end of each failed test's output last, where a truncated log keeps it.
if ! time (cd build && ctest --output-on-failure -j"$test_jobs" --timeout 600); then
  packaging/failed-test-tails.sh build
  exit 1
fi
took "normal tier (ctest)"

# The unit and integration tiers again, built with AddressSanitizer, LeakSanitizer and UBSan in
# build-sanitize; any sanitizer report fails. The fuzz targets are built there too.
if [ "$sanitizer_tier" != 0 ]; then
  if ! wait "$sanitize_build"; then
    # A compiler killed beside the tests (the kernel's out-of-memory killer leaves no message)
    # stops the build with no error printed. It resumes once, alone: a real compile error stops
    # it again at once, and is shown.
    sanitize_build=
    echo "test.sh: the sanitizer build stopped beside the tests; its last lines, and the memory then:"
    tail -n 40 "$sanitize_log"
    free -m; df -h . /dev/shm 2>/dev/null || true; dmesg 2>/dev/null | tail -n 5 || true
    echo "test.sh: resuming the sanitizer build alone"
    if ! packaging/test-sanitize.sh build >>"$sanitize_log" 2>&1; then
      tail -n 200 "$sanitize_log"
      echo "test.sh: the sanitizer build failed ($sanitize_log)" >&2
      exit 1
    fi
  fi
  sanitize_build=
  grep '^test-sanitize.sh:' "$sanitize_log" || true
  took "sanitizer build (what the normal tier left of it)"
  time packaging/test-sanitize.sh test
  took "sanitizer tier (ctest)"
  export FUZZ_BUILD_DIR="$PWD/build-sanitize"
fi

# Fuzzing: every libFuzzer target of tests/fuzz, built with clang (in build-sanitize, or in
# build-fuzz without the sanitizer tier), runs for a bounded time under AddressSanitizer/UBSan;
# a crash, leak, timeout or property violation fails.
tests/fuzz/run.sh short
took "fuzz (build and runs)"
