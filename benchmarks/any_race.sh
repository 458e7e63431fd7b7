#!/bin/sh
# --any's two paths against each other and against the optimal run, in one
# hyperfine session per instance: the optimal driver alone, the fast path
# alone (--any-path first: goal agenda or parallel steps) and the race of
# the two (--any, the default). Writes benchmarks/results/any-race/*.md.
# About 8 minutes on a 2-core machine.
set -eu
cd "$(dirname "$0")/.."
out=benchmarks/results/any-race
mkdir -p "$out"
s=${SATSLIDE:-./build/cli/satslide}
bench() { # name runs command...
  name=$1 runs=$2
  shift 2
  hyperfine -N -w 0 -r "$runs" --export-markdown "$out/$name.md" "$@"
}
# A 31-move 8-puzzle: the optimal driver is fast, parallel steps are not.
b8="--board [8,6,7,2,5,4,3,0,1] -q"
bench 8puzzle-31 3 "$s $b8" "$s $b8 --any --any-path first" "$s $b8 --any"
# Rush Hour card #40, both metrics.
for m in slide step; do
  r="--puzzle rushhour --metric $m -q"
  bench "rush40-$m" 3 "$s $r" "$s $r --any --any-path first" "$s $r --any"
done
# Korf #79, a 42-move 15-puzzle: the agenda is fast, the optimum takes
# about 40 s (one run).
k="--puzzle 15 --board [1,6,10,8,14,12,4,2,13,11,3,5,9,7,15,0] -q"
bench korf79 1 "$s $k"
bench korf79-any 3 "$s $k --any --any-path first" "$s $k --any"
# The first line (id 3, optimum 97) of the Korf & Felner 24-puzzles:
# only the agenda finishes.
t="--puzzle 24 --goal 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24 --board [6,0,24,14,8,5,21,19,9,17,16,20,10,13,2,15,11,22,1,3,7,23,4,18,12] -q"
bench 24puzzle-3 3 "$s $t --any --any-path first" "$s $t --any"
