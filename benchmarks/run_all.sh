#!/bin/sh
# Regenerates every result under benchmarks/results/ that
# benchmarks/RESULTS.md cites, each with the command RESULTS.md records for
# it, in the order RESULTS.md presents them, against the Release build in
# build/ (needs python3, hyperfine and gnuplot). Everything takes about
# 11 hours on a 2-core machine, one run after the other (the whole Rush
# Hour database about 4 h, the classic Klotski's three proofs about 2 h,
# the Klotski piece-metric sweeps about 1.5 h, the Korf 15-puzzles about
# 1 h 15 min, the rest about 2.5 h together). Many recorded runs shared the
# machine with another one (RESULTS.md says which), so times will differ.
#
#   benchmarks/run_all.sh                 everything
#   benchmarks/run_all.sh NAME...         only these results (a folder or
#                                         file directly under results/)
#   benchmarks/run_all.sh --section TEXT  every result of the RESULTS.md
#                                         sections whose heading has TEXT
#   benchmarks/run_all.sh --list          the result names, in order
#   benchmarks/run_all.sh --sections      the sections with their results
#
# Every block-puzzle result recorded before the reachability engine was
# measured by the horizon driver, which was then the only engine; those
# runs pin it (--engine horizons), since the default now races both.
#
# `--engine reach` changed on 2026-11-25: its one-step formula is now
# `labels` (was `seed`), the move back to a position's parent is excluded
# from the start, and `auto` runs it on two threads before the horizon
# driver joins (it raced the two from the start). The reach and auto
# results recorded before (reach-final, reach-formula, reach-moves,
# rush40-auto, klotski-short-auto, npuzzle-reach*) regenerate with today's
# engine; RESULTS.md keeps their figures as measured then.
#
# `satslide --any` now races its fast path against the optimal driver by
# default (--any-path race). Every --any result in RESULTS.md was measured
# with the fast path alone, so every --any below adds --any-path=first to
# reproduce the recorded numbers.
set -eu
cd "$(dirname "$0")/.."
R=benchmarks/results
# SATSLIDE=path runs that binary instead of build/cli/satslide (a frozen
# copy, so that a rebuild cannot pull it away mid-sweep).
run() { ./benchmarks/run_benchmarks.py ${SATSLIDE:+--binary "$SATSLIDE"} "$@"; }

# run_benchmarks.py into folder $1, its progress lines also kept in
# $1/run.log (as the recorded database sweeps did).
logged() {
  dir=$1
  shift
  mkdir -p "$dir"
  echo "progress: $dir/run.log" >&2
  run "$@" --out "$dir" >"$dir/run.log"
}

# satslide itself, for the results that are its JSON reports. A limit
# reached (20: --max-horizon, 21: --timeout) is a result too; any other
# failure stops the script.
solve() {
  status=0
  ./build/cli/satslide "$@" || status=$?
  case $status in
    0 | 20 | 21) ;;
    *) echo "run_all.sh: satslide $* exited with $status" >&2
       exit "$status" ;;
  esac
}

# Korf's instance $1 from the blank-last file, as [t0,...,t15].
korf_board() {
  awk -v id="$1" '$1 == id { s = $3; for (i = 4; i <= NF; i++) s = s "," $i
                             print "[" s "]" }' \
      benchmarks/data/npuzzle/korf100_15puzzle_blank_last.txt
}

# Board $1 of Fogleman's Rush Hour database.
rush_board() {
  awk -v id="$1" '$1 == id { print $3 }' \
      benchmarks/data/rushhour/fogleman_rush_18k_oracle.tsv
}

# One line of klotski-piece-150s/results.txt: layout $1 in the piece
# metric, 150 s. The satslide command is RESULTS.md's; no script is
# recorded for the line itself, its format is the tracked file's.
piece150() {
  optimum=$(awk -F'\t' -v f="$1.txt" '$1 == f { print $8 }' \
      benchmarks/data/klotski/klotski_results.tsv)
  solve --puzzle klotski --metric piece \
      --file "benchmarks/data/klotski/layouts/$1.txt" \
      --timeout 150 -q --json >"$tmp"
  python3 -c 'import json, sys
r = json.load(open(sys.argv[3]))
print(sys.argv[1], sys.argv[2], r["status"], r["length"], r["optimal"],
      r["no_plan_up_to"], round(r["seconds"], 1))' "$1" "$optimum" "$tmp"
}

