#!/usr/bin/env python3
"""What W workers would take for a split proof run in one process.

Reads satslide's JSON reports (`--json`) of runs that split into cubes
(their "split": {"rounds": [...]}: per round the solver calls, their
seconds summed and the longest) and prints a Markdown row per report:
the set-up (the run's wall clock less its rounds': the frontier and the
cubes' bounds, done once), the rounds, the calls, the CPU in calls, the
critical path (set-up plus, per round, its longest call) and, for each W
of --workers, the wall clock of W workers as two bounds: no schedule
beats max(CPU / W, longest call) a round, and list scheduling (each call
onto the worker free first) stays within CPU / W + longest call
(Graham's bound), rounds one after the other, plus --overhead seconds a
round (a job array's start).

The calls' seconds were measured with one solver per thread for every
cube (`--cube-solver shared`), which learns from the cubes it solved
before; W workers each see fewer cubes, so their calls may take longer:
these are estimates from the recorded work, not measurements. A run that
ended without its answer (a timeout) gives the figures of the work it
did: less than its proof needs. A run with `--witness ida` (path
"split+witness") found its plan first by IDA*, in its set-up: its rounds
are the refutations only.

    benchmarks/split_workers.py korf15.json korf82.json --workers 64,256,1024
"""
import argparse
import json
import sys


def row(path, workers, overhead):
    with open(path) as f:
        report = json.load(f)
    if report.get("path") not in ("split", "split+witness"):
        raise ValueError("not a run split into cubes (path "
                         f"{report.get('path')!r})")
    split = report.get("split") or {}
    rounds = split.get("rounds") or []
    wall = float(report.get("seconds", 0.0))
    in_rounds = sum(float(h.get("seconds", 0.0))
                    for h in report.get("horizons", []))
    setup = max(0.0, wall - in_rounds)
    cpu = sum(r["call_seconds"] for r in rounds)
    critical = setup + sum(r["longest_call_seconds"] + overhead
                           for r in rounds)
    cells = [path, report.get("status", "?"),
             str(report.get("length") or "–"),
             str(report.get("no_plan_up_to", "–")), f"{wall:.1f}",
             f"{setup:.1f}", str(len(rounds)),
             str(sum(r["calls"] for r in rounds)), f"{cpu:.1f}",
             f"{critical:.1f}"]
    for w in workers:
        low = setup + sum(max(r["call_seconds"] / w,
                              r["longest_call_seconds"]) + overhead
                          for r in rounds)
        high = setup + sum(r["call_seconds"] / w +
                           r["longest_call_seconds"] + overhead
                           for r in rounds)
        cells.append(f"{low:.1f}–{high:.1f}")
    return cells


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("reports", nargs="+")
    ap.add_argument("--workers", default="64,256,1024")
    ap.add_argument("--overhead", type=float, default=1.0,
                    help="seconds each round costs beyond its calls")
    args = ap.parse_args()
    workers = [int(w) for w in args.workers.split(",")]
    head = ["report", "status", "length", "no plan up to", "wall (s)",
            "set-up (s)", "rounds", "calls", "CPU in calls (s)",
            "critical path (s)"]
    head += [f"{w} workers (s)" for w in workers]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for path in args.reports:
        try:
            cells = row(path, workers, args.overhead)
        except (OSError, ValueError, KeyError) as e:
            print(f"{path}: {e}", file=sys.stderr)
            return 1
        print("| " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
