#!/bin/sh
# IDA* over 6-6-6-6 on the public 24-puzzles it proves within minutes,
# two threads, one run each: the JSON (nodes, iterations) and stderr of
# each, the first one's with the tables' build (GNU time -v).
#   run.sh [BINARY]
set -eu
bin=${1:-build/cli/satslide}
out=$(dirname "$0")
data=../shared/data/npuzzle/korf_felner50_24puzzle.txt
[ -f "$data" ] || data=$(dirname "$0")/../../../../shared/data/npuzzle/korf_felner50_24puzzle.txt
goal=$(seq -s, 0 24)
for id in 25 38 37 32 13 29; do
  board=$(grep "^$id " "$data" | cut -d' ' -f3- | tr ' ' ',')
  /usr/bin/time -v "$bin" --puzzle 24 --board "$board" --goal "$goal" \
      --engine ida --pattern-tiles 6 --threads 2 --timeout 200 --json \
      > "$out/$id.json" 2> "$out/$id.err"
done
