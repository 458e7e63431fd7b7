#!/bin/sh
# IDA* over 6-6-6-6 on the public 24-puzzles it proves within a minute,
# two threads, without and with the dual lookups (--dual-lookups off,
# cached), one after the other on each board: each run's JSON (nodes,
# iterations, seconds). First #25 with --dual-lookups build, which builds
# the dual's tables where they are not in the cache (its .err says how
# long).
#   run.sh [BINARY]
set -eu
bin=${1:-build/cli/satslide}
out=$(dirname "$0")
data=../shared/data/npuzzle/korf_felner50_24puzzle.txt
[ -f "$data" ] || data=$(dirname "$0")/../../../../shared/data/npuzzle/korf_felner50_24puzzle.txt
goal=$(seq -s, 0 24)
board=$(grep "^25 " "$data" | cut -d' ' -f3- | tr ' ' ',')
"$bin" --puzzle 24 --board "$board" --goal "$goal" --engine ida \
    --pattern-tiles 6 --threads 2 --timeout 300 --dual-lookups build \
    --json > "$out/25-build.json" 2> "$out/25-build.err"
for id in 25 38 37 32; do
  board=$(grep "^$id " "$data" | cut -d' ' -f3- | tr ' ' ',')
  for dual in off cached; do
    "$bin" --puzzle 24 --board "$board" --goal "$goal" --engine ida \
        --pattern-tiles 6 --threads 2 --timeout 300 --dual-lookups "$dual" \
        --json > "$out/$id-$dual.json" 2> "$out/$id-$dual.err"
  done
done
