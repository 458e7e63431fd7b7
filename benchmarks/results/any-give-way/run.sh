#!/bin/sh
# --any --gap 1 on two threads before (the binary $1: weighted IDA* runs
# to its last weight beside the prover) and after ($2: it gives way once
# a shorter plan could only have the lower bound's length), one run each,
# board by board in turn, on the public 24-puzzles proven within two
# minutes before; the 6-6-6-6 tables cached. The change was not kept
# (ARCHIVE.md, "Tried and not kept").
#   run.sh OLD NEW
set -eu
benchmarks/run_benchmarks.py --suite 24puzzle --only 32,37,29,13 \
  --encodings "pairs:--any:--gap:1:--threads:2@$1,pairs:--any:--gap:1:--threads:2@$2" \
  --timeout 600 --out benchmarks/results/any-give-way