# Every result, in RESULTS.md's order, with the section it feeds.
results() {
  cat <<'EOF'
8puzzle|8-puzzle: all public instances (34 random + one 31-mover)
8puzzle-31.png|8-puzzle: all public instances (34 random + one 31-mover)
8puzzle-textbook|8-puzzle > Against the textbook planner (SATPLAN loop: every horizon from 0, fresh solver)
hyperfine-8puzzle.md|8-puzzle > Against the textbook planner (SATPLAN loop: every horizon from 0, fresh solver)
8puzzle-driver|8-puzzle > Driver strategies and CaDiCaL configurations
15puzzle-phase|8-puzzle > Driver strategies and CaDiCaL configurations
rush40-phase|8-puzzle > Driver strategies and CaDiCaL configurations
15puzzle|15-puzzle: random-walk scrambles with optimum 20–39
korf100-short|Korf's 15-puzzles (blank-last file), proven optimal by SAT
korf100-mid|Korf's 15-puzzles (blank-last file), proven optimal by SAT
korf100-47to49|Korf's 15-puzzles (blank-last file), proven optimal by SAT
korf100-50|Korf's 15-puzzles (blank-last file), proven optimal by SAT
korf100-51|Korf's 15-puzzles (blank-last file), proven optimal by SAT
korf100-52|Korf's 15-puzzles (blank-last file), proven optimal by SAT
hard-npuzzle|3×4 53-movers and 15-puzzles with optimum 40–49
rush40|Rush Hour: the public original cards, both metrics
hyperfine-rush40.md|Rush Hour: the public original cards, both metrics
rush40-cadical|Rush Hour: the public original cards, both metrics
rush40-encodings|Rush Hour: the public original cards, both metrics
rush40-any|Rush Hour cards > Any plan (`--any`: parallel steps, Madagascar's schedule)
rush40-labels|Rush Hour cards > Move labels for the block puzzles (compact actions)
klotski-labels|Rush Hour cards > Move labels for the block puzzles (compact actions)
hyperfine-rush40-labels.md|Rush Hour cards > Move labels for the block puzzles (compact actions)
rush-db|Rush Hour: Fogleman's database, one board per slide optimum 1–60
rush-db-all-slide|Rush Hour database > The whole public split, both metrics
rush-db-all-step|Rush Hour database > The whole public split, both metrics
rush-db-all-step-rest|Rush Hour database > The whole public split, both metrics
rush-db-all-step-tail|Rush Hour database > The whole public split, both metrics
rush-db-step-reruns|Rush Hour database > The whole public split, both metrics
24puzzle-any|24-puzzle: any plan (`--any`), Korf & Felner's public instances
24puzzle-tighten|24-puzzle > Tightening the plans (`--tighten`) with the rest of a 60 s budget
any-board/shapes-1s|24-puzzle > Any board, any size: a plan at once, then better (2026-12-02)
any-board/6x6-7x7-60s|24-puzzle > Any board, any size: a plan at once, then better (2026-12-02)
any-board/10x10-60s|24-puzzle > Any board, any size: a plan at once, then better (2026-12-02)
any-board/24puzzle-after|24-puzzle > Any board, any size: a plan at once, then better (2026-12-02)
pdb-build/cold-15puzzle|24-puzzle > The first run: the tables in less than half the time (2026-12-02)
klotski-short|Klotski
klotski-counts-seed|Klotski > Count invariants (`counts`, the Klotski default)
klotski-counts|Klotski > Count invariants (`counts`, the Klotski default)
klotski-piece-counts|Klotski > Count invariants (`counts`, the Klotski default)
klotski-classic-piece|Klotski > Count invariants (`counts`, the Klotski default)
klotski-classic-slide|Klotski > Count invariants (`counts`, the Klotski default)
klotski-classic-step|Klotski > Count invariants (`counts`, the Klotski default)
klotski-piece-150s|Klotski > Count invariants (`counts`, the Klotski default)
klotski-piece|Klotski > Every layout of the data, in its published (piece) metric
klotski-identify|Klotski > Identical pieces: identified against told apart
reach-final|Reachability by SAT: the second engine
sat-vs-bfs|SAT and the explicit search
npuzzle-reach|Reachability by SAT: the second engine
rush-db-all-slide-auto|Reachability by SAT: the second engine
rush-db-all-step-auto|Reachability by SAT: the second engine
npuzzle-reach-3x4|Reachability by SAT: the second engine
rush40-reach|Reachability by SAT: the second engine
klotski-reach|Reachability by SAT: the second engine
reach-formula|Reachability by SAT: the second engine
reach-moves|Reachability by SAT: the second engine
rush40-auto|Reachability by SAT: the second engine
klotski-short-auto|Reachability by SAT: the second engine
klotski-all-auto|Reachability by SAT: the second engine
reach-threads|Reachability by SAT: the second engine
engines-block|Reachability by SAT: the second engine
engines-rush-db|Reachability by SAT: the second engine
npuzzle-2x5-reach|Reachability by SAT: the second engine
npuzzle-both-ends|Reachability by SAT: the second engine
npuzzle-auto|Reachability by SAT: the second engine
any-race|Any plan: the race
ida-korf100|IDA* over pattern databases
ida-npuzzle|IDA* over pattern databases
ida-24puzzle|IDA* over pattern databases
ida-24puzzle-6|IDA* over pattern databases > The 24-puzzle over 6-6-6-6
bounds|IDA* over pattern databases
ida-korf100-78|IDA* over pattern databases > Larger tables: 7-8
split-78|IDA* over pattern databases > Larger tables: 7-8
split-78-korf|IDA* over pattern databases > Larger tables: 7-8
default-78|IDA* over pattern databases > Larger tables: 7-8
depth-18|IDA* over pattern databases > Larger tables: 7-8
default-18|IDA* over pattern databases > Larger tables: 7-8
korf-18|IDA* over pattern databases > Larger tables: 7-8
depth-20-22|IDA* over pattern databases > Depth 22 over 7-8 on the hardest boards
korf-22|IDA* over pattern databases > Depth 22 over 7-8 on the hardest boards
korf-rule|IDA* over pattern databases > Depth 22 over 7-8 on the hardest boards
split-workers|One proof in cubes > The two 62-movers to the end, and more workers
witness|One proof in cubes > A plan first: the witness
witness-korf|One proof in cubes > A plan first: the witness
unseen-fitting|One proof in cubes > Boards no rule saw
unseen|One proof in cubes > Boards no rule saw
realtime|The engine the default picks > CaDiCaL's clock
realtime-auto-all|The engine the default picks > CaDiCaL's clock
realtime-rush-db|The engine the default picks > CaDiCaL's clock
packed-search|The engine the default picks > Explicit searches over packed positions
packed-search-blocks|The engine the default picks > Explicit searches over packed positions
packed-search-misses|The engine the default picks > Explicit searches over packed positions
packed-search-memory|The engine the default picks > Explicit searches over packed positions
split-rounds|One proof in cubes > Across machines
split-shared|One proof in cubes > One solver for every cube
split-hard|One proof in cubes > One solver for every cube
split-15puzzle|One proof in cubes > One solver for every cube
split-default|One proof in cubes > The split as the 15-puzzle's default
split-default-korf|One proof in cubes > The split as the 15-puzzle's default
split-default-12|One proof in cubes > The split as the 15-puzzle's default
cube-order|One proof in cubes > The least bound first
cube-order-korf|One proof in cubes > The least bound first
any-head-start|Any plan: the race > The head start
auto-sweep|The engine the default picks
auto-all|The engine the default picks > Every suite in one run
auto-sweep-blocks|The engine the default picks
auto-before-after|The engine the default picks
auto-sweep-hard|The engine the default picks
auto-15puzzle|The engine the default picks
auto-blocks-rule|The engine the default picks
auto-blocks-band|The engine the default picks
auto-15puzzle-sample|The engine the default picks
reach-setup|The engine the default picks > Setting up the reach solvers
any-3x4|Any plan: the race > The head start
3x4-blocks|IDA* over pattern databases > 3×4 by blocks of columns, split deeper
2x6-split|IDA* over pattern databases > 3×4 by blocks of columns, split deeper
EOF
}

# The default against each engine alone on every suite of the engine
# rule, into folder $1 (npuzzle/ and blocks/, each with worst.md).
every_suite_against_each_engine() {
  run --suite 8puzzle --suite 2x5-sweep --suite 2x6-sweep \
      --suite 11puzzle-sweep --suite 11puzzle-sweep-hard \
      --suite 15puzzle-20s --suite 15puzzle-30s \
      --encodings "pairs,pairs:--engine=horizons,pairs:--engine=reach" \
      --timeout 90 --out $1/npuzzle
  benchmarks/auto_table.py $1/npuzzle/instances.csv >$1/npuzzle/worst.md
  run --suite rush40 --suite klotski-short \
      --encodings "counts,counts:--engine=horizons,counts:--engine=reach" \
      --timeout 90 --out $1/blocks
  benchmarks/auto_table.py $1/blocks/instances.csv >$1/blocks/worst.md
}

# The commands producing result $1.
produce() {
  case $1 in
  # 8-puzzle: all public instances (34 random + one 31-mover)
  8puzzle)
    run --suite 8puzzle --encodings seed,compact,budget,pairs,ordered \
        --timeout 60 --out $R/8puzzle ;;
  # 8-puzzle: all public instances (the plot reads 8puzzle/horizons.csv)
  8puzzle-31.png)
    benchmarks/plot_horizons.sh $R/8puzzle/horizons.csv '8puzzle_depth31#1' \
        $R/8puzzle-31.png ;;
  # 8-puzzle > Against the textbook planner
  8puzzle-textbook)
    run --suite 8puzzle-31 \
        --encodings seed:--textbook-driver,pairs:--textbook-driver,seed,pairs \
        --timeout 120 --out $R/8puzzle-textbook ;;
  # 8-puzzle > Against the textbook planner (hyperfine)
  hyperfine-8puzzle.md)
    hyperfine -w 1 -r 3 -N --export-markdown $R/hyperfine-8puzzle.md \
        "./build/cli/satslide -q --board [4,3,1,2,7,8,0,6,5] --encoding seed --textbook-driver" \
        "./build/cli/satslide -q --board [4,3,1,2,7,8,0,6,5] --encoding seed" \
        "./build/cli/satslide -q --board [4,3,1,2,7,8,0,6,5]" ;;
  # 8-puzzle > Driver strategies and CaDiCaL configurations
  8puzzle-driver)
    run --suite 8puzzle \
        --encodings "pairs,pairs:--fresh-solver,pairs:--solver-config=sat,pairs:--solver-config=unsat,pairs:--solver-config=plain,pairs:--cadical=phase=0" \
        --timeout 60 --out $R/8puzzle-driver ;;
  # 8-puzzle > Driver strategies and CaDiCaL configurations (other families)
  15puzzle-phase)
    run --suite 15puzzle-20s --suite 15puzzle-30s \
        --encodings pairs,pairs:--cadical=phase=0 --timeout 60 \
        --out $R/15puzzle-phase ;;
  # 8-puzzle > Driver strategies and CaDiCaL configurations (other families)
  rush40-phase)
    run --extra "--engine horizons" --suite rush40 --encodings pairs,pairs:--cadical=phase=0 \
        --timeout 60 --out $R/rush40-phase ;;
  # 15-puzzle: random-walk scrambles with optimum 20–39
  15puzzle)
    run --suite 15puzzle-20s --suite 15puzzle-30s \
        --encodings seed,compact,pairs,ordered --timeout 60 \
        --out $R/15puzzle ;;
  # Korf's 15-puzzles (blank-last file), proven optimal by SAT
  korf100-short | korf100-mid | korf100-47to49 | korf100-50 | korf100-51)
    run --suite "$1" --encodings pairs --timeout 600 --out "$R/$1" ;;
  # Korf's 15-puzzles: the three public 52-movers, one JSON report each
  korf100-52)
    mkdir -p $R/korf100-52
    for id in 28 6 36; do
      solve --puzzle 15 --board "$(korf_board $id)" --timeout 600 --json -q \
          >"$R/korf100-52/korf$id.json"
    done ;;
  # 3×4 53-movers and 15-puzzles with optimum 40–49
  hard-npuzzle)
    run --suite 11puzzle-53 --suite 15puzzle-40s --encodings pairs \
        --timeout 120 --out $R/hard-npuzzle ;;
  # Rush Hour: the public original cards, both metrics
  rush40)
    run --extra "--engine horizons" --suite rush40 --encodings seed,compact,pairs,ordered --timeout 60 \
        --out $R/rush40 ;;
  # Rush Hour: the public original cards, both metrics (card #40). The
  # default encoding was `pairs` then; it is `counts` now (RESULTS.md's
  # command, kept as recorded, so "default" now measures `counts`).
  hyperfine-rush40.md)
    hyperfine -r 2 -N --export-markdown $R/hyperfine-rush40.md \
        "./build/cli/satslide -q --puzzle rushhour --engine horizons --metric step --encoding seed" \
        "./build/cli/satslide -q --puzzle rushhour --engine horizons --metric step" \
        "./build/cli/satslide -q --puzzle rushhour --engine horizons --metric slide --encoding seed" \
        "./build/cli/satslide -q --puzzle rushhour --engine horizons --metric slide" ;;
  # Rush Hour: the public original cards (a later run; RESULTS.md elides
  # the list, the full one is in the folder's summary.md)
  rush40-cadical)
    run --extra "--engine horizons" --suite rush40 \
        --encodings "pairs,pairs:--cadical=stabilize=0,pairs:--cadical=elim=0,pairs:--cadical=chrono=0,pairs:--cadical=walk=0,pairs:--cadical=inprocessing=0,seed" \
        --timeout 60 --out $R/rush40-cadical ;;
  # Rush Hour: the public original cards (a later run)
  rush40-encodings)
    run --extra "--engine horizons" --suite rush40 --encodings seed,windows,pruned,compact,budget,pairs \
        --timeout 60 --out $R/rush40-encodings ;;
  # Rush Hour cards > Any plan (the fast path alone: --any-path=first)
  rush40-any)
    run --extra "--engine horizons" --suite rush40 --encodings pairs,pairs:--any:--any-path=first \
        --timeout 60 --out $R/rush40-any ;;
  # Rush Hour cards > Move labels for the block puzzles (compact actions)
  rush40-labels)
    run --extra "--engine horizons" --suite rush40 --encodings seed,compact,pairs --timeout 60 \
        --out $R/rush40-labels ;;
  # Rush Hour cards > Move labels for the block puzzles (compact actions)
  klotski-labels)
    run --extra "--engine horizons" --suite klotski-short --encodings seed,compact,pairs --timeout 60 \
        --out $R/klotski-labels ;;
  # Rush Hour cards > Move labels for the block puzzles (RESULTS.md elides
  # the commands; they are the ones in the tracked file)
  hyperfine-rush40-labels.md)
    hyperfine -r 3 -N --export-markdown $R/hyperfine-rush40-labels.md \
        "./build/cli/satslide -q --puzzle rushhour --engine horizons --metric step --encoding seed" \
        "./build/cli/satslide -q --puzzle rushhour --engine horizons --metric step --encoding pairs" \
        "./build/cli/satslide -q --puzzle rushhour --engine horizons --metric step --encoding compact" \
        "./build/cli/satslide -q --puzzle rushhour --engine horizons --metric slide --encoding seed" \
        "./build/cli/satslide -q --puzzle rushhour --engine horizons --metric slide --encoding pairs" \
        "./build/cli/satslide -q --puzzle rushhour --engine horizons --metric slide --encoding compact" ;;
  # Rush Hour: Fogleman's database, one board per slide optimum 1–60
  rush-db)
    run --extra "--engine horizons" --suite rush-db --encodings pairs --timeout 60 --out $R/rush-db ;;
  # Rush Hour database > The whole public split (slide metric)
  rush-db-all-slide)
    logged $R/rush-db-all-slide --extra "--engine horizons" --suite rush-db-all-slide \
        --encodings compact --timeout 60 ;;
  # Rush Hour database > The whole public split (step metric, boards
  # 1-5249: the recorded run was cut off there, --limit stops it there)
  rush-db-all-step)
    logged $R/rush-db-all-step --extra "--engine horizons" --suite rush-db-all-step \
        --encodings compact --timeout 60 --limit 5249 ;;
  # Rush Hour database > The whole public split (step metric, the resumption)
  rush-db-all-step-rest)
    logged $R/rush-db-all-step-rest --extra "--engine horizons" --suite rush-db-all-step \
        --encodings compact --timeout 60 --start 5249 --limit 158 ;;
  # Rush Hour database > The whole public split (step metric, the tail)
  rush-db-all-step-tail)
    logged $R/rush-db-all-step-tail --extra "--engine horizons" --suite rush-db-all-step \
        --encodings compact --timeout 60 --start 5407 ;;
  # Rush Hour database > The whole public split (the four 60 s step
  # misses at 600 s, one JSON report each)
  rush-db-step-reruns)
    mkdir -p $R/rush-db-step-reruns
    for idx in 14579 15797 17190 17867; do
      solve --puzzle rushhour --engine horizons --metric step --board "$(rush_board $idx)" \
          --timeout 600 -q --json >"$R/rush-db-step-reruns/rush-db$idx-step.json"
    done ;;
  # 24-puzzle: any plan (the fast path alone: --any-path=first)
  24puzzle-any)
    run --suite 24puzzle --encodings pairs:--any:--any-path=first \
        --timeout 60 --out $R/24puzzle-any ;;
  # 24-puzzle > Tightening the plans (the fast path alone: --any-path=first)
  24puzzle-tighten)
    run --suite 24puzzle \
        --encodings pairs:--any:--any-path=first,pairs:--any:--any-path=first:--tighten \
        --timeout 60 --out $R/24puzzle-tighten ;;
  # 24-puzzle > Any board, any size: boards drawn fresh by scramble --random
  any-board/shapes-1s)
    shapes=$(for n in $(seq 2 20); do printf '%sx%s,' "$n" "$n"; done)
    ./benchmarks/any_board.py ${SATSLIDE:+--binary "$SATSLIDE"} \
        --shapes "${shapes}2x10,2x20,10x2,20x2,3x8,4x7" --boards 1 --seed 57 \
        --timeout 1 --out $R/any-board/shapes-1s ;;
  any-board/6x6-7x7-60s)
    ./benchmarks/any_board.py ${SATSLIDE:+--binary "$SATSLIDE"} \
        --shapes 6x6,7x7 --boards 10 --seed 2026 --timeout 60 \
        --out $R/any-board/6x6-7x7-60s ;;
  any-board/10x10-60s)
    ./benchmarks/any_board.py ${SATSLIDE:+--binary "$SATSLIDE"} \
        --shapes 10x10 --boards 5 --seed 2026 --timeout 60 \
        --out $R/any-board/10x10-60s ;;
  # (any-board/24puzzle-before: the same with SATSLIDE= the binary of 32f455d)
  any-board/24puzzle-after)
    run --suite 24puzzle --encodings pairs:--any --timeout 60 \
        --out $R/any-board/24puzzle-after ;;
  # 24-puzzle > The first run: a cold 15-puzzle, the binary before
  # ($BEFORE, default the PATH's satslide) against build/'s
  pdb-build/cold-15puzzle)
    mkdir -p $R/pdb-build
    cold=$(mktemp -d)
    board=6,2,8,3,5,4,13,15,1,7,0,12,10,9,14,11
    hyperfine --runs 5 --prepare "rm -rf $cold/cache" \
        -n before "SATSLIDE_CACHE_DIR=$cold/cache ${BEFORE:-satslide} --puzzle 15 --board $board" \
        -n after "SATSLIDE_CACHE_DIR=$cold/cache ${SATSLIDE:-build/cli/satslide} --puzzle 15 --board $board" \
        --export-json $R/pdb-build/cold-15puzzle.json \
        --export-markdown $R/pdb-build/cold-15puzzle.md
    rm -rf "$cold" ;;
  # Klotski (layouts with step optimum <= 26)
  klotski-short)
    run --extra "--engine horizons" --suite klotski-short --encodings seed,pairs --timeout 30 \
        --out $R/klotski-short ;;
  # Klotski > Count invariants
  klotski-counts-seed)
    run --extra "--engine horizons" --suite klotski-short --encodings seed,counts --timeout 60 \
        --out $R/klotski-counts-seed ;;
  # Klotski > Count invariants
  klotski-counts)
    run --extra "--engine horizons" --suite klotski-short --encodings compact,counts --timeout 60 \
        --out $R/klotski-counts ;;
  # Klotski > Count invariants (every layout, piece metric)
  klotski-piece-counts)
    run --extra "--engine horizons" --suite klotski-piece --encodings counts --timeout 20 \
        --out $R/klotski-piece-counts ;;
  # Klotski > Count invariants (the classic to the end: the JSON report,
  # and stderr's line per horizon)
  klotski-classic-piece | klotski-classic-slide | klotski-classic-step)
    metric=${1#klotski-classic-}
    case $metric in
      piece) limit=6000 ;;
      slide) limit=4800 ;;
      step) limit=4500 ;;
    esac
    mkdir -p "$R/$1"
    solve --puzzle klotski --engine horizons --metric "$metric" --timeout "$limit" --json \
        >"$R/$1/result.json" 2>"$R/$1/horizons.log" ;;
  # Klotski > Count invariants (the 13 layouts with piece optimum < 50
  # that the 20 s sweep missed, 150 s each)
  klotski-piece-150s)
    mkdir -p $R/klotski-piece-150s
    tmp=$(mktemp)
    {
      echo "# layout, listed piece optimum, status, length, proven optimal, no plan up to, seconds"
      for name in fayaa_075 fayaa_082 fayaa_158 fayaa_264 fayaa_270 \
                  fayaa_292 fayaa_295 fayaa_306 fayaa_323 fayaa_326 \
                  fayaa_359 fayaa_378 tla_mas_puzzle; do
        piece150 "$name"
      done
    } >$R/klotski-piece-150s/results.txt
    rm -f "$tmp" ;;
  # Klotski > Every layout of the data, in its published (piece) metric
  klotski-piece)
    run --extra "--engine horizons" --suite klotski-piece --encodings pairs --timeout 20 \
        --out $R/klotski-piece ;;
  # Klotski > Identical pieces: identified against told apart
  klotski-identify)
    run --extra "--engine horizons" --suite klotski-short --encodings pairs,pairs:--distinct-pieces \
        --timeout 30 --out $R/klotski-identify ;;
  # Reachability by SAT: the second engine
  reach-moves)
    S=./build/cli/satslide
    mkdir -p $R/reach-moves
    hyperfine -N -w 1 -r 3 --export-markdown $R/reach-moves/hyperfine.md \
        "$S -q --puzzle klotski --metric step --engine reach --reach-blocking visited" \
        "$S -q --puzzle klotski --metric step --engine reach --reach-blocking moves" \
        "$S -q --puzzle klotski --metric slide --engine reach --reach-blocking visited" \
        "$S -q --puzzle klotski --metric slide --engine reach --reach-blocking moves" \
        "$S -q --puzzle klotski --metric piece --engine reach --reach-blocking visited" \
        "$S -q --puzzle klotski --metric piece --engine reach --reach-blocking moves" \
        "$S -q --puzzle rushhour --metric step --engine reach --reach-blocking visited" \
        "$S -q --puzzle rushhour --metric step --engine reach --reach-blocking moves" \
        "$S -q --puzzle rushhour --metric slide --engine reach --reach-blocking visited" \
        "$S -q --puzzle rushhour --metric slide --engine reach --reach-blocking moves" \
        "$S -q --puzzle klotski --metric step" "$S -q --puzzle klotski --metric slide" \
        "$S -q --puzzle klotski --metric piece" "$S -q --puzzle rushhour --metric step" \
        "$S -q --puzzle rushhour --metric slide" ;;
  reach-final)
    S=./build/cli/satslide
    mkdir -p $R/reach-final
    hyperfine -N -w 1 -r 3 --export-markdown $R/reach-final/hyperfine.md \
        "$S -q --puzzle klotski --metric step" \
        "$S -q --puzzle klotski --metric slide" \
        "$S -q --puzzle klotski --metric piece" \
        "$S -q --puzzle rushhour --metric step" \
        "$S -q --puzzle rushhour --metric slide" \
        "$S -q --puzzle klotski --metric slide --engine bfs" \
        "$S -q --puzzle rushhour --metric step --engine bfs" ;;
  rush-db-all-slide-auto | rush-db-all-step-auto)
    m=${1#rush-db-all-}
    m=${m%-auto}
    for start in 0 2000 4000 6000; do
      run --suite rush-db-all-$m --encodings counts --timeout 60 \
          --start $start --limit 2000 --out $R/rush-db-all-$m-auto-$start
    done ;;
  reach-threads)
    S=./build/cli/satslide
    mkdir -p $R/reach-threads
    for p in "klotski --metric step" "klotski --metric slide" \
             "klotski --metric piece" "rushhour --metric step" \
             "rushhour --metric slide"; do
      echo "$S -q --puzzle $p --engine reach --reach-formula seed"
      echo "$S -q --puzzle $p --engine reach"
      echo "$S -q --puzzle $p --engine reach --threads 2"
      echo "$S -q --puzzle $p"
    done | tr '\n' '\0' | xargs -0 hyperfine -N -w 1 -r 5 \
        --export-markdown $R/reach-threads/hyperfine.md ;;
  engines-block)
    run --suite rush40 --suite klotski-short \
        --encodings "counts:--engine=horizons,counts:--engine=reach,counts:--engine=reach:--threads=2,counts" \
        --timeout 60 --out $R/engines-block ;;
  engines-rush-db)
    run --suite rush-db \
        --encodings "counts:--engine=reach,counts:--engine=reach:--threads=2,counts" \
        --timeout 60 --out $R/engines-rush-db ;;
  npuzzle-2x5-reach)
    # Random solvable 2x5 boards (satslide scramble --seed 3), 60 s each.
    S=${SATSLIDE:-./build/cli/satslide}
    mkdir -p $R/npuzzle-2x5-reach
    $S scramble --puzzle npuzzle --rows 2 --cols 5 --random --count 3 \
        --seed 3 | sed 's/.*"board":"\([^"]*\)".*/\1/' | while read -r b; do
      for e in horizons "reach --threads 2 --reach-from start" \
               "reach --threads 2"; do
        echo "$S -q --puzzle npuzzle --rows 2 --cols 5 --board $b --engine $e --timeout 60"
      done
    done | tr '\n' '\0' | xargs -0 hyperfine -N -i -w 0 -r 1 \
        --export-markdown $R/npuzzle-2x5-reach/hyperfine.md ;;
  npuzzle-both-ends)
    # The horizon driver against reach from both ends (one thread and
    # two): every public 8-puzzle, the first few of each larger suite.
    e="pairs:--engine=horizons,pairs:--engine=reach,pairs:--engine=reach:--threads=2"
    run --suite 8puzzle --encodings "$e" --timeout 60 \
        --out $R/npuzzle-both-ends-8puzzle
    run --suite 11puzzle --limit 5 --encodings "$e" --timeout 60 \
        --out $R/npuzzle-both-ends-11puzzle
    run --suite 15puzzle-20s --limit 10 --encodings "$e" --timeout 60 \
        --out $R/npuzzle-both-ends-15puzzle-20s
    run --suite 15puzzle-30s --limit 3 --encodings "$e" --timeout 60 \
        --out $R/npuzzle-both-ends-15puzzle-30s ;;
  npuzzle-auto)
    # The default engine (auto: reach on spaces of at most 3e8 positions)
    # against the horizon driver, on the same boards as above.
    run --suite 8puzzle --encodings "pairs:--engine=horizons,pairs" \
        --timeout 60 --out $R/npuzzle-auto-8puzzle
    run --suite 11puzzle --limit 5 --encodings "pairs:--engine=horizons,pairs" \
        --timeout 60 --out $R/npuzzle-auto-11puzzle ;;
  sat-vs-bfs)
    # The default SAT engine against the explicit search, per family, in
    # one run; then explore's whole spaces.
    for s in 8puzzle-31 11puzzle 15puzzle-20s 15puzzle-30s; do
      run --suite $s --encodings "pairs,pairs:--engine=bfs" --timeout 120 \
          --limit 5 --out $R/sat-vs-bfs/$s
    done
    for s in rush40 klotski-classic klotski-short; do
      run --suite $s --encodings "counts,counts:--engine=bfs" --timeout 120 \
          --out $R/sat-vs-bfs/$s
    done
    S=./build/cli/satslide
    hyperfine -N -w 1 -r 3 --export-markdown $R/sat-vs-bfs/explore.md \
        "$S explore --puzzle klotski" \
        "$S explore --puzzle rushhour" \
        "$S explore --puzzle 8 --board 8,6,7,2,5,4,3,0,1"
    hyperfine -N -r 1 --export-markdown $R/sat-vs-bfs/explore-big.md \
        "$S explore --puzzle npuzzle --rows 3 --cols 4 --board 0,1,2,3,4,5,6,7,8,9,10,11" \
        "$S explore --puzzle klotski --distinct-pieces" ;;
  split-shared)
    # The in-process split with one solver for every cube (the default
    # --cube-solver shared) against the one horizon driver, Korf #55 and
    # #79, one run: wall, CPU and memory per depth, and two threads.
    d=$R/split-shared
    mkdir -p $d
    bin=${SATSLIDE:-./build/cli/satslide}
    echo "instance,args,status,length,wall_s,user_s,max_kb,cubes,by_bound,sat_calls" >$d/runs.csv
    for id in 55 79; do
      board=$(awk -v id="$id" '!/^#/ && $1 == id { for (i = 3; i <= NF; i++) printf "%s%s", $i, (i < NF ? "," : "") }' \
        benchmarks/data/npuzzle/korf100_15puzzle_blank_last.txt)
      for args in "" "--split-depth 8" "--split-depth 12" "--split-depth 14" \
                  "--split-depth 16" "--split-depth 18" "--split-depth 16 --threads 2"; do
        /usr/bin/time -f "%e,%U,%M" -o $d/time.txt \
          "$bin" --puzzle 15 --board "$board" $args --timeout 900 --json -q >$d/out.json || true
        python3 -c "import json, sys
