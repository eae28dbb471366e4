# Shell helpers of the database benchmarks (sourced, not run, after ../benchtools.sh): a throwaway
# PostgreSQL cluster from Debian's postgresql package on 127.0.0.1 (trust authentication,
# fsync=off and synchronous_commit=off like the Auth.js reference's pg.sh), run as the
# postgres system user when the benchmark runs as root.

pg_bin() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -x "$bin/initdb" ] || { echo "PostgreSQL server binaries are missing: apt-get install postgresql" >&2; return 1; }
  echo "$bin"
}

as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

pg_start() { # dir port [postgres -c settings...]: a new cluster in dir, listening on port
  local dir=$1 port=$2 bin opts="" s
  shift 2
  bin=$(pg_bin) || return 1
  for s in "$@"; do opts="$opts -c $s"; done
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres: "$dir"
  as_postgres "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; return 1; }
  as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o \
    "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off$opts" \
    start >/dev/null || { tail -20 "$dir/server.log" >&2; return 1; }
}

pg_psql() { # port database sql
  as_postgres "$(pg_bin)/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$1" -U postgres -d "$2" -c "$3"
}

pg_stop() { # dir
  [ -f "$1/data/PG_VERSION" ] && as_postgres "$(pg_bin)/pg_ctl" -D "$1/data" -m fast -w stop >/dev/null 2>&1 || true
}
