# Shell helpers shared by the wrk benchmarks under tests/bench (sourced, not run).

free_port() { # a port on 127.0.0.1 that nothing listens on, below Linux's ephemeral range (32768-)
  local p     # so that no outgoing connection holds it by the time a server binds it
  while :; do
    p=$((20000 + RANDOM % 12000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return 0; }
  done
}

wait_port() { # port [tenths of a second]
  for _ in $(seq 1 "${2:-100}"); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.1; done
  echo "port $1 did not open" >&2; return 1
}

to_ms() { # wrk's "1.23ms" | "456.78us" | "1.02s" -> milliseconds
  awk -v v="$1" 'BEGIN{ n=v; sub(/[a-z]+$/,"",n); u=v; sub(/^[0-9.]+/,"",u); if(u=="us") n=n/1000; else if(u=="s") n=n*1000; printf "%.3f", n }'
}

median() { # numbers on stdin -> their median
  sort -g | awk '{a[NR]=$1} END{ if(NR%2) printf "%.3f", a[(NR+1)/2]; else printf "%.3f", (a[NR/2]+a[NR/2+1])/2 }'
}

server_config() { # file strategy [adapter url]: gatehouse-server's benchmark config, the reference's
  # credentials provider (tests/reference/callbacks.js, copied next to the file), rate limits off.
  local adapter=""
  [ -n "${3:-}" ] && adapter=", \"adapter\": { \"url\": \"$3\" }"
  cp "$(dirname "${BASH_SOURCE[0]}")/../reference/callbacks.js" "$(dirname "$1")/callbacks.js"
  cat >"$1" <<JSON
{ "basePath": "/auth", "trustHost": true, "session": { "strategy": "$2" }, "callbacksScript": "callbacks.js"$adapter,
  "rateLimit": { "enabled": false },
  "providers": [ { "id": "credentials", "type": "credentials", "name": "Credentials",
      "credentials": { "username": { "label": "Username" }, "password": { "label": "Password", "type": "password" } },
      "authorize": "authorize" } ] }
JSON
}

forwardauth_config() { # file strategy [adapter url]: the forward-auth benchmarks' gatehouse-server
  # config: every host needs a signed-in user, nginx (127.0.0.1) is a trusted proxy (README: its
  # checks are not limited per address), rate limits off, the reference's credentials provider.
  local adapter=""
  [ -n "${3:-}" ] && adapter="\"adapter\": { \"url\": \"$3\" },"
  cp "$(dirname "${BASH_SOURCE[0]}")/../reference/callbacks.js" "$(dirname "$1")/callbacks.js"
  cat >"$1" <<JSON
{ "basePath": "/auth", "trustHost": true, "session": { "strategy": "$2" }, "callbacksScript": "callbacks.js", $adapter
  "rateLimit": { "enabled": false },
  "access": { "default": "signed-in" }, "trustedProxies": ["127.0.0.1"],
  "providers": [ { "id": "credentials", "type": "credentials", "name": "Credentials",
      "credentials": { "username": { "label": "Username" }, "password": { "label": "Password", "type": "password" } },
      "authorize": "authorize" } ] }
JSON
}
