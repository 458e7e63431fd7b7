#!/bin/sh
# The checker before and after a change, on the same certificates: Korf's
# four public 15-puzzles of at most 45 moves (#55, #79, #86, #97), each
# certified once by AFTER (solve --certify: one formula within the
# horizon), then `verify` by BEFORE and AFTER alternately, ROUNDS rounds;
# checks.csv has a row per check (round, board, binary, certified, the
# checker's seconds, lemmas checked). The certificates are removed at
# the end (about 400 MB).
#   run.sh BEFORE AFTER [ROUNDS]
set -eu
before=$1
after=$2
rounds=${3:-2}
out=$(dirname "$0")
data=../shared/data/npuzzle/korf100_15puzzle_blank_last.txt
[ -f "$data" ] || data=$(dirname "$0")/../../../../shared/data/npuzzle/korf100_15puzzle_blank_last.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for id in 55 79 86 97; do
  board=$(awk -v k=$id '$1 == k { for (i = 3; i <= NF; i++) printf "%s ", $i }' "$data")
  "$after" solve --puzzle 15 --board "$board" --certify "$work/k$id" --json -q \
      > "$out/certify-$id.json"
done
echo "round,board,binary,certified,check_seconds,checked" > "$out/checks.csv"
r=1
while [ "$r" -le "$rounds" ]; do
  for id in 55 79 86 97; do
    for which in before after; do
      if [ "$which" = before ]; then bin=$before; else bin=$after; fi
      "$bin" verify --json "$work/k$id" | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(",".join(sys.argv[1:] + [str(d.get("certified")), str(d.get("check_seconds")), str(d.get("lemmas_checked"))]))
' "$r" "$id" "$which" >> "$out/checks.csv"
    done
  done
  r=$((r + 1))
done
