#!/bin/sh
# IDA* before (the binary $1: tables on ordinary pages, the rank a call)
# against this build ($2: tables on huge pages, the rank inline and
# unrolled): hyperfine on the 24-puzzle #25 over 6-6-6-6 (one thread) and
# Korf #82 over 6-6-3, then every public Korf 15-puzzle (the blank-first
# file, whose 7-8 tables were cached) over 7-8, all with one binary, then
# all with the other (taking turns board by board, each process found
# the memory the other had just freed in 4 KiB pieces), the total wall
# clock of each. Tables cached beforehand (one run of each).
#   run.sh OLD NEW [--korf-only]
set -eu
old=$1 new=$2
d=benchmarks/results/ida-huge-pages
data=benchmarks/data/npuzzle
board() { awk -v id="$2" '$1==id{for(i=3;i<=NF;i++) printf "%s%s",$i,(i<NF?",":"")}' "$1"; }
b25=$(board $data/korf_felner50_24puzzle.txt 25)
b82=$(board $data/korf100_15puzzle.txt 82)
if [ "${3:-}" != --korf-only ]; then
hyperfine -w 1 -r 5 --export-markdown $d/hyperfine-24-25.md \
  -n "before: 24-puzzle #25" "$old --puzzle 24 --board $b25 --goal $(seq -s, 0 24) --engine ida --pattern-tiles 6 -q" \
  -n "huge pages, rank inline: 24-puzzle #25" "$new --puzzle 24 --board $b25 --goal $(seq -s, 0 24) --engine ida --pattern-tiles 6 -q"
hyperfine -w 2 -r 10 --export-markdown $d/hyperfine-15-82.md \
  -n "before: Korf #82" "$old --puzzle 15 --board $b82 --goal $(seq -s, 0 15) --engine ida -q" \
  -n "huge pages, rank inline: Korf #82" "$new --puzzle 15 --board $b82 --goal $(seq -s, 0 15) --engine ida -q"
fi
now() { python3 -c 'import time; print(time.time())'; }
goal=$(seq -s, 0 15)
for which in old new; do
  for id in $(grep -v '^#' $data/korf100_15puzzle.txt | awk '{print $1}'); do
    b=$(board $data/korf100_15puzzle.txt "$id")
    if [ $which = old ]; then bin=$old; else bin=$new; fi
    t0=$(now)
    len=$("$bin" --puzzle 15 --board "$b" --goal "$goal" --engine ida --pattern-tiles 8 --json -q |
      python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["length"], r["optimal"])')
    echo "#$id $which $len $(python3 -c "print(round($(now) - $t0, 3))")"
  done
done > $d/korf100-78.txt
awk '{s[$2]+=$5; n[$2]++} END {for (w in s) printf "%s: %d boards, %.2f s\n", w, n[w], s[w]}' \
  $d/korf100-78.txt | sort | tee -a $d/korf100-78.txt