d = json.load(open('$d/out.json')); s = d.get('split', {})
print('korf$id,$args,%s,%s,%s,%s,%s,%s' % (d['status'], d.get('length'), open('$d/time.txt').read().strip(), s.get('cubes', ''), s.get('refuted_by_bound', ''), d.get('sat_calls', '')))" >>$d/runs.csv
      done
    done
    rm -f $d/out.json $d/time.txt ;;
  split-15puzzle)
    # Toward a default: the split with shared solvers on the 15-puzzle
    # scrambles (20-39 moves) against the default, one run per suite.
    for s in 20s 30s; do
      run --suite 15puzzle-$s \
          --encodings "pairs,pairs:--split-depth=12:--threads=2,pairs:--split-depth=16:--threads=2" \
          --timeout 120 --out $R/split-15puzzle/$s
    done ;;
  split-default)
    # The split as the 15-puzzle's default: before (BEFORE: a binary of
    # commit e0882b4, the horizon driver alone on long boards) and after,
    # one run per suite.
    old=${BEFORE:?BEFORE=path to a satslide built at commit e0882b4}
    for s in 20s 30s 40s; do
      run --suite 15puzzle-$s --encodings "pairs,pairs@$old" --timeout 150 \
          --out $R/split-default/$s
    done ;;
  split-default-12)
    # The split as the default on 3x4 (depth 14; 2x6 keeps its engines):
    # before (BEFORE: a binary of commit 25e0403, the split on the
    # 15-puzzle only) and after, one run.
    old=${BEFORE:?BEFORE=path to a satslide built at commit 25e0403}
    run --suite 11puzzle --suite 2x6-sweep --encodings "pairs,pairs@$old" \
        --timeout 90 --out $R/split-default/12-cells ;;
  split-default-korf)
    # The public Korf instances of 41-52 moves by the default (the split
    # at depth 16 on both threads), ten minutes each.
    run --suite korf100-short --suite korf100-mid --suite korf100-47to49 \
        --suite korf100-50 --encodings pairs --timeout 600 \
        --out $R/split-default/korf
    run --suite korf100-51 --suite korf100-52 --encodings pairs \
        --timeout 600 --out $R/split-default/korf-51-52 ;;
  cube-order)
    # The order of a round's cubes: the least bound first (the default)
    # against breadth-first order, the same binary, one run per suite.
    # Three ways on the scrambles and 3x4: breadth-first order (before),
    # the least bound first, and that with a probe of 2,000 conflicts.
    for s in 15puzzle-20s 15puzzle-30s 15puzzle-40s 11puzzle; do
      run --suite $s --encodings \
          "pairs:--cube-order=frontier:--cube-probe=0,pairs:--cube-probe=0,pairs:--cube-probe=2000" \
          --timeout 150 --out $R/cube-order/$s
    done
    run --suite korf100-41to52 \
        --encodings "pairs:--cube-order=frontier:--cube-probe=0,pairs:--cube-probe=2000" \
        --timeout 300 --out $R/cube-order/korf-41-52 ;;
  cube-order-korf)
    # The public Korf instances of 53-55 moves by the default, ten minutes
    # each.
    run --suite korf100-53to55 --encodings pairs --timeout 600 \
        --out $R/cube-order/korf-53-55
    # Then the 56-movers, with the probe on.
    run --suite korf100-56 --encodings pairs --timeout 600 \
        --out $R/cube-order/korf-56 ;;
  split-hard)
    # Korf instances the one solver did not prove in 10 minutes (#64, #36)
    # and the first 53-, 54-movers, split at depth 16 on two threads,
    # 900 s each, one after another.
    d=$R/split-hard
    mkdir -p $d
    bin=${SATSLIDE:-./build/cli/satslide}
    for id in 64 36 50 21; do
      board=$(awk -v id="$id" '!/^#/ && $1 == id { for (i = 3; i <= NF; i++) printf "%s%s", $i, (i < NF ? "," : "") }' \
        benchmarks/data/npuzzle/korf100_15puzzle_blank_last.txt)
      /usr/bin/time -f "%e %U %M" -o $d/korf$id.time "$bin" --puzzle 15 \
        --board "$board" --split-depth 16 --threads 2 --timeout 900 --json -q \
        >$d/korf$id.json || true
    done ;;
  split-rounds)
    # One proof across machines: split, batch (2 shards on GNU parallel),
    # merge, round after round (benchmarks/split_rounds.sh), at depths 4
    # and 6, against the one-solver default, instance after instance
    # (SPLIT_KORF: the public Korf ids, default the two shortest); then the
    # clusters simulated from the recorded cube times.
    d=$R/split-rounds
    mkdir -p $d
    bin=${SATSLIDE:-./build/cli/satslide}
    for id in ${SPLIT_KORF:-55 79}; do
      board=$(awk -v id="$id" '!/^#/ && $1 == id { for (i = 3; i <= NF; i++) printf "%s%s", $i, (i < NF ? "," : "") }' \
        benchmarks/data/npuzzle/korf100_15puzzle_blank_last.txt)
      /usr/bin/time -f %e -o $d/korf$id.one.seconds \
        "$bin" --puzzle 15 --board "$board" --json -q >$d/korf$id.one.json
      for k in 4 6; do
        rm -rf $d/korf$id-k$k
        /usr/bin/time -f %e -o $d/korf$id-k$k.seconds env SATSLIDE="$bin" \
          benchmarks/split_rounds.sh $d/korf$id-k$k 2 --puzzle 15 \
          --board "$board" --split-depth $k -q >/dev/null
      done
    done
    benchmarks/cube_schedule.py $d/korf*-k[0-9] --workers 2,64,256,1024 \
      --overhead 1 >$d/schedule.md ;;
  3x4-blocks)
    # The 3x4 and 2x6 tables as blocks across the short side and the deeper
    # 3x4 split (BEFORE: a binary of commit a517cf3), one run: IDA*, then
    # the default against the one before and each engine on the sweeps,
    # then the default against the one before on the public and the
    # hardest boards.
    old=${BEFORE:?BEFORE=path to a satslide built at commit a517cf3}
    run --suite 11puzzle --suite 11puzzle-sweep --suite 11puzzle-sweep-hard \
        --suite 11puzzle-53 --suite 2x6-sweep --suite 2x6-sweep-hard \
        --encodings "pairs:--engine=ida,pairs:--engine=ida@$old" \
        --timeout 60 --out $R/3x4-blocks/ida
    run --suite 11puzzle-sweep --suite 2x6-sweep \
        --encodings "pairs,pairs@$old,pairs:--engine=horizons,pairs:--engine=reach" \
        --timeout 90 --out $R/3x4-blocks/sweep
    benchmarks/auto_table.py $R/3x4-blocks/sweep/instances.csv \
        >$R/3x4-blocks/sweep/worst.md
    run --suite 11puzzle --suite 11puzzle-sweep-hard --suite 11puzzle-53 \
        --encodings "pairs,pairs@$old" --timeout 120 \
        --out $R/3x4-blocks/hard ;;
  2x6-split)
    # The split on 2x6 by the 12-cell lines (BEFORE: a binary of commit
    # 416884e, where 2x6 was never split), one run.
    old=${BEFORE:?BEFORE=path to a satslide built at commit 416884e}
    run --suite 2x6-sweep --suite 2x6-sweep-hard \
        --encodings "pairs,pairs@$old" --timeout 90 \
        --out $R/3x4-blocks/2x6-split ;;
  auto-all)
    # The default against each engine alone on every n-puzzle suite and
    # block suite of the engine rule, one binary, one run (#23): the
    # worst ratio per suite in worst.md.
    every_suite_against_each_engine $R/auto-all ;;
  realtime-auto-all)
    # The same after CaDiCaL's clock went to real time.
    every_suite_against_each_engine $R/realtime/auto-all ;;
  realtime-rush-db)
    # Fogleman's boards (one per slide optimum, both metrics) against each
    # engine after the clock: does the Rush Hour line, fitted with the
    # slower reach, still hold?
    run --suite rush-db \
        --encodings "counts,counts:--engine=horizons,counts:--engine=reach" \
        --timeout 60 --out $R/realtime/rush-db
    benchmarks/auto_table.py $R/realtime/rush-db/instances.csv \
        >$R/realtime/rush-db/worst.md ;;
  auto-sweep)
    # The default against each SAT engine on every small n-puzzle suite,
    # one run; then the worst ratio per suite.
    run --suite 8puzzle --suite 2x5-sweep --suite 2x6-sweep \
        --suite 11puzzle-sweep \
        --encodings "pairs,pairs:--engine=horizons,pairs:--engine=reach" \
        --timeout 90 --out $R/auto-sweep
    benchmarks/auto_table.py $R/auto-sweep/instances.csv \
        >$R/auto-sweep/worst.md ;;
  auto-sweep-blocks)
    # The same on the block suites and the 15-puzzle's short scrambles.
    run --suite rush40 --suite klotski-short \
        --encodings "counts,counts:--engine=horizons,counts:--engine=reach" \
        --timeout 90 --out $R/auto-sweep-blocks
    benchmarks/auto_table.py $R/auto-sweep-blocks/instances.csv \
        >$R/auto-sweep-blocks/worst.md
    run --suite 15puzzle-20s \
        --encodings "pairs,pairs:--engine=horizons,pairs:--engine=reach" \
        --timeout 90 --out $R/auto-sweep-blocks/15puzzle
    benchmarks/auto_table.py $R/auto-sweep-blocks/15puzzle/instances.csv \
        >$R/auto-sweep-blocks/15puzzle/worst.md ;;
  auto-sweep-hard)
    # The 3x4 sweep's 47-51-movers, four minutes each engine.
    run --suite 11puzzle-sweep-hard \
        --encodings "pairs,pairs:--engine=horizons,pairs:--engine=reach" \
        --timeout 240 --out $R/auto-sweep-hard
    benchmarks/auto_table.py $R/auto-sweep-hard/instances.csv \
        >$R/auto-sweep-hard/worst.md ;;
  auto-15puzzle)
    # The rule on the 15-puzzle (BEFORE: a binary of commit f9969f3, where
    # the 15-puzzle had the horizon driver alone), one run per suite.
    old=${BEFORE:?BEFORE=path to a satslide built before the rule reached the 15-puzzle}
    run --suite 15puzzle-20s \
        --encodings "pairs,pairs@$old,pairs:--engine=horizons,pairs:--engine=reach" \
        --timeout 90 --out $R/auto-15puzzle/20s
    benchmarks/auto_table.py $R/auto-15puzzle/20s/instances.csv \
        >$R/auto-15puzzle/20s/worst.md
    run --suite 15puzzle-30s --encodings "pairs,pairs@$old" --timeout 120 \
        --out $R/auto-15puzzle/30s ;;
  auto-before-after)
    # The default before the rule (BEFORE: a binary of commit 6858ee3)
    # and after it, on the 12-cell sweeps, one run.
    old=${BEFORE:?BEFORE=path to a satslide built at commit 6858ee3}
    run --suite 2x6-sweep --suite 11puzzle-sweep \
        --encodings "pairs,pairs@$old" --timeout 90 \
        --out $R/auto-before-after ;;
  auto-blocks-rule)
    # The block puzzles' rule (a near goal behind wide layers: the horizon
    # driver): before (BEFORE: a binary of commit 4772f6a) and after, with
    # each engine alone, on the cards, Fogleman's database (one board per
    # slide optimum) and the short Klotski layouts, one run.
    old=${BEFORE:?BEFORE=path to a satslide built at commit 4772f6a}
    run --suite rush40 --suite rush-db --suite klotski-short \
        --encodings "counts,counts@$old,counts:--engine=horizons,counts:--engine=reach" \
        --timeout 60 --out $R/auto-blocks-rule
    benchmarks/auto_table.py $R/auto-blocks-rule/instances.csv \
        >$R/auto-blocks-rule/worst.md ;;
  auto-blocks-band)
    # The block puzzles' uncertain band (between half the family's line
    # and the line: reach and the horizon driver side by side): before
    # (BEFORE: a binary of commit 99b456b) and after, with each engine
    # alone, on the cards and Fogleman's database, one run. Klotski is
    # never sampled, so it is left out.
    old=${BEFORE:?BEFORE=path to a satslide built at commit 99b456b}
    run --suite rush40 --suite rush-db \
        --encodings "counts,counts@$old,counts:--engine=horizons,counts:--engine=reach" \
        --timeout 60 --out $R/auto-blocks-band
    benchmarks/auto_table.py $R/auto-blocks-band/instances.csv \
        >$R/auto-blocks-band/worst.md ;;
  reach-setup)
    # The reach solvers' set-up (clauses in one array, spare solvers set
    # up beside the first): before (BEFORE: a binary of commit d789c2e)
    # and after, with each engine alone, on the block suites, one run.
    old=${BEFORE:?BEFORE=path to a satslide built at commit d789c2e}
    run --suite rush40 --suite rush-db --suite klotski-short \
        --encodings "counts,counts@$old,counts:--engine=horizons,counts:--engine=reach" \
        --timeout 60 --out $R/reach-setup
    benchmarks/auto_table.py $R/reach-setup/instances.csv \
        >$R/reach-setup/worst.md
    # The boards of a few ms, where one run says nothing: hyperfine.
    new=${SATSLIDE:-./build/cli/satslide}
    k=benchmarks/data/klotski/layouts
    db="--puzzle rushhour --board BBBCCHoooGoHAAoGooFDDEEEFoooooFooooo --metric step"
    hyperfine -N -w 3 -r 30 --export-markdown $R/reach-setup/tiny-klotski.md \
      "$old --puzzle klotski --file $k/fayaa_271.txt --metric piece -q" \
      "$old --puzzle klotski --file $k/fayaa_063.txt --metric piece -q" \
      "$old $db -q" \
      "$new --puzzle klotski --file $k/fayaa_271.txt --metric piece -q" \
      "$new --puzzle klotski --file $k/fayaa_063.txt --metric piece -q" \
      "$new $db -q" \
      "$new --puzzle klotski --file $k/fayaa_271.txt --metric piece -q --engine reach" \
      "$new --puzzle klotski --file $k/fayaa_063.txt --metric piece -q --engine reach" \
      "$new $db -q --engine reach" "$new $db -q --engine horizons"
    set --
    for m in slide step; do
      a="--puzzle rushhour --board BBBCCHoooGoHAAoGoooFoooooFDDxooooooo --metric $m -q"
      set -- "$@" "$old $a" "$new $a" "$new $a --engine reach" "$new $a --engine horizons"
    done
    hyperfine -N -w 3 -r 30 --export-markdown $R/reach-setup/tiny-rush.md "$@" ;;
  auto-15puzzle-sample)
    # The 15-puzzle's smaller prediction sample: before (BEFORE: a binary
    # of commit 99b456b) and after, with each engine alone, one run per
    # suite.
    old=${BEFORE:?BEFORE=path to a satslide built at commit 99b456b}
    for s in 20s 30s; do
      run --suite 15puzzle-$s \
          --encodings "pairs,pairs@$old,pairs:--engine=horizons,pairs:--engine=reach" \
          --timeout 120 --out $R/auto-15puzzle-sample/$s
      benchmarks/auto_table.py $R/auto-15puzzle-sample/$s/instances.csv \
          >$R/auto-15puzzle-sample/$s/worst.md
    done ;;
  any-head-start)
    # --any against solve, before (BEFORE: a binary of commit 0b71ebb) and
    # after the head start, one hyperfine session per table.
    d=$R/any-head-start
    mkdir -p $d
    new=${SATSLIDE:-./build/cli/satslide}
    old=${BEFORE:?BEFORE=path to a satslide built at commit 0b71ebb}
    e8a="--puzzle 8 --board 1,3,6,4,2,0,7,5,8"
    e8b="--puzzle 8 --board 8,6,7,2,5,4,3,0,1"
    hyperfine -N -w 1 -r 10 --export-markdown $d/small.md \
      -n "solve 5-mover" "$new $e8a -q" -n "before --any 5-mover" "$old $e8a --any -q" \
      -n "after --any 5-mover" "$new $e8a --any -q" -n "solve 31-mover" "$new $e8b -q" \
      -n "before --any 31-mover" "$old $e8b --any -q" -n "after --any 31-mover" "$new $e8b --any -q"
    hyperfine -N -w 1 -r 5 --export-markdown $d/block.md \
      -n "solve rush #40 slide" "$new --puzzle rushhour --metric slide -q" \
      -n "before --any rush #40 slide" "$old --puzzle rushhour --metric slide --any -q" \
      -n "after --any rush #40 slide" "$new --puzzle rushhour --metric slide --any -q" \
      -n "solve klotski classic step" "$new --puzzle klotski -q" \
      -n "before --any klotski classic" "$old --puzzle klotski --any -q" \
      -n "after --any klotski classic" "$new --puzzle klotski --any -q"
    k55=5,10,14,4,6,12,11,1,9,0,15,7,13,2,8,3
    k24=$(grep -v '^#' benchmarks/data/npuzzle/korf_felner50_24puzzle.txt | head -1 | cut -d' ' -f3- | tr ' ' ',')
    hyperfine -N -r 3 --export-markdown $d/big.md \
      -n "before --any korf55" "$old --puzzle 15 --board $k55 --any -q" \
      -n "after --any korf55" "$new --puzzle 15 --board $k55 --any -q" \
      -n "before --any 24-puzzle #1" "$old --puzzle 24 --board $k24 --any -q" \
      -n "after --any 24-puzzle #1" "$new --puzzle 24 --board $k24 --any -q" ;;
  any-3x4)
    # --any against solve on 3x4 boards that solve answers in under 2 s
    # (optima 22-30 of the public random file), one hyperfine session.
    new=${SATSLIDE:-./build/cli/satslide}
    set -- # the commands, as positional parameters (POSIX sh: no arrays)
    for b in "5 1 3 2 0 11 8 7 6 9 10 4" "3 1 10 4 7 2 6 8 9 5 0 11" \
             "2 1 8 3 7 0 10 6 5 11 9 4" "9 1 4 3 11 5 0 6 2 8 10 7"; do
      a="--puzzle npuzzle --rows 3 --cols 4 --board '$b'"
      set -- "$@" "$new -q $a" "$new -q $a --any"
    done
    mkdir -p $R/any-head-start
    hyperfine -N -w 1 -r 10 --export-markdown $R/any-head-start/3x4.md "$@" ;;
  ida-korf100)
    # IDA* over the 6-6-3 pattern databases (built first, outside the
    # timing, by the bounds' run or here) on every public Korf instance.
    ./build/cli/satslide --puzzle 15 --board 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15 \
        --engine ida -q >/dev/null
    run --suite korf100 --encodings "pairs:--engine=ida" --timeout 600 \
        --out $R/ida-korf100 ;;
  ida-npuzzle)
    # The explicit anchor against the default SAT engine and the horizon
    # driver, in one run per suite.
    e="pairs,pairs:--engine=horizons,pairs:--engine=ida"
    run --suite 8puzzle --encodings "$e" --timeout 60 --out $R/ida-npuzzle/8puzzle
    run --suite 11puzzle --limit 5 --encodings "$e" --timeout 120 \
        --out $R/ida-npuzzle/11puzzle
    run --suite 15puzzle-20s --limit 10 --encodings "$e" --timeout 120 \
        --out $R/ida-npuzzle/15puzzle-20s
    run --suite 15puzzle-30s --limit 5 --encodings "$e" --timeout 120 \
        --out $R/ida-npuzzle/15puzzle-30s ;;
  ida-24puzzle)
    run --suite 24puzzle --limit 3 --encodings "pairs:--engine=ida" \
        --timeout 120 --out $R/ida-24puzzle ;;
  ida-24puzzle-6)
    # Every public 24-puzzle, IDA* over 6-6-6-6 on both threads; the
    # tables (10-11 min, 2.9 GB, 510 MB cached) built first, untimed.
    ./build/cli/satslide --puzzle npuzzle --rows 5 --cols 5 -q \
        --goal "[$(seq -s, 0 24)]" --engine ida --pattern-tiles 6 \
        --board "[1,0,$(seq -s, 2 24)]" >/dev/null
    run --suite 24puzzle --encodings "pairs:--engine=ida:--pattern-tiles=6:--threads=2" \
        --timeout 120 --out $R/ida-24puzzle-6 ;;
  bounds)
    mkdir -p $R/bounds
    ./benchmarks/bound_table.py \
        benchmarks/data/npuzzle/korf100_15puzzle_blank_last.txt \
        --rows 4 --cols 4 --tiles 8 >$R/bounds/korf100.md ;;
  ida-korf100-78)
    # IDA* over 6-6-3 and over 7-8 (--pattern-tiles 8), one run; both
    # tables built first, outside the timing (7-8: minutes, 4.7 GB).
    for t in 0 8; do
      ./build/cli/satslide --puzzle 15 --engine ida -q --pattern-tiles $t \
          --board 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15 >/dev/null
    done
    run --suite korf100 --timeout 600 --out $R/pdb78/ida-korf100 \
        --encodings "pairs:--engine=ida,pairs:--engine=ida:--pattern-tiles=8" ;;
  split-78)
    # The default (the split on the 15-puzzle) with the cube bounds of
    # 6-6-3 and of 7-8, one run.
    run --suite 15puzzle-40s --timeout 300 --out $R/pdb78/15puzzle-40s \
        --encodings "pairs,pairs:--pattern-tiles=8" ;;
  default-78)
    # The default before the 7-8 tables (BEFORE: a binary of commit
    # 1f878f5, whose behaviour b9955df kept) and after, with them in the
    # cache, on the 8-puzzle and the 15-puzzle scrambles, one run.
    old=${BEFORE:?BEFORE=path to a satslide built at commit 1f878f5}
    run --suite 8puzzle --suite 15puzzle-20s --suite 15puzzle-30s \
        --suite 15puzzle-40s --encodings "pairs@$old,pairs" --timeout 300 \
        --out $R/pdb78/default-before-after ;;
  split-78-korf)
    # The default with the 7-8 tables in the cache (the split raises its
    # cubes' bounds with them after 4 s; 2 s when run) on the public Korf instances it
    # had not proven in 10 minutes each without them (#64, #21, #84) and
    # three 57-movers (#62, #76, #92).
    run --suite korf100 --only 64,21,84,62,76,92 --timeout 600 \
        --out $R/pdb78/korf-hard --encodings "pairs" ;;
  depth-18)
    # The default against the split at depth 18 over 7-8 from the start
    # (the 7-8 tables cached), one run: the 40-49 scrambles and the public
    # Korf instances with optima 41-56 the default proves (5 minutes each).
    arms="pairs,pairs:--split-depth=18:--pattern-tiles=8"
    run --suite 15puzzle-40s --timeout 300 --encodings "$arms" \
        --out $R/pdb78/depth-18/15puzzle-40s
    run --suite korf100 --timeout 300 --encodings "$arms" \
        --only 55,79,97,86,93,65,23,46,73,31,44,58,28,6,36,50,69,78,18,51 \
        --out $R/pdb78/depth-18/korf ;;
  default-18)
    # The default before (BEFORE: a binary of 23befcf) and after the rule
    # "a hard board splits at depth 18 over the cached 7-8 tables" and the
    # packed frontier, with the 7-8 tables cached, one run: the 30-49 move
    # scrambles and the public Korf instances of depth-18.
    old=${BEFORE:?BEFORE=path to a satslide built at commit 23befcf}
    run --suite 15puzzle-30s --suite 15puzzle-40s --timeout 300 \
        --encodings "pairs@$old,pairs" --out $R/pdb78/default-18/15puzzle
    run --suite korf100 --timeout 300 --encodings "pairs@$old,pairs" \
        --only 55,79,97,86,93,65,23,46,73,31,44,58,28,6,36,50,69,78,18,51 \
        --out $R/pdb78/default-18/korf ;;
  depth-20-22)
    # The default (depth 18 over the cached 7-8 tables on these boards)
    # against depths 20 and 22 over them, both threads, one run: public
    # Korf instances the rule sends to depth 18, 6-6-3 bounds 35-46.
    arms="pairs,pairs:--split-depth=20:--pattern-tiles=8:--threads=2"
    arms="$arms,pairs:--split-depth=22:--pattern-tiles=8:--threads=2"
    run --suite korf100 --timeout 600 --encodings "$arms" \
        --only 93,65,36,44,46,31,64,50,69,78,18,51 \
        --out $R/pdb78/depth-20-22 ;;
  korf-22)
    # Depth 22 over 7-8 on two 59-movers (#3 the default at depth 18 did
    # not prove within 10 minutes) and a 62-mover.
    run --suite korf100 --only 3,14,15 --timeout 600 \
        --encodings "pairs:--split-depth=22:--pattern-tiles=8:--threads=2" \
        --out $R/pdb78/korf-22 ;;
  korf-rule)
    # The default (7-8 cached) on the public Korf instances of 51-57 moves
    # whose depth the rule "20 from bound 40, 22 from 45" changed and that
    # depth-20-22 did not run: 10 minutes each.
    run --suite korf100 --only 6,28,73,58,5,52,24,84,21,62,92,76 \
        --timeout 600 --encodings pairs --out $R/pdb78/korf-rule ;;
  split-workers)
    # The default (7-8 cached) on the public Korf instances it had not
    # proven within 10 minutes, run to the end (45 and 30 minutes), its
    # JSON kept; then what 64-1024 workers would take by the rounds' calls.
    d=$R/split-workers
    mkdir -p $d
    for id in 15 82; do
      board=$(awk -v id=$id '$1 == id { s = $3; for (i = 4; i <= NF; i++) s = s "," $i; print s }' \
        benchmarks/data/npuzzle/korf100_15puzzle_blank_last.txt)
      limit=2700; [ $id = 15 ] || limit=1800
      ${SATSLIDE:-./build/cli/satslide} --puzzle 15 --board "$board" --json \
        --timeout $limit >$d/korf$id.json 2>$d/korf$id.log || true
    done
    benchmarks/split_workers.py $d/korf15.json $d/korf82.json \
        >$d/workers.md ;;
  witness)
    # The default (7-8 cached) against the same with --witness ida, in one
    # run, on the public Korf instances whose proofs took longest: #3, #24,
    # #62 to the end, the three it never proved (#15, #82, #17) for 300 s.
    # Then the JSON of #82 and #17 with the witness, and what 64-1024
    # workers would take by their rounds' calls.
    run --suite korf100 --only 3,24,62 --timeout 1200 \
        --encodings "pairs,pairs:--witness=ida" --out $R/witness/long
    run --suite korf100 --only 15,82,17 --timeout 300 \
        --encodings "pairs,pairs:--witness=ida" --out $R/witness/unproven
    d=$R/witness
    for id in 82 17; do
      board=$(awk -v id=$id '$1 == id { s = $3; for (i = 4; i <= NF; i++) s = s "," $i; print s }' \
        benchmarks/data/npuzzle/korf100_15puzzle_blank_last.txt)
      ${SATSLIDE:-./build/cli/satslide} --puzzle 15 --board "$board" --json \
        --witness ida --timeout 3600 >$d/korf$id.json 2>$d/korf$id.log || true
    done
    benchmarks/split_workers.py $d/korf82.json $d/korf17.json >$d/workers.md ;;
  realtime)
    # CaDiCaL's statistics clock in real time instead of process time:
    # before (BEFORE: a binary of commit 15ef68a) and after, the default
    # and reach alone, on the suites where reach runs (10^4-10^6 short
    # calls), one run; then the seeds timed by hyperfine.
    old=${BEFORE:?BEFORE=path to a satslide built at commit 15ef68a}
    new=${SATSLIDE:-./build/cli/satslide}
    run --suite rush40 --suite rush-db --suite klotski-short \
        --encodings "counts,counts@$old,counts:--engine=reach,counts:--engine=reach@$old" \
        --timeout 60 --out $R/realtime/blocks
    run --suite 8puzzle --suite 2x5-sweep --suite 2x6-sweep \
        --encodings "pairs,pairs@$old,pairs:--engine=reach,pairs:--engine=reach@$old" \
        --timeout 90 --out $R/realtime/npuzzle
    hyperfine -N -w 2 -r 20 --export-markdown $R/realtime/hyperfine-seeds.md \
        -n "card 40 slides, before" "$old --puzzle rushhour --metric slide" \
        -n "card 40 slides, after" "$new --puzzle rushhour --metric slide" \
        -n "card 40 steps, before" "$old --puzzle rushhour --metric step" \
        -n "card 40 steps, after" "$new --puzzle rushhour --metric step" \
        -n "Klotski classic, before" "$old --puzzle klotski" \
        -n "Klotski classic, after" "$new --puzzle klotski" \
        -n "8-puzzle example, before" "$old --puzzle 8 --board [1,3,6,4,2,0,7,5,8]" \
        -n "8-puzzle example, after" "$new --puzzle 8 --board [1,3,6,4,2,0,7,5,8]" ;;
  packed-search)
    # The explicit searches over packed positions (one flat hash table of
    # 64-bit words, moves as masks): before (BEFORE: a binary of commit
    # e48d646) and after, by hyperfine: the state space shown, the
    # explicit engine, and default runs, whose proof of unsolvability (a
    # block puzzle's) and Rush Hour sample are such searches.
    old=${BEFORE:?BEFORE=path to a satslide built at commit e48d646}
    new=${SATSLIDE:-./build/cli/satslide}
    big=benchmarks/data/klotski/layouts/fayaa_259.txt
    card7="--puzzle rushhour --board oBCCDEoBoFDEoAAFoGooHHoGoooIoooooIoo --metric step"
    hyperfine -N -w 2 -r 20 --export-markdown $R/packed-search/hyperfine-explicit.md \
        -n "explore Klotski classic, before" "$old explore --puzzle klotski" \
        -n "explore Klotski classic, after" "$new explore --puzzle klotski" \
        -n "explore fayaa_259, before" "$old explore --puzzle klotski --file $big" \
        -n "explore fayaa_259, after" "$new explore --puzzle klotski --file $big" \
        -n "bfs fayaa_259 slides, before" "$old --puzzle klotski --file $big --metric slide --engine bfs" \
        -n "bfs fayaa_259 slides, after" "$new --puzzle klotski --file $big --metric slide --engine bfs" \
        -n "bfs 8-puzzle 31 moves, before" "$old --puzzle 8 --board [8,6,7,2,5,4,3,0,1] --engine bfs" \
        -n "bfs 8-puzzle 31 moves, after" "$new --puzzle 8 --board [8,6,7,2,5,4,3,0,1] --engine bfs"
    hyperfine -N -w 3 -r 40 --export-markdown $R/packed-search/hyperfine-default.md \
        -n "card 7 steps, before" "$old $card7" \
        -n "card 7 steps, after" "$new $card7" \
        -n "card 7 steps horizons, before" "$old $card7 --engine horizons" \
        -n "card 7 steps horizons, after" "$new $card7 --engine horizons" \
        -n "card 40 slides, before" "$old --puzzle rushhour --metric slide" \
        -n "card 40 slides, after" "$new --puzzle rushhour --metric slide" \
        -n "Klotski classic, before" "$old --puzzle klotski" \
        -n "Klotski classic, after" "$new --puzzle klotski" ;;
  packed-search-memory)
    # Time and peak memory of two large explicit searches, one run each
    # (and before, if BEFORE is set).
    S=${SATSLIDE:-./build/cli/satslide}
    /usr/bin/time -f "%e s, %M KB" -o $R/packed-search/memory-klotski-distinct.txt \
        $S explore --puzzle klotski --distinct-pieces --json \
        >$R/packed-search/explore-klotski-distinct.json
    /usr/bin/time -f "%e s, %M KB" -o $R/packed-search/memory-15puzzle-50M.txt \
        $S explore --puzzle 15 --board 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0 \
        --json >$R/packed-search/explore-15puzzle-50M.json || true
    if [ -n "${BEFORE:-}" ]; then # a binary of commit e48d646: 1.5 + 5 min
      /usr/bin/time -f "%e s, %M KB" -o $R/packed-search/memory-klotski-distinct-before.txt \
          $BEFORE explore --puzzle klotski --distinct-pieces -q >/dev/null
      /usr/bin/time -f "%e s, %M KB" -o $R/packed-search/memory-15puzzle-50M-before.txt \
          $BEFORE explore --puzzle 15 --board 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0 \
          -q >/dev/null || true
    fi ;;
  packed-search-misses)
    # The boards whose single runs were above 1.2 of the better engine,
    # and card 5 in steps (the band board reach wins), 40 runs each.
    S=${SATSLIDE:-./build/cli/satslide}
    rush="$S --puzzle rushhour --board"
    fayaa="$S --puzzle klotski --file benchmarks/data/klotski/layouts/fayaa_063.txt --metric slide"
    hyperfine -N -w 3 -r 40 --export-markdown $R/packed-search/hyperfine-misses.md \
        -n "card 2 slides, default" "$rush BooCCCBooDoEAAoDFEGGGoFEooHoIIJJHKKo --metric slide" \
        -n "card 2 slides, horizons" "$rush BooCCCBooDoEAAoDFEGGGoFEooHoIIJJHKKo --metric slide --engine horizons" \
        -n "card 5 steps, default" "$rush BBoCoDEooCFDEAACFGEHHHFGIoooJJIoooKK --metric step" \
        -n "card 5 steps, reach" "$rush BBoCoDEooCFDEAACFGEHHHFGIoooJJIoooKK --metric step --engine reach" \
        -n "card 7 steps, default" "$rush oBCCDEoBoFDEoAAFoGooHHoGoooIoooooIoo --metric step" \
        -n "card 7 steps, horizons" "$rush oBCCDEoBoFDEoAAFoGooHHoGoooIoooooIoo --metric step --engine horizons" \
        -n "card 14 steps, default" "$rush BBCoooooCoDDEFAAGHEFIIGHooJoKKLLJooo --metric step" \
        -n "card 14 steps, horizons" "$rush BBCoooooCoDDEFAAGHEFIIGHooJoKKLLJooo --metric step --engine horizons" \
        -n "fayaa_063 slides, default" "$fayaa" \
        -n "fayaa_063 slides, reach" "$fayaa --engine reach"
    # The single runs above 1.2 in packed-search-blocks, timed again.
    hyperfine -N -w 3 -r 30 --export-markdown $R/packed-search/hyperfine-outliers.md \
        -n "card 3 slides, default" "$rush oooooooooooooAABoooCCBoDoEoBoDoEFFoD --metric slide" \
        -n "card 3 slides, horizons" "$rush oooooooooooooAABoooCCBoDoEoBoDoEFFoD --metric slide --engine horizons" \
        -n "card 14 slides, default" "$rush BBCoooooCoDDEFAAGHEFIIGHooJoKKLLJooo --metric slide" \
        -n "card 14 slides, horizons" "$rush BBCoooooCoDDEFAAGHEFIIGHooJoKKLLJooo --metric slide --engine horizons" \
        -n "Fogleman 10186 steps, default" "$rush BBBCCIoooooIAAGooJFoGDDJFEEoHoooooHo --metric step" \
        -n "Fogleman 10186 steps, reach" "$rush BBBCCIoooooIAAGooJFoGDDJFEEoHoooooHo --metric step --engine reach" ;;
  packed-search-blocks)
    # The block suites and Fogleman's boards against each engine after the
    # packed searches: the default's worst ratios.
    run --suite rush40 --suite klotski-short \
        --encodings "counts,counts:--engine=horizons,counts:--engine=reach" \
        --timeout 90 --out $R/packed-search/blocks
    benchmarks/auto_table.py $R/packed-search/blocks/instances.csv \
        >$R/packed-search/blocks/worst.md
    run --suite rush-db \
        --encodings "counts,counts:--engine=horizons,counts:--engine=reach" \
        --timeout 60 --out $R/packed-search/rush-db
    benchmarks/auto_table.py $R/packed-search/rush-db/instances.csv \
        >$R/packed-search/rush-db/worst.md ;;
  witness-korf)
    # Every public Korf instance by the default with --witness ida (7-8
    # cached), its JSON kept, then what 64-1024 workers would take.
    d=$R/witness/korf
    mkdir -p $d
    for id in $(awk '!/^#/ && NF > 2 { print $1 }' \
        benchmarks/data/npuzzle/korf100_15puzzle_blank_last.txt); do
      board=$(awk -v id=$id '$1 == id { s = $3; for (i = 4; i <= NF; i++) s = s "," $i; print s }' \
        benchmarks/data/npuzzle/korf100_15puzzle_blank_last.txt)
      ${SATSLIDE:-./build/cli/satslide} --puzzle 15 --board "$board" --json \
        --witness ida --timeout 1200 >$d/korf$id.json 2>$d/korf$id.log || true
    done
    benchmarks/split_workers.py $(ls $d/korf*.json | sort -V) >$d/workers.md ;;
  korf-18)
    # The default (7-8 cached) on the public Korf instances it had not
    # proven: 10 minutes each, the 66-mover 5 minutes.
    run --suite korf100 --only 64,21,62,76,92 --timeout 600 \
        --encodings pairs --out $R/pdb78/korf-18/upto57
    run --suite korf100 --only 3,14 --timeout 600 \
        --encodings pairs --out $R/pdb78/korf-18/59
    run --suite korf100 --only 15,82 --timeout 600 \
        --encodings pairs --out $R/pdb78/korf-18/62
    run --suite korf100 --only 17 --timeout 300 \
        --encodings pairs --out $R/pdb78/korf-18/66 ;;
  npuzzle-reach)
    run --suite 8puzzle-short --encodings "pairs:--engine=horizons,pairs:--engine=reach" \
        --timeout 60 --limit 6 --out $R/npuzzle-reach ;;
  npuzzle-reach-3x4)
    run --suite 11puzzle --encodings "pairs:--engine=horizons,pairs:--engine=reach" \
        --timeout 30 --limit 3 --out $R/npuzzle-reach-3x4 ;;
  rush40-reach)
    run --suite rush40 --encodings "counts:--engine=horizons,counts:--engine=reach:--reach-formula=compact,counts:--engine=reach:--reach-formula=seed" \
        --timeout 60 --out $R/rush40-reach ;;
  klotski-reach)
    run --suite klotski-short --encodings "counts:--engine=horizons,counts:--engine=reach:--reach-formula=compact,counts:--engine=reach:--reach-formula=seed" \
        --timeout 60 --out $R/klotski-reach ;;
  reach-formula)
    S=./build/cli/satslide
    hyperfine -N -w 1 -r 3 --export-markdown $R/reach-formula/hyperfine.md \
        "$S -q --puzzle rushhour --metric step --engine reach --reach-formula compact" \
        "$S -q --puzzle rushhour --metric step --engine reach --reach-formula seed" \
        "$S -q --puzzle klotski --metric slide --engine reach --reach-formula compact" \
        "$S -q --puzzle klotski --metric slide --engine reach --reach-formula seed"
    hyperfine -N -w 0 -r 2 --export-markdown $R/reach-formula/hyperfine-blocking.md \
        "$S -q --puzzle klotski --metric slide --engine reach" \
        "$S -q --puzzle klotski --metric slide --engine reach --reach-blocking successors" \
        "$S -q --puzzle rushhour --metric step --engine reach" \
        "$S -q --puzzle rushhour --metric step --engine reach --reach-blocking successors"
    hyperfine -N -w 0 -r 3 --export-markdown $R/reach-formula/hyperfine-classic.md \
        "$S -q --puzzle klotski --metric step" "$S -q --puzzle klotski --metric slide" \
        "$S -q --puzzle klotski --metric piece" "$S -q --puzzle rushhour --metric step" \
        "$S -q --puzzle rushhour --metric slide" ;;
  rush40-auto)
    run --suite rush40 --encodings "counts:--engine=horizons,counts:--engine=reach,counts" \
        --timeout 60 --out $R/rush40-auto ;;
  klotski-short-auto)
    run --suite klotski-short --encodings "counts:--engine=horizons,counts:--engine=reach,counts" \
        --timeout 60 --out $R/klotski-short-auto ;;
  klotski-all-auto)
    run --suite klotski --encodings counts --timeout 120 \
        --out $R/klotski-all-auto ;;
  # Boards no rule was fitted on: the fitting set's optima and its board
  # 9 at the old rule's depth and at 22, then the validation set by band
  # (the 7-8 tables cached; --witness ida).
  unseen-fitting)
    d=$R/unseen/fitting
    benchmarks/unseen_boards.py --satslide ${SATSLIDE:-./build/cli/satslide} \
        --seed 1001 --draw 60 --band 50-60:1 --out $d --optima-only
    board=$(python3 -c "import csv; print(next(r['board'] for r in
        csv.DictReader(open('$d/boards.csv')) if r['index'] == '9'))")
    ${SATSLIDE:-./build/cli/satslide} --puzzle 15 --board "$board" \
        --witness ida --split-depth 18 --pattern-tiles 8 --timeout 600 \
        --json >$d/board9-depth18-default.json || true
    ${SATSLIDE:-./build/cli/satslide} --puzzle 15 --board "$board" \
        --witness ida --split-depth 22 --pattern-tiles 8 --timeout 600 \
        --json >$d/board9-depth22.json || true ;;
  unseen)
    benchmarks/unseen_boards.py --satslide ${SATSLIDE:-./build/cli/satslide} \
        --seed 2002 --draw 400 --band 50-60:30 --band 62-99:10 \
        --timeout 600 --out $R/unseen/validation ;;
  # Any plan: the race
  any-race)
    ./benchmarks/any_race.sh
    S=./build/cli/satslide
    hyperfine -N -w 1 -r 3 --export-markdown $R/any-race/rush40-final.md \
        "$S -q --puzzle rushhour --metric step" "$S -q --puzzle rushhour --metric step --any" \
        "$S -q --puzzle rushhour --metric slide" "$S -q --puzzle rushhour --metric slide --any" ;;
  *)
    echo "run_all.sh: no command for '$1'" >&2
    exit 2 ;;
  esac
}

