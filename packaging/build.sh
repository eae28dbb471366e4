#!/usr/bin/env bash
# Configures and builds Gatehouse into ./build (Release with debug info).
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=()
# ccache, when installed, makes rebuilds of a fresh checkout fast; nothing depends on it.
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" "$@" >/dev/null
cmake --build build -j"$(nproc)"
