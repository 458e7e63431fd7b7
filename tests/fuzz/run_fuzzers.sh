#!/bin/sh
# Builds the libFuzzer targets with clang (in build-fuzz, or
# $SATSLIDE_FUZZ_BUILD) and runs each for SECONDS (default 30) from the
# seed corpus in tests/fuzz/corpus/<target>, which is read, never
# written: new inputs go to a temporary folder. Exits 1 on any finding
# (crash, sanitizer report, leak, uncaught exception, timeout), printing
# the input that shows it; reproduce with build-fuzz/tests/fuzz/fuzz_<target> FILE.
#
#   tests/fuzz/run_fuzzers.sh          # 30 s per target (CI)
#   tests/fuzz/run_fuzzers.sh 3600     # an hour per target
set -eu
seconds=${1:-30}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${SATSLIDE_FUZZ_BUILD:-$root/build-fuzz}
clang=${SATSLIDE_FUZZ_CXX:-clang++-14}

CXX=$clang cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DSATSLIDE_FUZZ=ON -DBUILD_TESTING=OFF > /dev/null
cmake --build "$build" -j2 --target fuzz_targets > /dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
findings=0
for target in npuzzle klotski rushhour cnf model formula plan batch cubes; do
  mkdir -p "$work/$target"
  echo "fuzz_$target: $seconds s"
  if ! "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" \
      -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$work/$target-" \
      "$work/$target" "$root/tests/fuzz/corpus/$target" \
      > "$work/$target.log" 2>&1; then
    findings=$((findings + 1))
    tail -n 40 "$work/$target.log"
    for input in "$work/$target"-*; do
      [ -e "$input" ] || continue
      kept="$root/build-fuzz-findings/$(basename "$input")"
      mkdir -p "$root/build-fuzz-findings"
      cp "$input" "$kept"
      echo "finding: $kept"
      od -c "$kept" | head -n 20
    done
  else
    grep -E "stat::number_of_executed_units|stat::new_units_added" \
      "$work/$target.log" | tr '\n' ' '
    echo
  fi
done
if [ "$findings" -gt 0 ]; then
  echo "run_fuzzers: $findings target(s) found a problem" >&2
  exit 1
fi
echo "run_fuzzers: no findings"
