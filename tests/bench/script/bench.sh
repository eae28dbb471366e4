#!/usr/bin/env bash
# The JavaScript callbacks with QJSEngine's JIT and with its interpreter, alternating ROUNDS
# times (default 3) in one run: the packaged unit forces the interpreter so that it can set
# MemoryDenyWriteExecute=yes (README.md, "Install as a service").
set -euo pipefail
bench=${1:-build/tests/bench/script/bench_script}
for round in $(seq "${ROUNDS:-3}"); do
  env -u QV4_FORCE_INTERPRETER "$bench"
  QV4_FORCE_INTERPRETER=1 "$bench"
done
