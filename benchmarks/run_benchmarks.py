#!/usr/bin/env python3
"""Runs satslide over a named suite of instances with known optima, under
one or more encodings, in one run, and writes

  <out>/horizons.csv  one row per horizon tried (instance, encoding, horizon,
                      variables, clauses, result, seconds, conflicts)
  <out>/instances.csv one row per instance and encoding (length, optimal,
                      total solver seconds, process seconds, status, and
                      what --engine auto chose and why)
  <out>/summary.md    a Markdown table with the ratio to the first encoding
                      (put `seed` first to get ratios against the baseline)

Every plan length is checked against the optimum listed in the data file;
a mismatch is printed and makes the script exit 1. Known optima are read
from benchmarks/data only here, never by satslide itself.

Example:
  benchmarks/run_benchmarks.py --suite 8puzzle --encodings seed,pruned \
      --timeout 120 --out benchmarks/results/8puzzle
"""

import argparse
import csv
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")


def read_npuzzle(path, side_rows, side_cols, goal=None, lo=0, hi=10**9,
                 limit=None):
    """Instances from an n-puzzle data file, 'id optimal t0 t1 ...'."""
    name = os.path.basename(path).split(".")[0]
    out = []
    with open(path) as f:
        for line in f:
            line = line.split("#")[0].split()
            if len(line) < 3:
                continue
            ident, optimal, tiles = line[0], int(line[1]), line[2:]
            if not lo <= optimal <= hi:
                continue
            args = ["--puzzle", "npuzzle", "--rows", str(side_rows),
                    "--cols", str(side_cols), "--board", " ".join(tiles)]
            if goal:
                args += ["--goal", goal]
            out.append((f"{name}#{ident}", optimal, args))
    return out[:limit] if limit else out


def read_rush_cards(metrics=("slide", "step"), limit=None):
    """The original cards: card published board alt slide step ..."""
    out = []
    with open(os.path.join(DATA, "rushhour", "rushhour_original40.txt")) as f:
        for line in f:
            line = line.split("#")[0].split()
            if len(line) < 6:
                continue
            card, board = line[0], line[2]
            optimum = {"slide": int(line[4]), "step": int(line[5])}
            for m in metrics:
                out.append((f"rush-card{card}-{m}", optimum[m],
                            ["--puzzle", "rushhour", "--board", board,
                             "--metric", m]))
    return out[:limit] if limit else out


def read_rush_database(lo, hi, per_length, metrics=("slide", "step")):
    """Fogleman's database with the oracle's step optima: idx moves board
    cluster slide states step ...; the first `per_length` boards of every
    slide optimum in [lo, hi]."""
    out, seen = [], {}
    with open(os.path.join(DATA, "rushhour",
                           "fogleman_rush_18k_oracle.tsv")) as f:
        for line in f:
            line = line.split("#")[0].split()
            if len(line) < 7:
                continue
            idx, board = line[0], line[2]
            slide, step = int(line[4]), int(line[6])
            if not lo <= slide <= hi or seen.get(slide, 0) >= per_length:
                continue
            seen[slide] = seen.get(slide, 0) + 1
            optimum = {"slide": slide, "step": step}
            for m in metrics:
                out.append((f"rush-db{idx}-{m}", optimum[m],
                            ["--puzzle", "rushhour", "--board", board,
                             "--metric", m]))
    return out


def read_klotski(names=None, metrics=("step", "slide", "piece"),
                 max_states=None, max_step=None):
    """Layouts with their optima per metric, from klotski_results.tsv."""
    out = []
    column = {"step": 5, "slide": 6, "piece": 7}
    with open(os.path.join(DATA, "klotski", "klotski_results.tsv")) as f:
        for line in f:
            if line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            if names and fields[0] not in names:
                continue
            if max_states and int(fields[4]) > max_states:
                continue
            if max_step and int(fields[5]) > max_step:
                continue
            path = os.path.join(DATA, "klotski", "layouts", fields[0])
            for m in metrics:
                out.append((f"klotski-{fields[0][:-4]}-{m}",
                            int(fields[column[m]]),
                            ["--puzzle", "klotski", "--file", path,
                             "--metric", m]))
    return out


