#!/usr/bin/env python3
"""--any on random n-puzzle boards of any shape: each board drawn fresh by
`satslide scramble --random` (the seed is the argument's, so the boards
are not tuned on), solved by `satslide --any --timeout T --json`, one
after the other; writes

  <out>/boards.jsonl  the boards, as scramble wrote them
  <out>/runs.jsonl    one line per board: shape, status, plan, lower bound
                      and where it came from, the first plan's length and
                      second (plan_steps[0]: the constructive one), the
                      wall clock, what found the plan
  <out>/summary.md    per shape: boards, first plan (mean moves, worst
                      seconds), plan / lower bound (mean, worst; 1 for
                      a plan proven optimal), wall

Every plan is replayed by satslide before it is printed; the script
checks that each status is "solved" and that the plan is never below
the lower bound. No optimum is known for these boards: the ratio is to
the proven lower bound, which the optimum is at least.

Example:
  benchmarks/any_board.py --shapes 6x6,7x7 --boards 10 --seed 57 \\
      --timeout 60 --out benchmarks/results/any-board-60s
"""

import argparse
import json
import os
import subprocess
import sys
import time


def run(binary, args):
    start = time.monotonic()
    done = subprocess.run([binary] + args, capture_output=True, text=True)
    return done, time.monotonic() - start


def board_lines(binary, rows, cols, count, seed):
    done, _ = run(binary, ["scramble", "--puzzle", "npuzzle", "--rows",
                           str(rows), "--cols", str(cols), "--random",
                           "--count", str(count), "--seed", str(seed)])
    if done.returncode != 0:
        sys.exit(f"scramble {rows}x{cols}: {done.stderr.strip()}")
    return [json.loads(line) for line in done.stdout.splitlines()]


def solve(binary, board, timeout):
    done, wall = run(binary, ["--puzzle", "npuzzle", "--rows", board["rows"],
                              "--cols", board["cols"], "--board",
                              board["board"], "--any", "--timeout",
                              str(timeout), "--json", "-q"])
    if done.returncode not in (0, 21):
        sys.exit(f"{board['id']}: exit {done.returncode}: {done.stderr}")
    r = json.loads(done.stdout)
    steps = r.get("plan_steps", [])
    length = len(r.get("plan", []))
    if r["status"] != "solved" or length < r["lower_bound"]:
        sys.exit(f"{board['id']}: {r['status']}, {length} moves, "
                 f"lower bound {r['lower_bound']}")
    # A plan proven optimal is its own lower bound (the race's optimal
    # side reports the bound it started from).
    lower = length if r.get("optimal") else r["lower_bound"]
    return {
        "id": board["id"], "shape": f"{board['rows']}x{board['cols']}",
        "status": r["status"], "plan": length, "optimal": r.get("optimal"),
        "lower_bound": lower, "bound_from": r.get("bound_from"),
        "first_plan": steps[0]["length"] if steps else None,
        "first_seconds": steps[0]["seconds"] if steps else None,
        "plan_from": r.get("plan_from"), "wall": round(wall, 2),
    }


def summary(rows):
    shapes = []
    for r in rows:
        if r["shape"] not in shapes:
            shapes.append(r["shape"])
    out = ["| shape | boards | first plan: mean moves, worst s | plan / "
           "lower bound: mean, worst | wall: worst s |",
           "|---|---|---|---|---|"]
    for shape in shapes:
        of = [r for r in rows if r["shape"] == shape]
        ratios = [r["plan"] / max(1, r["lower_bound"]) for r in of]
        first = [r["first_plan"] for r in of if r["first_plan"] is not None]
        first_s = [r["first_seconds"] for r in of
                   if r["first_seconds"] is not None]
        first_cell = (f"{sum(first) / len(first):.0f}, {max(first_s):.3f}"
                      if first else "— (the race: its plan first)")
        out.append(
            f"| {shape} | {len(of)} | {first_cell} | "
            f"{sum(ratios) / len(ratios):.3f}, {max(ratios):.3f} | "
            f"{max(r['wall'] for r in of):.1f} |")
    return "\n".join(out) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--binary", default="build/cli/satslide")
    p.add_argument("--shapes", required=True,
                   help="comma-separated RxC, e.g. 6x6,2x20")
    p.add_argument("--boards", type=int, default=1, help="boards per shape")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--timeout", type=float, default=60)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rows = []
    with open(os.path.join(a.out, "boards.jsonl"), "w") as boards_file, \
            open(os.path.join(a.out, "runs.jsonl"), "w") as runs_file:
        for shape in a.shapes.split(","):
            r, c = (int(x) for x in shape.split("x"))
            for board in board_lines(a.binary, r, c, a.boards, a.seed):
                boards_file.write(json.dumps(board) + "\n")
                result = solve(a.binary, board, a.timeout)
                runs_file.write(json.dumps(result) + "\n")
                runs_file.flush()
                print(json.dumps(result), file=sys.stderr)
                rows.append(result)
    table = summary(rows)
    with open(os.path.join(a.out, "summary.md"), "w") as f:
        f.write(table)
    print(table, end="")


if __name__ == "__main__":
    main()
