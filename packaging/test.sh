#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite through CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/install-deps.sh
packaging/build.sh
(cd build && ctest --output-on-failure -j"$(nproc)" --timeout 600)

# Fuzzing: every libFuzzer target of tests/fuzz, built with clang in build-fuzz, runs for a
# bounded time under AddressSanitizer/UBSan; a crash, leak, timeout or property violation fails.
tests/fuzz/run.sh short
