#!/usr/bin/env bash
# Forward authentication through a real nginx (auth_request), under wrk: every request to the
# protected app makes nginx ask the auth server first. Three fronts of one nginx, same app, same
# signed-in Cookie header, taking turns in every round:
#   none        nginx -> app, no auth at all (the ceiling)
#   fixed-auth  nginx auth_request -> a second nginx answering a fixed 200 with no body -> app:
#               the fastest auth server there is, in a process of its own; what the sub-request
#               alone costs (a body would make nginx close the upstream connection every time)
#   gatehouse   nginx auth_request -> gatehouse-server {basePath}/authz/auth-request -> app
#               (JWT sessions without an adapter, and database sessions on SQLite)
#   reference   nginx auth_request -> the Auth.js reference's GET /auth/session -> app (the
#               nearest thing Auth.js offers: it answers 200 whether signed in or not)
#   tests/bench/forwardauth/bench.sh
#   ROUNDS=5 DURATION=10s THREADS=2 NGINX_WORKERS=2 tests/bench/forwardauth/bench.sh
# env: BUILD (./build), ROUNDS (3), DURATION (5s), CONNS (50), THREADS (gatehouse-server threads, 1),
#      NGINX_WORKERS (1), REFERENCE (1: also the Auth.js reference; 0: Gatehouse and nginx only)
# Everything listens on 127.0.0.1 on free ports; every load run is bounded by DURATION.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
source "$here/../benchtools.sh"
BUILD=${BUILD:-$root/build}
server="$BUILD/server/gatehouse-server"
ROUNDS=${ROUNDS:-3}; DURATION=${DURATION:-5s}; CONNS=${CONNS:-50}; THREADS=${THREADS:-1}
NGINX_WORKERS=${NGINX_WORKERS:-1}; REFERENCE=${REFERENCE:-1}
secret=gatehouse-reference-test-secret-0123456789
for tool in wrk nginx curl; do
  command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] || { echo "$tool is missing: bash packaging/install-deps.sh" >&2; exit 1; }
done
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$server" ] || { echo "no $server: build first" >&2; exit 1; }

