#!/bin/sh
# --any (default gap) on 10 random 24-puzzles no rule saw, one at a time,
# 60 s each; one JSON report per board in any.jsonl.
#   benchmarks/results/24puzzle-any-unseen/run.sh SATSLIDE-BINARY
set -eu
here=$(cd "$(dirname "$0")" && pwd)
"$1" scramble --puzzle 24 --random --count 10 --seed 2026 \
  --goal "$(seq -s, 0 24)" >"$here/boards.jsonl"
"$1" batch "$here/boards.jsonl" -j 1 --any --timeout 60 -o "$here/any.jsonl"