names() { results | cut -d'|' -f1; }

case ${1-} in
  -h | --help)
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
    exit 0 ;;
  --list)
    names
    exit 0 ;;
  --sections)
    results | awk -F'|' '$2 != last { print $2; last = $2 } { print "  " $1 }'
    exit 0 ;;
  --section)
    if [ $# -ne 2 ]; then
      echo "usage: $0 --section TEXT" >&2
      exit 2
    fi
    chosen=$(results |
             awk -F'|' -v t="$2" 'index(tolower($2), tolower(t)) { print $1 }')
    if [ -z "$chosen" ]; then
      echo "run_all.sh: no RESULTS.md section heading contains '$2'; see --sections" >&2
      exit 2
    fi ;;
  "")
    chosen=$(names) ;;
  -*)
    echo "run_all.sh: unknown option '$1'; see --help" >&2
    exit 2 ;;
  *)
    chosen=""
    for arg; do
      name=${arg%/}
      name=${name##*/}
      if ! names | grep -qxF -- "$name"; then
        echo "run_all.sh: unknown result '$arg': not a folder or file of benchmarks/results/ that RESULTS.md cites; see --list" >&2
        exit 2
      fi
      chosen="$chosen $name"
    done ;;
esac

for name in $chosen; do
  echo "== $name ($(results | awk -F'|' -v n="$name" '$1 == n { print $2 }'))" >&2
  produce "$name"
done