work=$(mktemp -d /tmp/gatehouse-forwardauth-bench.XXXXXX)
PIDS=()
cleanup() {
  for p in "${PIDS[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ -n "${KEEP:-}" ] && echo "kept $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT

# gatehouse-server with forward authentication: every host needs a signed-in user; nginx is a
# trusted proxy (README: its checks are not limited per address).
start_gatehouse() { # mode port
  local adapter=""
  [ "$1" = database ] && adapter="sqlite://$work/$1.db"
  forwardauth_config "$work/$1.json" "$1" "$adapter"
  [ "$1" = database ] && AUTH_SECRET=$secret "$server" migrate --config "$work/$1.json" >/dev/null
  AUTH_SECRET=$secret QT_LOGGING_RULES="gatehouse.*.info=false" \
    "$server" --config "$work/$1.json" --listen "127.0.0.1:$2" --threads "$THREADS" >"$work/$1.log" 2>&1 &
  PIDS+=($!); wait_port "$2"
}

gatehouse_cookie() { # port -> the Cookie header of a signed-in browser
  local jar="$work/jar" base="http://127.0.0.1:$1"; rm -f "$jar"
  local csrf; csrf=$(curl -s -c "$jar" -b "$jar" "$base/auth/csrf" | sed -E 's/.*"csrfToken":"([0-9a-f]+)".*/\1/')
  curl -s -o /dev/null -c "$jar" -b "$jar" --data-urlencode "csrfToken=$csrf" --data-urlencode username=alice \
    --data-urlencode password=alice-password "$base/auth/callback/credentials"
  awk '{sub(/^#HttpOnly_/, "")} !/^#/ && NF==7 && $6 ~ /session-token/ {printf "%s=%s", $6, $7}' "$jar"
}

start_reference() { # port -> REFERENCE_COOKIE
  local ref="$work/authjs"
  cp -r "$root/../shared/reference/authjs" "$ref"; chmod -R u+w "$ref"
  (cd "$ref" && npm ci --silent >/dev/null 2>&1)
  # The OpenID provider and the SMTP sink are not started: a credentials sign-in needs neither.
  (cd "$ref" && STRATEGY=jwt PORT="$1" QUIET=1 IDP_PORT="$(free_port)" SMTP_PORT="$(free_port)" \
    AUTH_SECRET=$secret exec node server.mjs >"$work/reference.log" 2>&1) &
  PIDS+=($!); wait_port "$1" 300
  REFERENCE_COOKIE=$(cd "$ref" && BASE_URL="http://127.0.0.1:$1" node session-cookie.mjs credentials)
}

# One nginx, one server block per front; the app is a fixed answer of the same nginx.
write_nginx() { # app none gatehouse-jwt gatehouse-database reference fixed-auth | and the upstream ports
  local app=$1 p_none=$2 p_jwt=$3 p_db=$4 p_ref=$5 gh_jwt=$6 gh_db=$7 ref=$8 p_fixed=$9 fixed=${10}
  front() { # port auth-upstream auth-path
    cat <<NGINX
  server {
    listen 127.0.0.1:$1;
    location = /internal/authz {
      internal;
      proxy_pass http://$2$3;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_pass_request_body off;
      proxy_set_header Content-Length "";
      proxy_set_header X-Original-Method \$request_method;
      proxy_set_header X-Original-URL \$scheme://\$http_host\$request_uri;
    }
    location / {
      auth_request /internal/authz;
      auth_request_set \$user \$upstream_http_remote_user;
      proxy_set_header Remote-User \$user;
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }
NGINX
  }
  cat >"$work/nginx.conf" <<NGINX
daemon off;
master_process on;
worker_processes $NGINX_WORKERS;
pid $work/nginx.pid;
error_log $work/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/body; proxy_temp_path $work/proxy; fastcgi_temp_path $work/fastcgi;
  uwsgi_temp_path $work/uwsgi; scgi_temp_path $work/scgi;
  upstream app { server 127.0.0.1:$app; keepalive 32; }
  upstream gatehouse_jwt { server 127.0.0.1:$gh_jwt; keepalive 32; }
  upstream gatehouse_database { server 127.0.0.1:$gh_db; keepalive 32; }
  upstream reference { server 127.0.0.1:$ref; keepalive 32; }
  upstream fixed_auth { server 127.0.0.1:$fixed; keepalive 32; }
  server { listen 127.0.0.1:$app; location / { return 200 "app\n"; } }
  server {
    listen 127.0.0.1:$p_none;
    location / { proxy_pass http://app; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
$(front "$p_jwt" gatehouse_jwt /auth/authz/auth-request)
$(front "$p_db" gatehouse_database /auth/authz/auth-request)
$(front "$p_ref" reference /auth/session)
$(front "$p_fixed" fixed_auth /auth/authz/auth-request)
}
NGINX
  mkdir -p "$work/fixed"
  cat >"$work/fixed/nginx.conf" <<NGINX
daemon off;
master_process on;
worker_processes $NGINX_WORKERS;
pid $work/fixed/nginx.pid;
error_log $work/fixed/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/fixed/body; proxy_temp_path $work/fixed/proxy; fastcgi_temp_path $work/fixed/fastcgi;
  uwsgi_temp_path $work/fixed/uwsgi; scgi_temp_path $work/fixed/scgi;
  server { listen 127.0.0.1:$fixed; location / { add_header Remote-User alice@example.test; return 200; } }
}
NGINX
}

# --- start everything ---
GH_JWT=$(free_port); start_gatehouse jwt "$GH_JWT"
GH_DB=$(free_port); start_gatehouse database "$GH_DB"
COOKIE_JWT=$(gatehouse_cookie "$GH_JWT"); COOKIE_DB=$(gatehouse_cookie "$GH_DB")
[ -n "$COOKIE_JWT" ] && [ -n "$COOKIE_DB" ] || { echo "sign-in gave no session cookie" >&2; exit 1; }
REF=$(free_port); REFERENCE_COOKIE=""
if [ "$REFERENCE" = 1 ]; then REF=$(free_port); start_reference "$REF"; fi
APP=$(free_port); P_NONE=$(free_port); P_JWT=$(free_port); P_DB=$(free_port); P_REF=$(free_port)
P_FIXED=$(free_port); FIXED=$(free_port)
write_nginx "$APP" "$P_NONE" "$P_JWT" "$P_DB" "$P_REF" "$GH_JWT" "$GH_DB" "$REF" "$P_FIXED" "$FIXED"
mkdir -p "$work/body" "$work/proxy"
"$NGINX" -p "$work" -c "$work/nginx.conf" >"$work/nginx.log" 2>&1 &
PIDS+=($!); wait_port "$P_NONE"
"$NGINX" -p "$work/fixed" -c "$work/fixed/nginx.conf" >"$work/fixed-nginx.log" 2>&1 &
PIDS+=($!); wait_port "$FIXED"

# Sanity: the app's answer through each front with the cookie; Gatehouse refuses without one.
check() { # name port cookie expected-status
  local status; status=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $3" "http://127.0.0.1:$2/some/page")
  [ "$status" = "$4" ] || { echo "$1: expected $4, got $status" >&2; exit 1; }
}
check none "$P_NONE" "" 200
check fixed-auth "$P_FIXED" "" 200
check gatehouse-jwt "$P_JWT" "$COOKIE_JWT" 200
check gatehouse-database "$P_DB" "$COOKIE_DB" 200
check gatehouse-jwt-signed-out "$P_JWT" "" 401
[ "$REFERENCE" = 1 ] && check reference "$P_REF" "$REFERENCE_COOKIE" 200
# The fixed answer and Gatehouse's alike have no body (Content-Length: 0), so nginx keeps both
# upstream connections alive and fixed-auth stays the ceiling.
bodiless() { # name url cookie
  local length; length=$(curl -s -o /dev/null -w '%{size_download} %header{content-length}' -H "Cookie: $3" \
    -H "X-Original-URL: http://127.0.0.1/some/page" "$2")
  [ "$length" = "0 0" ] || { echo "$1: a body or no Content-Length: 0 (size, length: $length)" >&2; exit 1; }
}
bodiless fixed-auth "http://127.0.0.1:$FIXED/" ""
bodiless gatehouse-jwt "http://127.0.0.1:$GH_JWT/auth/authz/auth-request" "$COOKIE_JWT"
bodiless gatehouse-jwt-signed-out "http://127.0.0.1:$GH_JWT/auth/authz/auth-request" ""

fronts="none fixed-auth gatehouse-jwt gatehouse-database"
[ "$REFERENCE" = 1 ] && fronts="$fronts reference"
port_of() { case "$1" in none) echo "$P_NONE" ;; fixed-auth) echo "$P_FIXED" ;; gatehouse-jwt) echo "$P_JWT" ;; gatehouse-database) echo "$P_DB" ;; reference) echo "$P_REF" ;; esac; }
cookie_of() { case "$1" in gatehouse-jwt) echo "$COOKIE_JWT" ;; gatehouse-database) echo "$COOKIE_DB" ;; reference) echo "$REFERENCE_COOKIE" ;; *) echo "" ;; esac; }

