#!/bin/sh
# IDA* over 6-6-6-6 and over 7-7-5-5 (--pattern-tiles 6 and 7), two
# threads, one after the other on each board: the public 24-puzzles
# IDA* proves within a few minutes (to the end), then eight random ones
# (scramble --puzzle 24 --random --count 8 --seed 6060, as in "Korf &
# Felner's own partition"), 30 s each, compared over the thresholds both
# finished (compare.txt). Each run's JSON (nodes, iterations, seconds);
# the first 7-7-5-5 run builds those tables where they are not cached
# (its .err says how long; about 16 GB at the peak).
#   run.sh [BINARY]
set -eu
bin=${1:-build/cli/satslide} out=$(dirname "$0") goal=$(seq -s, 0 24)
run() { # name board tiles timeout
  "$bin" --puzzle 24 --board "$2" --goal "$goal" --engine ida \
      --pattern-tiles "$3" --threads 2 --timeout "$4" \
      --json < /dev/null > "$out/$1-$3.json" 2> "$out/$1-$3.err" || true
}
"$out/../../ida_24puzzle_boards.sh" "$bin" "$out" 600 30 |
while read -r name board timeout; do
  for tiles in 6 7; do
    run "$name" "$board" "$tiles" "$timeout"
  done
done
# Completed thresholds only are listed (and a proof's last, the plan's),
# so the thresholds both list compare.
python3 - "$out" > "$out/compare.txt" <<'PY'
import glob, json, os, sys
out = sys.argv[1]
print("board start6 start7 last_common nodes6 nodes7 ratio7/6 seconds6 seconds7")
tot6 = tot7 = 0
for p in sorted(glob.glob(out + "/*-6.json")):
    name = os.path.basename(p)[:-len("-6.json")]
    a, b = json.load(open(p)), json.load(open(f"{out}/{name}-7.json"))
    i6 = {i["threshold"]: i["nodes"] for i in a["iterations"]}
    i7 = {i["threshold"]: i["nodes"] for i in b["iterations"]}
    common = set(i6) & set(i7)
    if not common:
        continue
    last = max(common)
    n6 = sum(n for t, n in i6.items() if t <= last)
    n7 = sum(n for t, n in i7.items() if t <= last)
    tot6, tot7 = tot6 + n6, tot7 + n7
    print(name, min(i6), min(i7), last, n6, n7, f"{n7 / n6:.3f}",
          f"{a['seconds']:.1f}", f"{b['seconds']:.1f}")
print("all", tot6, tot7, f"{tot7 / tot6:.3f}")
PY
