#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite through CTest, then the
# sanitizer tier (packaging/test-sanitize.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/install-deps.sh
packaging/build.sh
(cd build && ctest --output-on-failure -j"$(nproc)" --timeout 600)
# The unit and integration tiers again, under AddressSanitizer, LeakSanitizer and UBSan.
packaging/test-sanitize.sh
