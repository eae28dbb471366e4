#!/usr/bin/env bash
# Installs what is missing, builds, and starts gatehouse-server with the demo configuration.
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/install-deps.sh --run
packaging/build.sh -DGATEHOUSE_BUILD_TESTS=OFF
cd packaging/examples/demo
args=(--config gatehouse.json --listen "${LISTEN:-127.0.0.1:3000}")
# Without AUTH_SECRET the demo runs in development mode with an ephemeral secret.
[ -n "${AUTH_SECRET:-}" ] || args+=(--dev)
exec ../../../build/server/gatehouse-server "${args[@]}"
