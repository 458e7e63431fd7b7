#!/bin/sh
# The dual lookups with the transposed board's dual (d*) against the
# binary before it (the position's dual only): IDA* on two threads on the
# public 24-puzzles the dual lookups prove within a minute, without the
# dual, with it (--dual-lookups cached: the tables built by an earlier
# run with build), and with it beside two partitions maxed (--partition
# twice), one run each, the two binaries one after the other on each
# board. JSON and stderr per run: NAME-BINARY-MODE.{json,err}.
#   run.sh BEFORE AFTER
set -eu
before=$1 after=$2 out=$(dirname "$0") goal=$(seq -s, 0 24)
kf=npuzzle/korf_felner50_24puzzle.txt
data=$(ls ../shared/data/$kf "$out/../../../../shared/data/$kf" 2>/dev/null | head -n 1)
ours=1,2,5,6,10,11/3,4,7,8,9,12/15,16,17,20,21,22/13,14,18,19,23,24
theirs=1,2,5,6,7,12/3,4,8,9,13,14/10,11,15,16,20,21/17,18,19,22,23,24
for id in ${PUBLIC:-25 38 37 32}; do
  board=$(grep "^$id " "$data" | cut -d' ' -f3- | tr ' ' ',')
  for mode in plain dual max-dual; do
    case $mode in
      plain) opts="--pattern-tiles 6" ;;
      dual) opts="--pattern-tiles 6 --dual-lookups cached" ;;
      max-dual) opts="--partition $ours --partition $theirs --dual-lookups cached" ;;
    esac
    for which in before after; do
      bin=$before
      [ "$which" = after ] && bin=$after
      # shellcheck disable=SC2086 # $opts is several words
      "$bin" --puzzle 24 --board "$board" --goal "$goal" --engine ida $opts \
          --threads 2 --timeout 600 --json < /dev/null \
          > "$out/public-$id-$which-$mode.json" \
          2> "$out/public-$id-$which-$mode.err" || true
    done
  done
done
python3 - "$out" > "$out/compare.txt" <<'PY'
import json, sys
out = sys.argv[1]
print("board mode nodes_before nodes_after ratio seconds_before seconds_after")
for id in (25, 38, 37, 32):
    for mode in ("plain", "dual", "max-dual"):
        try:
            b, a = (json.load(open(f"{out}/public-{id}-{w}-{mode}.json"))
                    for w in ("before", "after"))
        except (OSError, ValueError):
            continue
        print(id, mode, b["nodes"], a["nodes"], f"{a['nodes'] / b['nodes']:.3f}",
              f"{b['seconds']:.1f}", f"{a['seconds']:.1f}")
PY
