#!/bin/sh
# Re-runs every benchmark recorded in benchmarks/RESULTS.md, in one go,
# against the Release build in build/. Results land in benchmarks/results/.
# Takes about 40 minutes on a 2-core machine.
set -eu
cd "$(dirname "$0")/.."
run() { ./benchmarks/run_benchmarks.py "$@"; }
run --suite 8puzzle --encodings seed,compact,budget,pairs,ordered \
    --timeout 60 --out benchmarks/results/8puzzle
run --suite 8puzzle-31 \
    --encodings seed:--textbook-driver,pairs:--textbook-driver,seed,pairs \
    --timeout 120 --out benchmarks/results/8puzzle-textbook
run --suite 15puzzle-20s --suite 15puzzle-30s \
    --encodings seed,compact,pairs,ordered --timeout 60 \
    --out benchmarks/results/15puzzle
run --suite rush40 --encodings seed,compact,pairs,ordered --timeout 60 \
    --out benchmarks/results/rush40
run --suite klotski-short --encodings seed,pairs --timeout 30 \
    --out benchmarks/results/klotski-short
hyperfine -w 1 -r 3 -N --export-markdown benchmarks/results/hyperfine-8puzzle.md \
    "./build/cli/satslide -q --board [4,3,1,2,7,8,0,6,5] --encoding seed --textbook-driver" \
    "./build/cli/satslide -q --board [4,3,1,2,7,8,0,6,5] --encoding seed" \
    "./build/cli/satslide -q --board [4,3,1,2,7,8,0,6,5]"
