#!/usr/bin/env bash
# The sanitizer tier: builds ./build-sanitize with AddressSanitizer, LeakSanitizer and UBSan
# (cmake/GatehouseSanitize.cmake) and runs the unit and integration tiers there; any sanitizer
# report, in a test or in a process it starts, fails the run (tests/sanitize/README.md).
# The e2e and gui tiers run on the normal build only (packaging/test.sh).
#
#   packaging/test-sanitize.sh [build|test] [CMake arguments...]
#
# `build` only configures and builds, `test` only runs the tiers of a build made before
# (packaging/test.sh builds while the normal tier runs); neither: both. Other arguments go to CMake.
set -euo pipefail
cd "$(dirname "$0")/.."
step=all
case "${1:-}" in build|test) step=$1; shift ;; esac
launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# Only the test folders of the two tiers are built (the interop test is in the integration tier),
# and the fuzz targets: their modules are compiled once here, with the sanitizers and the fuzzer's
# coverage instrumentation, instead of a second time in a build of their own (tests/fuzz/run.sh
# short runs them from this build when FUZZ_BUILD_DIR names it, as packaging/test.sh does).
if [ "$step" != test ]; then
  dirs="$(cd tests && printf '%s;' unit/* integration/* interop/*)package;fuzz"
  # clang, like the fuzz targets (tests/fuzz): its sanitizer runtimes and llvm-symbolizer are
  # installed for them anyway.
  cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DGATEHOUSE_SANITIZE=address,undefined -DGATEHOUSE_BUILD_BENCHMARKS=OFF -DGATEHOUSE_FUZZ=ON \
    "-DGATEHOUSE_TEST_DIRS=$dirs" "${launcher[@]}" "$@" >/dev/null
  built=$SECONDS
  cmake --build build-sanitize -j"$(nproc)"
  echo "test-sanitize.sh: build took $((SECONDS - built)) s"
fi
[ "$step" = build ] && exit 0
cd build-sanitize
# Twice as many tests as cores: they wait on servers, sockets and timers most of the time
# (tests/bench/buildtime/README.md).
if ! ctest -L 'unit|integration' --output-on-failure -j"$(( $(nproc) * 2 ))" --timeout 900; then
  ../packaging/failed-test-tails.sh .
  exit 1
fi
