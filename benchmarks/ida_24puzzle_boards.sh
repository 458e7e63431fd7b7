#!/bin/sh
# The boards the 24-puzzle's table comparisons run IDA* on, one line each
# ("NAME BOARD TIMEOUT"): the public instances $PUBLIC (default: the
# seven IDA* proves within a few minutes) to the end, then eight random
# ones (scramble --puzzle 24 --random --count 8 --seed 6060, blank-first
# goal, as in RESULTS "Korf & Felner's own partition"), written to
# OUT/random-boards.jsonl, for RANDOM_TIMEOUT seconds each.
#   ida_24puzzle_boards.sh BINARY OUT PUBLIC_TIMEOUT RANDOM_TIMEOUT
set -eu
bin=$1 out=$2 goal=$(seq -s, 0 24)
kf=npuzzle/korf_felner50_24puzzle.txt
data=$(ls ../shared/data/$kf "$(dirname "$0")/../../shared/data/$kf" 2>/dev/null | head -n 1)
for id in ${PUBLIC:-25 38 36 32 37 29 13}; do
  echo "public-$id $(grep "^$id " "$data" | cut -d' ' -f3- | tr ' ' ',') $3"
done
"$bin" scramble --puzzle 24 --random --count 8 --seed 6060 \
    --goal "$goal" > "$out/random-boards.jsonl"
i=0
while read -r line; do
  i=$((i + 1))
  board=$(printf '%s\n' "$line" | python3 -c 'import json,sys; print(json.load(sys.stdin)["board"])')
  echo "random-$i $board $4"
done < "$out/random-boards.jsonl"