def npuzzle_file(name, rows, cols, **kw):
    return lambda: read_npuzzle(os.path.join(DATA, "npuzzle", name), rows,
                                cols, **kw)


SUITES = {
    "8puzzle": lambda: (npuzzle_file("8puzzle_random100.txt", 3, 3)() +
                        npuzzle_file("8puzzle_depth31.txt", 3, 3)()),
    "8puzzle-short": npuzzle_file("8puzzle_random100.txt", 3, 3, hi=21),
    "8puzzle-31": npuzzle_file("8puzzle_depth31.txt", 3, 3),
    "11puzzle": npuzzle_file("11puzzle_3x4_random50.txt", 3, 4),
    "11puzzle-53": npuzzle_file("11puzzle_3x4_depth53.txt", 3, 4),
    "11puzzle-sweep": npuzzle_file("11puzzle_3x4_sweep.txt", 3, 4, hi=45),
    "11puzzle-sweep-hard": npuzzle_file("11puzzle_3x4_sweep.txt", 3, 4,
                                        lo=46),
    "2x5-sweep": npuzzle_file("9puzzle_2x5_sweep.txt", 2, 5),
    "2x6-sweep": npuzzle_file("11puzzle_2x6_sweep.txt", 2, 6, hi=55),
    "2x6-sweep-hard": npuzzle_file("11puzzle_2x6_sweep.txt", 2, 6, lo=56),
    "15puzzle-20s": npuzzle_file("15puzzle_scrambles60.txt", 4, 4, lo=20,
                                 hi=29),
    "15puzzle-30s": npuzzle_file("15puzzle_scrambles60.txt", 4, 4, lo=30,
                                 hi=39),
    "15puzzle-40s": npuzzle_file("15puzzle_scrambles60.txt", 4, 4, lo=40,
                                 hi=49),
    "korf100": npuzzle_file("korf100_15puzzle_blank_last.txt", 4, 4),
    "korf100-short": npuzzle_file("korf100_15puzzle_blank_last.txt", 4, 4,
                                  hi=42),
    "korf100-mid": npuzzle_file("korf100_15puzzle_blank_last.txt", 4, 4,
                                lo=43, hi=46),
    "korf100-47to49": npuzzle_file("korf100_15puzzle_blank_last.txt", 4, 4,
                                   lo=47, hi=49),
    "korf100-50": npuzzle_file("korf100_15puzzle_blank_last.txt", 4, 4,
                               lo=50, hi=50),
    "korf100-51": npuzzle_file("korf100_15puzzle_blank_last.txt", 4, 4,
                               lo=51, hi=51),
    "korf100-52": npuzzle_file("korf100_15puzzle_blank_last.txt", 4, 4,
                               lo=52, hi=52),
    "korf100-41to52": npuzzle_file("korf100_15puzzle_blank_last.txt", 4,
                                   4, lo=41, hi=52),
    "korf100-53to55": npuzzle_file("korf100_15puzzle_blank_last.txt", 4,
                                   4, lo=53, hi=55),
    "korf100-56": npuzzle_file("korf100_15puzzle_blank_last.txt", 4, 4,
                               lo=56, hi=56),
    "24puzzle": npuzzle_file("korf_felner50_24puzzle.txt", 5, 5,
                             goal=" ".join(str(i) for i in range(25))),
    "rush40": read_rush_cards,
    "rush40-step": lambda: read_rush_cards(("step",)),
    "rush-db": lambda: read_rush_database(1, 60, 1),
    "rush-db-all": lambda: read_rush_database(1, 60, 10**9),
    "rush-db-all-slide": lambda: read_rush_database(1, 60, 10**9,
                                                    ("slide",)),
    "rush-db-all-step": lambda: read_rush_database(1, 60, 10**9, ("step",)),
    "klotski": read_klotski,
    "klotski-classic": lambda: read_klotski(["fayaa_001.txt"]),
    "klotski-short": lambda: read_klotski(max_step=26),
    "klotski-piece": lambda: read_klotski(metrics=("piece",)),
}


