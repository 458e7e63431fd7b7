#!/usr/bin/env python3
"""The start's lower bound against the optimum, per n-puzzle instance.

For every instance of an n-puzzle data file (format: id optimal tiles...),
asks satslide for the bounds it proves before any search, each with a
horizon limit below the bound so that nothing is searched:

  manhattan  Manhattan distance (read off the default encoding's report)
  pairs      the default encoding's bound (2-tile pattern databases summed)
  pdb        --engine ida's bound: additive pattern databases (6-6-3 on
             the 15-puzzle), the max with the transposed board
  pdb-N      the same with --pattern-tiles N, one column per --tiles N
             (8 on the 15-puzzle: 7-8; built once, minutes, 4.7 GB)

and writes a Markdown table with each bound's gap to the optimum listed in
the data file (read here only, never by satslide), and the mean gaps.

Example:
  benchmarks/bound_table.py benchmarks/data/npuzzle/korf100_15puzzle_blank_last.txt \\
      --rows 4 --cols 4 --tiles 8 > benchmarks/results/bounds/korf100.md
"""
import argparse
import json
import re
import subprocess
import sys


def bound(binary, rows, cols, tiles, extra):
    args = [binary, "--puzzle", "npuzzle", "--rows", str(rows), "--cols",
            str(cols), "--board", ",".join(tiles), "--max-horizon", "1",
            "--json", "-q"] + extra
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode not in (0, 20):
        sys.exit(f"bound_table.py: {' '.join(args)} exited {out.returncode}")
    return json.loads(out.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file")
    parser.add_argument("--rows", type=int, required=True)
    parser.add_argument("--cols", type=int, required=True)
    parser.add_argument("--binary", default="build/cli/satslide")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--tiles", type=int, action="append", default=[],
                        help="also the bound with --pattern-tiles N")
    a = parser.parse_args()
    rows = []
    for line in open(a.file):
        words = line.split("#")[0].split()
        if not words:
            continue
        rows.append((words[0], int(words[1]), words[2:]))
    if a.limit:
        rows = rows[:a.limit]
    columns = ["manhattan", "pairs", "pdb"] + [f"pdb-{t}" for t in a.tiles]
    heads = ["Manhattan", "pairs", "pattern databases"] + \
        [f"--pattern-tiles {t}" for t in a.tiles]
    print("| instance | optimum | " + " | ".join(heads) + " |")
    print("|---|---:|" + "---:|" * len(heads))
    gaps = {k: [] for k in columns}
    names = {}
    for id_, optimum, tiles in rows:
        sat = bound(a.binary, a.rows, a.cols, tiles, ["--engine", "horizons"])
        ida = bound(a.binary, a.rows, a.cols, tiles, ["--engine", "ida"])
        m = re.search(r"Manhattan (\d+)", sat["lower_bound_name"])
        manhattan = int(m.group(1)) if m else sat["lower_bound"]
        values = {"manhattan": manhattan, "pairs": sat["lower_bound"],
                  "pdb": ida["lower_bound"]}
        names["pdb"] = ida["lower_bound_name"]
        for t in a.tiles:
            large = bound(a.binary, a.rows, a.cols, tiles,
                          ["--engine", "ida", "--pattern-tiles", str(t)])
            values[f"pdb-{t}"] = large["lower_bound"]
            names[f"pdb-{t}"] = large["lower_bound_name"]
        for k, v in values.items():
            if v > optimum:
                sys.exit(f"bound_table.py: {k} bound {v} above the optimum "
                         f"{optimum} on {id_}: not admissible")
            gaps[k].append(optimum - v)
        print(f"| {id_} | {optimum} | " +
              " | ".join(str(values[k]) for k in columns) + " |")
    mean = {k: sum(v) / len(v) for k, v in gaps.items()}
    print("| **mean gap to the optimum** | | " +
          " | ".join(f"{mean[k]:.1f}" for k in columns) + " |")
    print()
    for k in columns[2:]:
        print(f"{k}: {names[k]}.")


if __name__ == "__main__":
    main()
