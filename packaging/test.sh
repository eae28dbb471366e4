#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite through CTest, then the unit
# and integration tiers again under the sanitizers (packaging/test-sanitize.sh), then the short
# fuzz runs (tests/fuzz/run.sh). GATEHOUSE_SANITIZER_TIER=0 leaves the sanitizer tier out of a
# quick local run; CI always runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase says how long it took, so a slow run shows where (tests/bench/buildtime/README.md).
phase_start=$SECONDS
took() { echo "test.sh: $1 took $((SECONDS - phase_start)) s (${SECONDS} s in all)"; phase_start=$SECONDS; }
packaging/install-deps.sh
took install-deps
packaging/build.sh
took build
(cd build && ctest --output-on-failure -j"$(nproc)" --timeout 600)
took "normal tier (ctest)"

# The unit and integration tiers again, built with AddressSanitizer, LeakSanitizer and UBSan in
# build-sanitize (tests/sanitize/README.md); any sanitizer report fails.
# The fuzz targets are built there too, beside the tests.
if [ "${GATEHOUSE_SANITIZER_TIER:-1}" != 0 ]; then
  packaging/test-sanitize.sh
  took "sanitizer tier (build and ctest)"
  export FUZZ_BUILD_DIR="$PWD/build-sanitize"
fi

# Fuzzing: every libFuzzer target of tests/fuzz, built with clang (in build-sanitize, or in
# build-fuzz without the sanitizer tier), runs for a bounded time under AddressSanitizer/UBSan;
# a crash, leak, timeout or property violation fails.
tests/fuzz/run.sh short
took "fuzz (build and runs)"
