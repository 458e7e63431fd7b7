#!/usr/bin/env python3
"""What a cluster would take for a split proof that ran elsewhere.

Reads the per-cube answers benchmarks/split_rounds.sh kept
(OUTDIR/round.R.part*.jsonl: each line one cube's batch answer with its
"seconds") and prints, per OUTDIR, a Markdown row: rounds, cubes solved,
total CPU over all cubes, the critical path (per round the longest cube,
summed: the wall clock with a worker per cube), and the wall clock of W
workers for each W of --workers, by list scheduling each round's recorded
cube times (longest first, each onto the worker free first), each cube
costing --overhead seconds more (a job's start), rounds one after the
other (a round starts when the last cube of the one before is merged).

    benchmarks/cube_schedule.py out-k4 out-k6 --workers 64,256,1024 --overhead 1
"""
import argparse
import glob
import heapq
import json
import os
import re
import sys


def rounds_of(outdir):
    """{round: [seconds of each cube answer]}"""
    rounds = {}
    for path in glob.glob(os.path.join(outdir, "round.*.part.*.jsonl")):
        m = re.search(r"round\.(\d+)\.part\.", os.path.basename(path))
        if not m:
            continue
        times = rounds.setdefault(int(m.group(1)), [])
        with open(path) as f:
            for line in f:
                if line.strip():
                    times.append(float(json.loads(line).get("seconds", 0.0)))
    return rounds


def makespan(times, workers, overhead):
    """List scheduling, longest job first, onto the earliest free worker."""
    free = [0.0] * min(workers, max(1, len(times)))
    heapq.heapify(free)
    for t in sorted(times, reverse=True):
        start = heapq.heappop(free)
        heapq.heappush(free, start + t + overhead)
    return max(free)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdirs", nargs="+")
    ap.add_argument("--workers", default="64,256,1024")
    ap.add_argument("--overhead", type=float, default=1.0,
                    help="seconds each cube's job costs beyond its solve")
    args = ap.parse_args()
    workers = [int(w) for w in args.workers.split(",")]
    head = ["run", "rounds", "cubes solved", "CPU (s)", "critical path (s)"]
    head += [f"{w} workers (s)" for w in workers]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for outdir in args.outdirs:
        # A round still under way may have no answer yet: left out.
        rounds = {k: v for k, v in rounds_of(outdir).items() if v}
        if not rounds:
            print(f"{outdir}: no round.R.part*.jsonl answers", file=sys.stderr)
            return 1
        all_times = [t for r in rounds.values() for t in r]
        critical = sum(max(r) + args.overhead for r in rounds.values())
        row = [os.path.basename(os.path.normpath(outdir)), str(len(rounds)),
               str(len(all_times)), f"{sum(all_times):.1f}",
               f"{critical:.1f}"]
        for w in workers:
            wall = sum(makespan(r, w, args.overhead) for r in rounds.values())
            row.append(f"{wall:.1f}")
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