printf "# forward auth through nginx %s  date: %s  nproc: %s  gatehouse threads: %s  nginx workers: %s\n" \
  "$("$NGINX" -v 2>&1 | sed 's/.*nginx\///')" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(nproc)" "$THREADS" "$NGINX_WORKERS"
printf "# wrk -t1 -c%s -d%s --latency per front and round, 1 s warm-up; fronts take turns; median over %s rounds\n" \
  "$CONNS" "$DURATION" "$ROUNDS"
declare -A RPS P50 P99
for round in $(seq 1 "$ROUNDS"); do
  for f in $fronts; do
    url="http://127.0.0.1:$(port_of "$f")/some/page"; cookie=$(cookie_of "$f")
    wrk -t1 -c"$CONNS" -d1s -H "Cookie: $cookie" "$url" >/dev/null
    o=$(wrk -t1 -c"$CONNS" -d"$DURATION" --latency -H "Cookie: $cookie" "$url")
    if echo "$o" | grep -q 'Non-2xx'; then echo "$f: non-2xx answers under load:" >&2; echo "$o" >&2; exit 1; fi
    RPS[$f]+="$(echo "$o" | awk '/Requests\/sec/{print $2}') "
    P50[$f]+="$(to_ms "$(echo "$o" | awk '/^ +50%/{print $2}')") "
    P99[$f]+="$(to_ms "$(echo "$o" | awk '/^ +99%/{print $2}')") "
  done
done
med() { tr ' ' '\n' | grep . | median; }
printf "%-20s %10s %9s %9s  %s\n" front "req/s" "p50_ms" "p99_ms" "rounds(req/s)"
for f in $fronts; do
  printf "%-20s %10s %9s %9s  %s\n" "$f" "$(echo "${RPS[$f]}" | med)" "$(echo "${P50[$f]}" | med)" \
    "$(echo "${P99[$f]}" | med)" "$(echo "${RPS[$f]}" | xargs | tr ' ' '/')"
done
none=$(echo "${RPS[none]}" | med)
awk -v g="$(echo "${RPS[fixed-auth]}" | med)" -v n="$none" 'BEGIN{printf "fixed-auth: %.0f %% of nginx without auth (the most any auth server can reach here)\n", 100*g/n}'
# Ratios per round (the fronts take turns in each, so a slow spell of the machine weighs on both
# sides of a ratio alike), then their median. Goals of issue 44: of the bodiless ceiling, >= 0.75
# with JWT sessions and >= 0.6 with database sessions; >= 15x the reference.
ratios() { # front other -> "median (r1/r2/...)"
  paste -d' ' <(echo "${RPS[$1]}" | tr ' ' '\n' | grep .) <(echo "${RPS[$2]}" | tr ' ' '\n' | grep .) |
    awk '{printf "%.2f\n", $1 / $2}' | { mapfile -t r; printf '%s (%s)' "$(printf '%s\n' "${r[@]}" | median)" "$(IFS=/; echo "${r[*]}")"; }
}
goal() { awk -v v="$1" -v g="$2" 'BEGIN{print (v >= g ? "met" : "NOT met")}'; }
for f in gatehouse-jwt gatehouse-database; do
  want=0.75; [ "$f" = gatehouse-database ] && want=0.6
  r=$(ratios "$f" fixed-auth)
  echo "$f: ${r} of fixed-auth per round (goal >= $want): $(goal "${r%% *}" "$want")"
  if [ "$REFERENCE" = 1 ]; then
    r=$(ratios "$f" reference)
    echo "$f: ${r}x the reference per round (goal >= 15x): $(goal "${r%% *}" 15)"
  fi
done
