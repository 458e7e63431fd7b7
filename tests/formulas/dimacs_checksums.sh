#!/bin/sh
# Every formula unchanged: the DIMACS of every encoding on a fixed set of
# instances (8-, 15-puzzle, Rush Hour and Klotski in every metric) must
# hash to the checksums recorded in checksums.txt. A refactoring that
# moves one byte of one formula fails here, so no number in
# benchmarks/RESULTS.md moves silently.
#
#   dimacs_checksums.sh SATSLIDE           compare (the CTest entry)
#   dimacs_checksums.sh SATSLIDE --update  rewrite checksums.txt (only
#                                          when a formula change is meant)
set -eu
satslide=$1
here=$(cd "$(dirname "$0")" && pwd)
list="$here/checksums.txt"

instances() {
  echo "--puzzle 8 --board 1,3,6,4,2,0,7,5,8"
  echo "--puzzle 15 --board 1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15"
  echo "--puzzle npuzzle --rows 3 --cols 4 --board 1,2,3,4,5,6,7,0,9,10,11,8"
  for m in step slide piece; do
    echo "--puzzle rushhour --metric $m"
    echo "--puzzle klotski --metric $m"
    echo "--puzzle klotski --board ABBC/ABBC/D..E/FGHI --goal-piece B --goal-at 1,2 --metric $m"
    echo "--puzzle klotski --board ABBC/ABBC/D..E/FGHI --goal-piece B --goal-at 1,2 --metric $m --distinct-pieces"
  done
}

# The encodings whose formulas are pinned; a new row of the table gets
# its own checksums when it is added.
encodings="seed ladder windows pruned bound compact counts budget pairs pairs2 ordered"

compute() {
  instances | while read -r args; do
    for e in $encodings; do
      # shellcheck disable=SC2086
      sum=$("$satslide" dimacs $args --encoding "$e" --horizon 3 -q | md5sum | cut -d' ' -f1)
      echo "$sum $e $args"
    done
  done
}

if [ "${2:-}" = "--update" ]; then
  compute > "$list"
  echo "wrote $(wc -l < "$list") checksums to $list"
  exit 0
fi
actual=$(mktemp)
trap 'rm -f "$actual"' EXIT
compute > "$actual"
if ! diff -u "$list" "$actual"; then
  echo "FAIL: a formula changed (lines above: expected -, now +)" >&2
  exit 1
fi
echo "all $(wc -l < "$list") formulas unchanged"
