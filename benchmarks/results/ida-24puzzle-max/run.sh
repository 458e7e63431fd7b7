#!/bin/sh
# IDA* over our 6-6-6-6 (the partition --pattern-tiles 6 gives, spelt out:
# the same cache file), over Korf & Felner's 6-6-6-6, and over both, their
# bounds maxed at every node (--partition twice), two threads, one after
# the other on each board: the public 24-puzzles IDA* proves within a few
# minutes (to the end), then eight random ones (scramble --puzzle 24
# --random --count 8 --seed 6060, as in "Korf & Felner's own partition"),
# 30 s each, compared over the thresholds all three finished
# (compare.txt). The first run with Korf & Felner's partition builds its
# tables where they are not cached (its .err says how long).
#   run.sh [BINARY]
set -eu
bin=${1:-build/cli/satslide} out=$(dirname "$0") goal=$(seq -s, 0 24)
ours=1,2,5,6,10,11/3,4,7,8,9,12/15,16,17,20,21,22/13,14,18,19,23,24
theirs=1,2,5,6,7,12/3,4,8,9,13,14/10,11,15,16,20,21/17,18,19,22,23,24
run() { # name board set timeout
  case $3 in
    ours) sets="--partition $ours" ;;
    kf) sets="--partition $theirs" ;;
    max) sets="--partition $ours --partition $theirs" ;;
  esac
  # shellcheck disable=SC2086 # $sets is two or four words
  "$bin" --puzzle 24 --board "$2" --goal "$goal" --engine ida $sets \
      --threads 2 --timeout "$4" \
      --json < /dev/null > "$out/$1-$3.json" 2> "$out/$1-$3.err" || true
}
"$out/../../ida_24puzzle_boards.sh" "$bin" "$out" 600 30 |
while read -r name board timeout; do
  for set in ours kf max; do
    run "$name" "$board" "$set" "$timeout"
  done
done
# Completed thresholds only are listed (and a proof's last, the plan's),
# so the thresholds all three list compare.
python3 - "$out" > "$out/compare.txt" <<'PY'
import glob, json, os, sys
out = sys.argv[1]
sets = ("ours", "kf", "max")
print("board", *("start_" + s for s in sets), "last_common",
      *("nodes_" + s for s in sets), "max/ours max/kf",
      *("seconds_" + s for s in sets))
tot = dict.fromkeys(sets, 0)
for p in sorted(glob.glob(out + "/*-ours.json")):
    name = os.path.basename(p)[:-len("-ours.json")]
    runs = {s: json.load(open(f"{out}/{name}-{s}.json")) for s in sets}
    its = {s: {i["threshold"]: i["nodes"] for i in r["iterations"]}
           for s, r in runs.items()}
    common = set.intersection(*(set(i) for i in its.values()))
    if not common:
        continue
    last = max(common)
    n = {s: sum(v for t, v in its[s].items() if t <= last) for s in sets}
    for s in sets:
        tot[s] += n[s]
    print(name, *(runs[s]["lower_bound"] for s in sets), last,
          *(n[s] for s in sets), f"{n['max'] / n['ours']:.3f}",
          f"{n['max'] / n['kf']:.3f}",
          *(f"{runs[s]['seconds']:.1f}" for s in sets))
print("all", *(tot[s] for s in sets), f"{tot['max'] / tot['ours']:.3f}",
      f"{tot['max'] / tot['kf']:.3f}")
PY
