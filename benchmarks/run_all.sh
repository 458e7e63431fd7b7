#!/bin/sh
# Re-runs every benchmark recorded in benchmarks/RESULTS.md, in one go,
# against the Release build in build/. Results land in benchmarks/results/.
# Takes about four hours on a 2-core machine (the Korf suites most).
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
for k in korf100-short korf100-mid korf100-47to49 korf100-50 korf100-51; do
  run --suite $k --encodings pairs --timeout 600 --out benchmarks/results/$k
done
run --suite klotski-short --encodings seed,pairs --timeout 30 \
    --out benchmarks/results/klotski-short
run --suite klotski-short --encodings pairs,pairs:--distinct-pieces \
    --timeout 30 --out benchmarks/results/klotski-identify
run --suite klotski-piece --encodings pairs --timeout 20 \
    --out benchmarks/results/klotski-piece
run --suite rush-db --encodings pairs --timeout 60 \
    --out benchmarks/results/rush-db
run --suite rush40 --encodings seed,windows,pruned,compact,budget,pairs \
    --timeout 60 --out benchmarks/results/rush40-encodings
run --suite rush40 --encodings pairs,pairs:--any --timeout 60 \
    --out benchmarks/results/rush40-any
run --suite 11puzzle-53 --suite 15puzzle-40s --encodings pairs \
    --timeout 120 --out benchmarks/results/hard-npuzzle
run --suite 24puzzle --encodings pairs:--any,pairs:--any:--tighten \
    --timeout 60 --out benchmarks/results/24puzzle-tighten
run --suite 8puzzle --encodings "pairs,pairs:--fresh-solver,pairs:--solver-config=sat,pairs:--solver-config=unsat,pairs:--solver-config=plain,pairs:--cadical=phase=0" \
    --timeout 60 --out benchmarks/results/8puzzle-driver
hyperfine -w 1 -r 3 -N --export-markdown benchmarks/results/hyperfine-8puzzle.md \
    "./build/cli/satslide -q --board [4,3,1,2,7,8,0,6,5] --encoding seed --textbook-driver" \
    "./build/cli/satslide -q --board [4,3,1,2,7,8,0,6,5] --encoding seed" \
    "./build/cli/satslide -q --board [4,3,1,2,7,8,0,6,5]"
