#!/usr/bin/env bash
# The test build: ./build-sanitize, built with clang, AddressSanitizer, LeakSanitizer and UBSan
# (cmake/GatehouseSanitize.cmake) and the fuzz targets, with every test folder; the whole suite
# runs there, once, and any sanitizer report, in a test or in a process it starts, fails it
# (tests/sanitize/README.md). packaging/test.sh (the README's test command) runs this.
#
#   packaging/test-sanitize.sh [build|test] [arguments...]
#
# `build` only configures and builds (other arguments go to CMake); `test` only runs the suite
# of a build made before (other arguments go to CTest: `test -L unit`, `test -R tst_cookies`);
# neither: both, with the arguments going to CMake.
set -euo pipefail
cd "$(dirname "$0")/.."
step=all
case "${1:-}" in build|test) step=$1; shift ;; esac
launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
if [ "$step" != test ]; then
  # clang, like the fuzz targets (tests/fuzz), whose coverage instrumentation the modules they
  # link get here too: tests/fuzz/run.sh short runs them from this build (FUZZ_BUILD_DIR).
  # The prefix /usr is the Debian packages' (the package tier packages this tree).
  cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_INSTALL_PREFIX=/usr -DGATEHOUSE_SANITIZE=address,undefined -DGATEHOUSE_BUILD_BENCHMARKS=OFF \
    -DGATEHOUSE_FUZZ=ON "-DGATEHOUSE_TEST_DIRS=" "${launcher[@]}" "$@" >/dev/null
  set -- 
  built=$SECONDS
  cmake --build build-sanitize -j"$(nproc)"
  echo "test-sanitize.sh: build took $((SECONDS - built)) s"
fi
[ "$step" = build ] && exit 0
cd build-sanitize
# Twice as many tests as cores: they wait on servers, sockets and timers most of the time
# (tests/bench/buildtime/README.md).
if ! ctest --output-on-failure -j"$(( $(nproc) * 2 ))" --timeout 900 "$@"; then
  ../packaging/failed-test-tails.sh .
  exit 1
fi
