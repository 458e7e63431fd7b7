#!/bin/sh
# Runs every libFuzzer target for SECONDS (default 30) from the seed
# corpus in tests/fuzz/corpus/<target>, which is read, never written: new
# inputs go to a temporary folder. JOBS targets run at once (default: the
# machine's cores), each on a core of its own for its whole SECONDS.
# Exits 1 on any finding (crash, sanitizer report, leak, uncaught
# exception, timeout), printing the input that shows it; reproduce with
# build-fuzz/tests/fuzz/fuzz_<target> FILE.
#
# The targets come from build-fuzz, or $SATSLIDE_FUZZ_BUILD: a tree
# already configured with -DSATSLIDE_FUZZ=ON (as tests/every_test.sh
# configures build-asan, tests and fuzz targets in one) is used as it is,
# else one is configured with clang (fuzz targets only).
#
#   tests/fuzz/run_fuzzers.sh          # 30 s per target (CI)
#   tests/fuzz/run_fuzzers.sh 3600 1   # an hour per target, one at a time
set -eu
seconds=${1:-30}
jobs=${2:-$(nproc)}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${SATSLIDE_FUZZ_BUILD:-$root/build-fuzz}
clang=${SATSLIDE_FUZZ_CXX:-clang++-14}

if ! grep -q '^SATSLIDE_FUZZ:BOOL=ON$' "$build/CMakeCache.txt" 2>/dev/null; then
  CXX=$clang cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSATSLIDE_FUZZ=ON -DBUILD_TESTING=OFF > /dev/null
fi
cmake --build "$build" -j2 --target fuzz_targets > /dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One target, its log and status in $work.
fuzz() {
  mkdir -p "$work/$1"
  if "$build/tests/fuzz/fuzz_$1" -max_total_time="$seconds" \
      -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$work/$1-" \
      "$work/$1" "$root/tests/fuzz/corpus/$1" \
      > "$work/$1.log" 2>&1; then
    echo 0 > "$work/$1.status"
  else
    echo 1 > "$work/$1.status"
  fi
}

targets="npuzzle klotski rushhour cnf model formula plan batch cubes"
running=0
for target in $targets; do
  echo "fuzz_$target: $seconds s"
  fuzz "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait
    running=0
  fi
done
wait

findings=0
for target in $targets; do
  if [ "$(cat "$work/$target.status")" = 0 ]; then
    printf 'fuzz_%s: ' "$target"
    grep -E "stat::number_of_executed_units|stat::new_units_added" \
      "$work/$target.log" | tr '\n' ' '
    echo
    continue
  fi
  findings=$((findings + 1))
  echo "fuzz_$target: a finding"
  tail -n 40 "$work/$target.log"
  for input in "$work/$target"-*; do
    [ -e "$input" ] || continue
    kept="$root/build-fuzz-findings/$(basename "$input")"
    mkdir -p "$root/build-fuzz-findings"
    cp "$input" "$kept"
    echo "finding: $kept"
    od -c "$kept" | head -n 20
  done
done
if [ "$findings" -gt 0 ]; then
  echo "run_fuzzers: $findings target(s) found a problem" >&2
  exit 1
fi
echo "run_fuzzers: no findings"
