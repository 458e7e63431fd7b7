#!/bin/sh
# IDA* with the move back pruned (the binary before, $1) against the
# duplicate-path automaton (this build, $2): hyperfine on the 24-puzzle
# #25 over 6-6-6-6 (one thread) and Korf #82 over 6-6-3, then every
# public Korf 15-puzzle over 7-8 with both binaries in one run.
# Tables cached beforehand (`benchmarks/run_all.sh ida-24puzzle-6`).
set -eu
old=$1 new=$2
d=benchmarks/results/ida-duplicate-paths
data=benchmarks/data/npuzzle
board() { awk -v id="$2" '$1==id{for(i=3;i<=NF;i++) printf "%s%s",$i,(i<NF?",":"")}' "$1"; }
b25=$(board $data/korf_felner50_24puzzle.txt 25)
b82=$(board $data/korf100_15puzzle.txt 82)
hyperfine -w 1 -r 3 --export-markdown $d/hyperfine-24-25.md \
  -n "move back only: 24-puzzle #25" "$old --puzzle 24 --board $b25 --goal $(seq -s, 0 24) --engine ida --pattern-tiles 6 -q" \
  -n "duplicate paths pruned: 24-puzzle #25" "$new --puzzle 24 --board $b25 --goal $(seq -s, 0 24) --engine ida --pattern-tiles 6 -q"
hyperfine -w 2 -r 10 --export-markdown $d/hyperfine-15-82.md \
  -n "move back only: Korf #82" "$old --puzzle 15 --board $b82 --goal $(seq -s, 0 15) --engine ida -q" \
  -n "duplicate paths pruned: Korf #82" "$new --puzzle 15 --board $b82 --goal $(seq -s, 0 15) --engine ida -q"
benchmarks/run_benchmarks.py --suite korf100 --binary "$new" \
  --encodings "pairs:--engine=ida:--pattern-tiles=8,pairs:--engine=ida:--pattern-tiles=8@$old" \
  --timeout 600 --out $d/korf100-78
