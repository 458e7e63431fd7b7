#!/usr/bin/env python3
"""Boards no rule was fitted on: random solvable 15-puzzles drawn by
`satslide scramble --random` from a seed, their optima found by IDA* over
the 7-8 pattern databases (`--engine ida --pattern-tiles 8`, an optimal
engine of satslide's own, never a table of known answers), chosen into
bands of optimum, then run as a user would (by default `--witness ida`,
any flags given after `--`), one after the other, each with a timeout.

    benchmarks/unseen_boards.py --seed 2002 --draw 300 \\
        --band 50-60:30 --band 62-99:10 --timeout 600 --out DIR [-- FLAGS]

Writes DIR/boards.csv (every board drawn: seed index, board, optimum, the
6-6-3 and 7-8 start bounds) and DIR/runs.csv (the chosen boards: band,
board, optimum, status, seconds, length, what the default chose), and
prints a Markdown table per band: the boards, proven within the timeout,
the median and the worst time, and the worst against the band's median.
A run whose length is not the optimum IDA* found fails the script.
Draws and optima are cached in DIR, so a second run only runs.
"""
import argparse
import csv
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def satslide(binary, args, timeout=None):
    run = subprocess.run([binary, *args, "--json", "-q"],
                         capture_output=True, text=True, timeout=timeout)
    try:
        return json.loads(run.stdout)
    except json.JSONDecodeError:
        sys.exit(f"satslide {' '.join(args)}: no JSON (exit "
                 f"{run.returncode}): {run.stderr.strip()}")


def draw(binary, seed, count):
    out = subprocess.run([binary, "scramble", "--puzzle", "15", "--random",
                          "--count", str(count), "--seed", str(seed)],
                         capture_output=True, text=True, check=True).stdout
    return [json.loads(line)["board"] for line in out.splitlines()]


def optima(binary, boards, path):
    """(board, optimum, 6-6-3 bound, 7-8 bound) of each, cached in path."""
    known = {}
    if os.path.exists(path):
        with open(path) as f:
            for row in csv.DictReader(f):
                known[row["board"]] = row
    rows = []
    for i, board in enumerate(boards):
        if board not in known:
            large = satslide(binary, ["--puzzle", "15", "--board", board,
                                      "--engine", "ida", "--pattern-tiles",
                                      "8"])
            small = satslide(binary, ["--puzzle", "15", "--board", board,
                                      "--engine", "ida", "--max-horizon",
                                      "0"])
            if large.get("status") != "solved" or not large.get("optimal"):
                sys.exit(f"IDA* did not solve {board}: {large.get('status')}")
            known[board] = {"index": i + 1, "board": board,
                            "optimum": large["length"],
                            "bound_663": small["lower_bound"],
                            "bound_78": large["lower_bound"]}
            print(f"board {i + 1}: optimum {large['length']}",
                  file=sys.stderr)
        rows.append(known[board])
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, ["index", "board", "optimum", "bound_663",
                               "bound_78"])
        w.writeheader()
        w.writerows(rows)
    return rows


def bands_of(specs):
    """"50-60:30" -> (50, 60, 30)."""
    out = []
    for spec in specs:
        span, count = spec.split(":")
        low, high = span.split("-")
        out.append((int(low), int(high), int(count)))
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--satslide", default=os.path.join(
        HERE, "..", "build", "cli", "satslide"))
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--draw", type=int, required=True)
    p.add_argument("--band", action="append", required=True)
    p.add_argument("--timeout", type=float, default=600)
    p.add_argument("--out", required=True)
    p.add_argument("--optima-only", action="store_true",
                   help="draw and find the optima, run nothing")
    p.add_argument("flags", nargs="*", help="after --: the run's flags "
                   "(default --witness ida)")
    a = p.parse_args()
    flags = a.flags or ["--witness", "ida"]
    os.makedirs(a.out, exist_ok=True)
    boards = optima(a.satslide, draw(a.satslide, a.seed, a.draw),
                    os.path.join(a.out, "boards.csv"))
    if a.optima_only:
        return
    chosen = []
    for low, high, count in bands_of(a.band):
        inside = [r for r in boards if low <= int(r["optimum"]) <= high]
        if len(inside) < count:
            sys.exit(f"only {len(inside)} boards of optimum {low}-{high} "
                     f"among {len(boards)}: draw more")
        chosen += [(f"{low}-{high}", r) for r in inside[:count]]
    runs_path = os.path.join(a.out, "runs.csv")
    done = {}
    if os.path.exists(runs_path):
        with open(runs_path) as f:
            done = {r["board"]: r for r in csv.DictReader(f)}
    fields = ["band", "index", "board", "optimum", "bound_663", "bound_78",
              "status", "seconds", "length", "auto"]
    results = []
    for band, r in chosen:
        if r["board"] in done:
            results.append(done[r["board"]])
            continue
        report = satslide(a.satslide, ["--puzzle", "15", "--board",
                                       r["board"], "--timeout",
                                       str(a.timeout), *flags])
        row = {"band": band, "index": r["index"], "board": r["board"],
               "optimum": r["optimum"], "bound_663": r["bound_663"],
               "bound_78": r["bound_78"], "status": report["status"],
               "seconds": round(report["seconds"], 2),
               "length": report.get("length"),
               "auto": report.get("auto", {}).get("reason", "")}
        if report["status"] == "solved" and \
                int(report["length"]) != int(r["optimum"]):
            sys.exit(f"board {r['board']}: {report['length']} moves, "
                     f"IDA* found {r['optimum']}")
        print(f"{band} #{r['index']} (optimum {r['optimum']}): "
              f"{row['status']} {row['seconds']} s", file=sys.stderr)
        results.append(row)
        with open(runs_path, "w", newline="") as f:
            w = csv.DictWriter(f, fields)
            w.writeheader()
            w.writerows(results)
    print("| band (optimum) | boards | proven within the timeout | median | "
          "worst | worst / median |")
    print("|---|---|---|---|---|---|")
    for low, high, _ in bands_of(a.band):
        rows = [r for r in results if r["band"] == f"{low}-{high}"]
        seconds = [float(r["seconds"]) for r in rows]
        proven = sum(r["status"] == "solved" for r in rows)
        median = statistics.median(seconds)
        worst = max(seconds)
        print(f"| {low}–{high} | {len(rows)} | {proven} | {median:.1f} s | "
              f"{worst:.1f} s | {worst / median:.2f} |")


if __name__ == "__main__":
    main()