def run_one(binary, args, encoding, timeout, extra):
    # "seed:--textbook-driver" = the encoding plus flags of its own;
    # "pairs@/tmp/old/satslide" = run by another binary (before/after).
    encoding, _, other = encoding.partition("@")
    binary = other or binary
    name, *flags = encoding.split(":")
    cmd = [binary, "--json", "-q", "--encoding", name,
           "--timeout", str(timeout)] + flags + extra + args
    start = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True,
                          timeout=timeout + 60)
    wall = time.monotonic() - start
    try:
        report = json.loads(proc.stdout)
    except json.JSONDecodeError:
        report = {"status": f"crash (exit {proc.returncode})",
                  "horizons": [], "length": None, "optimal": False}
    if report.get("status") == "error":  # satslide's error document
        print(f"ERROR {' '.join(cmd)}: {report.get('reason')}",
              file=sys.stderr)
        report = {"status": f"error (exit {proc.returncode})",
                  "horizons": [], "length": None, "optimal": False}
    return report, wall, proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--suite", required=True, choices=sorted(SUITES),
                    action="append", help="instance suite (repeatable)")
    ap.add_argument("--encodings", default="seed,pairs",
                    help="comma-separated; the first is the ratio baseline; "
                         "name:--flag adds satslide flags to one entry, "
                         "e.g. seed:--textbook-driver; name@PATH runs "
                         "that entry with the binary at PATH")
    ap.add_argument("--timeout", type=float, default=120,
                    help="seconds per instance and encoding")
    ap.add_argument("--limit", type=int, default=None,
                    help="at most this many instances per suite")
    ap.add_argument("--start", type=int, default=0,
                    help="skip this many instances of each suite first "
                         "(to split a long sweep)")
    ap.add_argument("--only", default="",
                    help="comma-separated instance ids (after '#', e.g. "
                         "64,21 of korf100): only those")
    ap.add_argument("--binary", default=os.path.join(HERE, "..", "build",
                                                     "cli", "satslide"))
    ap.add_argument("--extra", default="",
                    help="extra satslide arguments, e.g. '--solver-config sat'")
    ap.add_argument("--out", required=True, help="output directory")
    opts = ap.parse_args()

    encodings = opts.encodings.split(",")
    instances = []
    for suite in opts.suite:
        chosen = SUITES[suite]()[opts.start:]
        if opts.only:
            wanted = opts.only.split(",")
            chosen = [i for i in chosen if i[0].split("#")[-1] in wanted]
        instances += chosen[:opts.limit] if opts.limit else chosen
    os.makedirs(opts.out, exist_ok=True)

    rows, summary, failures = [], [], 0
    for ident, optimal, args in instances:
        line = {"instance": ident, "optimal": optimal}
        for enc in encodings:
            report, wall, code = run_one(opts.binary, args, enc, opts.timeout,
                                         opts.extra.split())
            solver_s = sum(h["seconds"] for h in report["horizons"])
            for h in report["horizons"]:
                rows.append([ident, enc, h["horizon"], h["variables"],
                             h["clauses"], h["result"], f"{h['seconds']:.4f}",
                             h["conflicts"]])
            status = report["status"]
            length = report.get("length")
            anyplan = report.get("mode") == "any"
            bound = report.get("lower_bound")
            if anyplan and status == "solved" and length < optimal:
                print(f"WRONG {ident} {enc}: any-plan length {length} is "
                      f"below the optimum {optimal}", file=sys.stderr)
                failures += 1
                status = "WRONG"
            elif bound is not None and bound > optimal:
                print(f"WRONG {ident} {enc}: lower bound {bound} is above "
                      f"the optimum {optimal}", file=sys.stderr)
                failures += 1
                status = "WRONG"
            elif (not anyplan and status == "solved" and
                  (length != optimal or not report["optimal"])):
                print(f"MISMATCH {ident} {enc}: length {length} "
                      f"optimal={report['optimal']}, expected {optimal}",
                      file=sys.stderr)
                failures += 1
                status = "WRONG"
            line[enc] = {"status": status, "length": length, "any": anyplan,
                         "solver": solver_s, "wall": wall,
                         "proven": report.get("no_plan_up_to"),
                         "positions": report.get("positions"),
                         "bound": report.get("lower_bound"),
                         "path": report.get("path"),
                         "auto": (report.get("auto") or {}).get("choice"),
                         "auto_reason":
                             (report.get("auto") or {}).get("reason")}
            print(f"{ident:28} {enc:8} {status:13} len={length} "
                  f"solver={solver_s:8.3f}s wall={wall:8.3f}s", flush=True)
        summary.append(line)

    with open(os.path.join(opts.out, "horizons.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["instance", "encoding", "horizon", "variables", "clauses",
                    "result", "seconds", "conflicts"])
        w.writerows(rows)
    with open(os.path.join(opts.out, "instances.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["instance", "optimal", "encoding", "status", "length",
                    "solver_seconds", "wall_seconds", "no_plan_up_to",
                    "positions", "lower_bound", "path", "auto_choice",
                    "auto_reason"])
        for line in summary:
            for enc in encodings:
                r = line[enc]
                w.writerow([line["instance"], line["optimal"], enc,
                            r["status"], r["length"], f"{r['solver']:.4f}",
                            f"{r['wall']:.4f}", r["proven"], r["positions"],
                            r["bound"], r["path"], r["auto"],
                            r["auto_reason"]])
    write_markdown(opts, encodings, summary)
    return 1 if failures else 0


