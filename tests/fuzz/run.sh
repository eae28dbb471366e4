#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang, ASan + UBSan, in their own build directory)
# and runs them.
#
#   tests/fuzz/run.sh short [target...]   CI: each target for FUZZ_SECONDS (20), FUZZ_JOBS at a time
#   tests/fuzz/run.sh long  [target...]   by hand: each target in turn (nice 19) until FUZZ_RUNS
#                                         executions (10^7), keeping its corpus in FUZZ_WORK
#   tests/fuzz/run.sh build               only configure and build
#   tests/fuzz/run.sh list                the targets
#
# A target is named without its fuzz_ prefix (cookies, jwe, ...). Each run starts from the seeds
# in corpus/<target>/ and the crash inputs found before in regressions/<target>/ (so every old
# finding is replayed), with the dictionary <target>.dict when there is one. Any crash, leak,
# sanitizer report, property violation, timeout (FUZZ_TIMEOUT seconds for one input) or memory
# blow-up (FUZZ_RSS_MB) fails the run; its input is kept in FUZZ_WORK/artifacts/.
#
# Short runs use a fixed random seed (FUZZ_SEED, 1): CI explores the same inputs on every machine,
# so what fails there fails here with the same seed, and a run here that reached as many executions
# has seen them. Long runs take a new seed each time (FUZZ_SEED unset) to explore further.
#
# Environment: FUZZ_BUILD_DIR (build-fuzz), FUZZ_WORK (<build dir>/fuzz-work), FUZZ_SECONDS,
# FUZZ_RUNS, FUZZ_JOBS (short mode, default: the number of cores), FUZZ_TIMEOUT (10; long: 120),
# FUZZ_RSS_MB (2048), FUZZ_SEED (short: 1; long: random). Long runs for a whole afternoon, in the background, only on idle CPU:
#   FUZZ_WORK=/var/tmp/gatehouse-fuzz nohup tests/fuzz/run.sh long > /var/tmp/gatehouse-fuzz.log 2>&1 &
# and the executions each target reached are in FUZZ_WORK/logs/summary.txt.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
mode="${1:-short}"
[ $# -gt 0 ] && shift

build="${FUZZ_BUILD_DIR:-$root/build-fuzz}"
work="${FUZZ_WORK:-$build/fuzz-work}"
# Long runs at nice 19 may wait for the CPU longer than any input takes: a longer limit there
# (reproduce a timeout with the input alone before believing it).
if [ "$mode" = long ]; then timeout="${FUZZ_TIMEOUT:-120}"; else timeout="${FUZZ_TIMEOUT:-10}"; fi
rss="${FUZZ_RSS_MB:-2048}"

all_targets() {
  sed -n 's/^gatehouse_add_fuzzer(\([a-z0-9_]*\) .*/\1/p' "$here/CMakeLists.txt"
}

configure_and_build() {
  if [ ! -f "$build/CMakeCache.txt" ]; then
    local launcher=()
    command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    # -O1 with line tables: quick to build, readable stack traces, fast enough to fuzz.
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
      -DGATEHOUSE_FUZZ=ON -DGATEHOUSE_BUILD_SERVER=OFF -DGATEHOUSE_BUILD_ADMIN=OFF \
      -DGATEHOUSE_BUILD_BENCHMARKS=OFF -DGATEHOUSE_TEST_DIRS=fuzz "${launcher[@]}" >/dev/null
  fi
  cmake --build "$build" --target fuzz
}

# run_target <name> <libFuzzer options...>: runs one target, its output in $work/logs/<name>.log.
run_target() {
  local name="$1"
  shift
  local corpus="$work/corpus/$name" seeds=("$here/corpus/$name")
  mkdir -p "$corpus" "$work/artifacts" "$work/logs"
  [ -d "$here/regressions/$name" ] && seeds+=("$here/regressions/$name")
  local dict=()
  [ -f "$here/$name.dict" ] && dict=(-dict="$here/$name.dict")
  ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}" \
  UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
    "$build/tests/fuzz/fuzz_$name" -timeout="$timeout" -rss_limit_mb="$rss" -print_final_stats=1 \
      -artifact_prefix="$work/artifacts/$name-" "${dict[@]}" "$@" "$corpus" "${seeds[@]}" \
      >"$work/logs/$name.log" 2>&1
}

# One line per finished run: target, status, executions, executions per second, corpus size.
summary_line() {
  local name="$1" status="$2" log="$work/logs/$1.log"
  local runs speed units
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  units=$(ls "$work/corpus/$name" | wc -l)
  printf '%-16s %-6s %12s execs %8s exec/s %6s corpus files\n' "$name" "$status" "${runs:-?}" "${speed:-?}" "$units"
}

targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(all_targets)

case "$mode" in
list)
  all_targets
  ;;
build)
  configure_and_build
  ;;
short)
  seconds="${FUZZ_SECONDS:-20}"
  jobs="${FUZZ_JOBS:-$(nproc)}"
  seed="${FUZZ_SEED:-1}"
  started=$SECONDS
  configure_and_build
  echo "fuzz: built in $((SECONDS - started)) s; running ${#targets[@]} targets for ${seconds} s each, $jobs at a time, seed $seed"
  failed=()
  declare -A pids=()
  for name in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    run_target "$name" -seed="$seed" -max_total_time="$seconds" &
    pids[$name]=$!
  done
  for name in "${targets[@]}"; do
    if wait "${pids[$name]}"; then
      summary_line "$name" ok
    else
      summary_line "$name" FAILED
      failed+=("$name")
    fi
  done
  if [ ${#failed[@]} -gt 0 ]; then
    for name in "${failed[@]}"; do
      echo "---- fuzz_$name (log: $work/logs/$name.log)"
      grep -E -A40 'ERROR: |runtime error|property violated|qFatal|Test unit written' "$work/logs/$name.log" | head -80 || tail -40 "$work/logs/$name.log"
    done
    echo "fuzz: FAILED: ${failed[*]} (inputs in $work/artifacts/)"
    exit 1
  fi
  echo "fuzz: all ${#targets[@]} targets passed in $((SECONDS - started)) s"
  ;;
long)
  runs="${FUZZ_RUNS:-10000000}"
  configure_and_build
  mkdir -p "$work/logs"
  status=0
  for name in "${targets[@]}"; do
    started=$SECONDS
    if nice -n 19 bash -c "$(declare -f run_target); $(declare -p here work build timeout rss); run_target $name -runs=$runs ${FUZZ_SECONDS:+-max_total_time=$FUZZ_SECONDS} ${FUZZ_SEED:+-seed=$FUZZ_SEED}"; then
      line=$(summary_line "$name" ok)
    else
      line=$(summary_line "$name" FAILED)
      status=1
    fi
    echo "$(date -u +%FT%TZ) $line $((SECONDS - started)) s" | tee -a "$work/logs/summary.txt"
  done
  exit $status
  ;;
*)
  echo "usage: $0 short|long|build|list [target...]" >&2
  exit 2
  ;;
esac
