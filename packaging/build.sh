#!/usr/bin/env bash
# Configures and builds Gatehouse into ./build (Release with debug info).
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=()
# ccache, when installed, makes rebuilds of a fresh checkout fast; nothing depends on it.
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# The prefix /usr is the Debian packages' (packaging/package.sh installs this tree for them);
# `cmake --install build --prefix DIR` installs elsewhere.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=/usr "${launcher[@]}" "$@" >/dev/null
cmake --build build -j"$(nproc)"
