#!/usr/bin/env bash
# Installs what is missing, builds, and starts gatehouse-server with the demo configuration:
# built-in password sign-in on the SQLite file packaging/examples/demo/gatehouse.db (created on
# the first start, with the demo user demo@example.test / demo-password).
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/install-deps.sh --run
packaging/build.sh -DGATEHOUSE_BUILD_TESTS=OFF
cd packaging/examples/demo
server=../../../build/server/gatehouse-server
"$server" migrate --config gatehouse.json
if ! "$server" user list --config gatehouse.json --search demo@example.test | grep -q ' demo@example\.test '; then
    printf 'demo-password\n' | "$server" user add demo@example.test --name "Demo User" --password-stdin --config gatehouse.json
fi
args=(--config gatehouse.json --listen "${LISTEN:-127.0.0.1:3000}")
# Without AUTH_SECRET the demo runs in development mode with an ephemeral secret.
[ -n "${AUTH_SECRET:-}" ] || args+=(--dev)
exec "$server" "${args[@]}"
