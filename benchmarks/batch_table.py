#!/usr/bin/env python3
"""Turns the JSON lines of `satslide batch` (one file, or the shards of a
sharded run, merged here by input line) into a Markdown table and,
with --plot, a PNG drawn by gnuplot.

The table has one row per known optimum (or per plan length where the
input carried none): instances, solved, proven optimal, mismatches
against the known optimum, and the mean / max seconds per instance;
then the totals. Exits 1 if a line was answered twice differently or an
optimum disagrees with the input's.

Example:
  benchmarks/batch_table.py benchmarks/results/rush-db-batch/slide.*.jsonl \
      --title "Rush Hour, slide" --plot slide.png > slide.md
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile


def merge(paths):
    """Every input line's answer, from all files; a line answered twice
    must agree on status and length."""
    by_line, conflicts = {}, 0
    for path in paths:
        with open(path) as f:
            for text in f:
                if not text.strip():
                    continue
                j = json.loads(text)
                key = j["line"]
                old = by_line.get(key)
                if old and (old["status"], old.get("length")) != (
                        j["status"], j.get("length")):
                    print(f"line {key}: answered twice differently",
                          file=sys.stderr)
                    conflicts += 1
                by_line[key] = j
    return by_line, conflicts


def table(rows, title):
    groups = {}
    for j in rows.values():
        key = j.get("known_optimal", j.get("length"))
        groups.setdefault(key if key is not None else -1, []).append(j)
    out = [f"### {title}", "",
           "| optimum | instances | solved | proven optimal | mismatches "
           "| mean s | max s |",
           "|---:|---:|---:|---:|---:|---:|---:|"]
    total = {"n": 0, "solved": 0, "optimal": 0, "mismatch": 0, "s": 0.0,
             "max": 0.0}

    def line(name, g):
        n = len(g)
        solved = sum(j["status"] == "solved" for j in g)
        optimal = sum(bool(j.get("optimal")) for j in g)
        mismatch = sum(j["status"] == "solved" and j.get("optimal") and
                       "known_optimal" in j and
                       j["length"] != j["known_optimal"] for j in g)
        secs = [j.get("seconds", 0.0) for j in g]
        out.append(f"| {name} | {n} | {solved} | {optimal} | {mismatch} | "
                   f"{sum(secs) / max(n, 1):.3f} | {max(secs):.2f} |")
        return n, solved, optimal, mismatch, sum(secs), max(secs)

    for key in sorted(groups):
        n, solved, optimal, mismatch, s, mx = line(
            "?" if key == -1 else key, groups[key])
        total["n"] += n
        total["solved"] += solved
        total["optimal"] += optimal
        total["mismatch"] += mismatch
        total["s"] += s
        total["max"] = max(total["max"], mx)
    out.append(f"| **all** | {total['n']} | {total['solved']} | "
               f"{total['optimal']} | {total['mismatch']} | "
               f"{total['s'] / max(total['n'], 1):.3f} | "
               f"{total['max']:.2f} |")
    out.append("")
    out.append(f"Solver seconds summed over instances: {total['s']:.0f} s.")
    return "\n".join(out) + "\n", total["mismatch"]


def plot(rows, title, png):
    with tempfile.NamedTemporaryFile("w", suffix=".dat", delete=False) as d:
        for j in rows.values():
            key = j.get("known_optimal", j.get("length"))
            if key is not None and j["status"] == "solved":
                d.write(f"{key} {max(j.get('seconds', 0.0), 1e-4)}\n")
        data = d.name
    script = (f"set terminal png size 900,540; set output '{png}';"
              f"set title '{title}'; set xlabel 'optimal plan length';"
              f"set ylabel 'seconds (log)'; set logscale y; set key off;"
              f"plot '{data}' using 1:2 with points pt 7 ps 0.4")
    try:
        subprocess.run(["gnuplot", "-e", script], check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        if os.path.exists(png):
            os.remove(png)  # never leave an empty picture behind
        sys.exit(f"batch_table: gnuplot failed: {e}")
    finally:
        os.remove(data)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+", help="JSON lines of satslide batch")
    ap.add_argument("--title", default="satslide batch")
    ap.add_argument("--plot", help="also draw seconds per instance (PNG)")
    opts = ap.parse_args()
    rows, conflicts = merge(opts.files)
    text, mismatches = table(rows, opts.title)
    sys.stdout.write(text)
    if opts.plot:
        plot(rows, opts.title, opts.plot)
    return 1 if conflicts or mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
