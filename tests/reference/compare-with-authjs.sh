#!/usr/bin/env bash
# Runs the Auth.js reference client (../shared/reference/authjs/transcript.mjs) against the
# real Auth.js server and against gatehouse-server configured the same way, and prints the
# differences between the two transcripts after normalising what differs on every run
# (ports, random tokens, dates). Run by hand; the result goes into the closing notes.
#   tests/reference/compare-with-authjs.sh [jwt|database]
# env: BUILD (default ./build), REFERENCE (default ../shared/reference/authjs), KEEP=1 keeps the work dir
set -euo pipefail
mode=${1:-jwt}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
BUILD=${BUILD:-$root/build}
REFERENCE=${REFERENCE:-$root/../shared/reference/authjs}
server="$BUILD/server/gatehouse-server"
[ -x "$server" ] || { echo "no $server: build first (packaging/build.sh)" >&2; exit 1; }
[ -d "$REFERENCE" ] || { echo "no reference harness at $REFERENCE" >&2; exit 1; }

work=$(mktemp -d /tmp/gatehouse-compare.XXXXXX)
chmod 755 "$work"  # pg.sh runs psql as the postgres user from inside the copy
pids=()
cleanup() {
  for p in "${pids[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done
  (cd "$work/ref" 2>/dev/null && ./run.sh stop >/dev/null 2>&1) || true
  [ "${KEEP:-0}" = 1 ] && echo "kept $work" || rm -rf "$work"
}
trap cleanup EXIT
wait_port() { for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.1; done; echo "port $1 did not open" >&2; return 1; }

cp -r "$REFERENCE" "$work/ref" && chmod -R u+w "$work/ref"
(cd "$work/ref" && npm ci --silent >/dev/null)
secret=gatehouse-reference-test-secret-0123456789

# 1. The reference: Auth.js on 9300 (+ untrusted twin on 9302), IdP on 9400, mail sink on 9425.
# A fresh cluster: Gatehouse's migrations from an earlier run must not be in Auth.js's database.
[ "$mode" = database ] && (cd "$work/ref" && ./pg.sh reset >/dev/null)
(cd "$work/ref" && ./run.sh start "$mode" >/dev/null)
[ "$mode" = database ] && (cd "$work/ref" && ./pg.sh truncate >/dev/null)
(cd "$work/ref" && STRATEGY=$mode BASE_URL=http://127.0.0.1:9300 UNTRUSTED_URL=http://127.0.0.1:9302 \
  node transcript.mjs >"$work/authjs.txt")

# 2. Gatehouse on 9301 (a client port the reference IdP accepts) and an untrusted twin on 9311.
mkdir -p "$work/gh"
cp "$here/callbacks.js" "$work/gh/callbacks.js"
adapter=""
email=""
if [ "$mode" = database ]; then
  # As the reference: its PostgreSQL database, and an email provider sending to its mail sink.
  adapter=', "adapter": { "url": "postgresql://postgres@127.0.0.1:55433/authjs" }'
  email=', { "id": "email", "type": "email", "name": "Email", "from": "Gatehouse Reference <no-reply@example.test>",
      "server": { "host": "127.0.0.1", "port": 9425, "secure": false } }'
fi
for trust in true false; do
  cat >"$work/gh/gatehouse-$trust.json" <<JSON
{ "basePath": "/auth", "trustHost": $trust, "session": { "strategy": "$mode" },
  "callbacksScript": "callbacks.js"$adapter,
  "providers": [ { "id": "credentials", "type": "credentials", "name": "Credentials",
      "credentials": { "username": { "label": "Username", "type": "text" },
                       "password": { "label": "Password", "type": "password" } },
      "authorize": "authorize" },
    { "id": "local-idp", "type": "oidc", "name": "Local IdP", "issuer": "http://127.0.0.1:9400",
      "clientId": "gatehouse-test", "clientSecret": "gatehouse-test-secret" }$email ] }
JSON
done
# Gatehouse adopts the same database as it is (adding its own tables), starting empty.
[ "$mode" = database ] && (cd "$work/ref" && ./pg.sh psql -q -c \
  'TRUNCATE users, accounts, sessions, verification_token RESTART IDENTITY CASCADE' >/dev/null)
AUTH_SECRET=$secret "$server" --config "$work/gh/gatehouse-true.json" --listen 127.0.0.1:9301 >"$work/gh/server.log" 2>&1 &
pids+=($!)
AUTH_SECRET=$secret "$server" --config "$work/gh/gatehouse-false.json" --listen 127.0.0.1:9311 >"$work/gh/untrusted.log" 2>&1 &
pids+=($!)
wait_port 9301; wait_port 9311
(cd "$work/ref" && STRATEGY=$mode BASE_URL=http://127.0.0.1:9301 UNTRUSTED_URL=http://127.0.0.1:9311 \
  node transcript.mjs >"$work/gatehouse.txt")

normalise() {
  sed -E -e 's/127\.0\.0\.1:93(00|01)/ORIGIN/g' -e 's/127\.0\.0\.1:93(02|11)/UNTRUSTED/g' \
    -e 's/%3A93(00|01)/%3AORIGINPORT/g' -e 's/"csrfToken":"[0-9a-f]{64}"/"csrfToken":"<hex64>"/g' \
    -e 's/(Expires|expires)=[A-Za-z]{3}, [0-9]{2} [A-Za-z]{3} [0-9]{4} [0-9:]{8} GMT/\1=<date>/g' \
    -e 's/"expires":"[0-9T:.Z-]+"/"expires":"<date>"/g' -e 's/expires in [0-9-]+s/expires in <n>s/g' \
    -e 's/(interaction|auth)\/[A-Za-z0-9_-]{20,}/\1\/<uid>/g' -e 's/code=[A-Za-z0-9_-]{20,}/code=<code>/g' \
    -e 's/code_challenge=[A-Za-z0-9_-]{43}/code_challenge=<challenge>/g' \
    -e 's/"sub":"[0-9a-f-]{36}"/"sub":"<uuid>"/g' -e 's/^# Auth.js transcript .*/# transcript/' "$1"
}
normalise "$work/authjs.txt" >"$work/authjs.norm"
normalise "$work/gatehouse.txt" >"$work/gatehouse.norm"
echo "== differences (< Auth.js, > Gatehouse), mode $mode"
diff "$work/authjs.norm" "$work/gatehouse.norm" || true