def write_markdown(opts, encodings, summary):
    base = encodings[0]
    head = ["instance", "opt"] + [f"{e} s" for e in encodings] + \
        [f"{base}/{e}" for e in encodings[1:]]
    lines = ["| " + " | ".join(head) + " |",
             "|" + "---|" * len(head)]
    totals = {e: 0.0 for e in encodings}
    solved = {e: 0 for e in encodings}

    def cell(r):
        if r["status"] == "solved" and r["any"]:
            return f"{r['wall']:.2f} (length {r['length']} in [{r['bound']}, {r['length']}])"
        if r["status"] == "solved":
            return f"{r['wall']:.2f}"
        return f">{opts.timeout:g} ({r['status']}, ≤{r['proven']} refuted)"

    for line in summary:
        cells = [line["instance"], str(line["optimal"])]
        for e in encodings:
            r = line[e]
            cells.append(cell(r))
            totals[e] += r["wall"]
            solved[e] += r["status"] == "solved"
        b = line[base]
        for e in encodings[1:]:
            r = line[e]
            if b["status"] == "solved" and r["status"] == "solved":
                cells.append(f"{b['wall'] / max(r['wall'], 1e-3):.1f}×")
            elif r["status"] == "solved":
                cells.append(f">{opts.timeout / max(r['wall'], 1e-3):.1f}×")
            else:
                cells.append("–")
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    for e in encodings:
        runs = [line[e] for line in summary]
        how = "optimally"
        if any(r["any"] for r in runs):
            ratios = [r["length"] / line["optimal"]
                      for line, r in zip(summary, runs)
                      if r["status"] == "solved" and line["optimal"] > 0]
            gaps = [r["length"] / r["bound"] for r in runs
                    if r["status"] == "solved" and r["bound"]]
            how = ("with any plan (length / optimum: mean "
                   f"{sum(ratios) / max(len(ratios), 1):.3f}, max "
                   f"{max(ratios, default=0):.3f}; length / proven lower "
                   f"bound: mean {sum(gaps) / max(len(gaps), 1):.3f}, max "
                   f"{max(gaps, default=0):.3f})")
        lines.append(f"- `{e}`: {solved[e]}/{len(summary)} solved {how}, "
                     f"{totals[e]:.2f} s in all (process wall clock, "
                     f"timeouts counted at their limit)")
    with open(os.path.join(opts.out, "summary.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
