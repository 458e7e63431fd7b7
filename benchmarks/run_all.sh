#!/bin/sh
# Regenerates every result under benchmarks/results/ that
# benchmarks/RESULTS.md cites, each with the command RESULTS.md records for
# it, in the order RESULTS.md presents them: the entries of
# benchmarks/results.list (name, section, commands), run against the
# Release build in
# build/ (needs python3, hyperfine and gnuplot). Everything takes about
# 11 hours on a 2-core machine, one run after the other (the whole Rush
# Hour database about 4 h, the classic Klotski's three proofs about 2 h,
# the Klotski piece-metric sweeps about 1.5 h, the Korf 15-puzzles about
# 1 h 15 min, the rest about 2.5 h together). Many recorded runs shared the
# machine with another one (RESULTS.md says which), so times will differ.
#
#   benchmarks/run_all.sh                 everything
#   benchmarks/run_all.sh NAME...         only these results (an entry's
#                                         name: what it writes under results/)
#   benchmarks/run_all.sh --section TEXT  every result of the RESULTS.md
#                                         sections whose heading has TEXT
#   benchmarks/run_all.sh --list          the result names, in order
#   benchmarks/run_all.sh --show NAME     the commands that produce one
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
LIST=benchmarks/results.list

# An entry whose result cannot be made again (its reason on stderr).
not_rerunnable() { echo "run_all.sh: not rerunnable: $*" >&2; }

# "name|section", one line an entry of the list.
results() { sed -n 's/^== \(.*\) | \(.*\)$/\1|\2/p' "$LIST"; }

# The commands of entry $1, run here (with the helpers above).
produce() {
  commands=$(awk -v n="$1" '/^== / { on = ($2 == n); next } on' "$LIST")
  if [ -z "$commands" ]; then
    echo "run_all.sh: no command for '$1' in $LIST" >&2
    exit 2
  fi
  eval "$commands"
}

names() { results | cut -d'|' -f1; }

case ${1-} in
  -h | --help)
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
    exit 0 ;;
  --list)
    names
    exit 0 ;;
  --show)
    awk -v n="${2-}" '/^== / { on = ($2 == n); next } on' "$LIST"
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

