#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite through CTest, then the short
# fuzz runs (tests/fuzz/run.sh); GATEHOUSE_SANITIZER_TIER=1 adds the sanitizer tier
# (packaging/test-sanitize.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/install-deps.sh
packaging/build.sh
(cd build && ctest --output-on-failure -j"$(nproc)" --timeout 600)

# Fuzzing: every libFuzzer target of tests/fuzz, built with clang in build-fuzz, runs for a
# bounded time under AddressSanitizer/UBSan; a crash, leak, timeout or property violation fails.
tests/fuzz/run.sh short

# The unit and integration tiers again, under AddressSanitizer, LeakSanitizer and UBSan. Not
# yet part of every run: the tier has not completed once (tests/sanitize/README.md); until it
# has, GATEHOUSE_SANITIZER_TIER=1 runs it.
if [ "${GATEHOUSE_SANITIZER_TIER:-0}" = 1 ]; then
  packaging/test-sanitize.sh
fi
