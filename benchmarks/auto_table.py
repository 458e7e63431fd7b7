#!/usr/bin/env python3
"""The default engine against the better of the others, per instance and
per suite, from one run_benchmarks.py run whose first encoding is the
default and whose others are the engines it chooses between (entries
run by another binary, name@PATH, are shown but not compared against):

  benchmarks/auto_table.py benchmarks/results/auto-sweep/instances.csv

prints a Markdown table per suite (the instance's optimum, each engine's
wall clock, the default's ratio to the fastest other one) and the worst
ratio of every suite. A timeout counts at its limit and is marked '>';
a ratio against a timeout is a bound, not a measurement, and says so.
"""

import csv
import sys
from collections import OrderedDict


def suite_of(instance):
    """'8puzzle_random100#26' -> '8puzzle_random100'; block instances
    ('rush-card36-slide', 'klotski-fayaa_230-piece') by family."""
    return instance.split("#")[0] if "#" in instance else \
        instance.split("-")[0]


def label_of(instance):
    return instance.split("#", 1)[1] if "#" in instance else \
        instance.split("-", 1)[1]


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1]) as f:
        rows = list(csv.DictReader(f))
    encodings = list(OrderedDict.fromkeys(r["encoding"] for r in rows))
    default, others = encodings[0], encodings[1:]
    table = OrderedDict()
    for r in rows:
        table.setdefault(r["instance"], {"optimal": r["optimal"]})[
            r["encoding"]] = r
    suites = OrderedDict()
    for instance, runs in table.items():
        suites.setdefault(suite_of(instance), []).append((instance, runs))

    def cell(r):
        t = float(r["wall_seconds"])
        return f"{t:.2f}" if r["status"] == "solved" else f">{t:.0f}"

    worst_lines = []
    for suite, items in suites.items():
        print(f"### {suite}\n")
        head = ["instance", "opt", default + " (default)"] + others + \
            ["default / best other"]
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        worst, worst_at, bounded = 0.0, None, False
        for instance, runs in items:
            d = runs[default]
            engines = [e for e in others if "@" not in e] or others
            best = min(engines, key=lambda e: float(runs[e]["wall_seconds"]))
            b = runs[best]
            ratio = float(d["wall_seconds"]) / max(float(b["wall_seconds"]),
                                                   1e-3)
            exact = d["status"] == "solved" and b["status"] == "solved"
            mark = "" if exact else " (bound)"
            if d["status"] != "solved" and b["status"] != "solved":
                text = "both out of time"
            else:
                text = f"{ratio:.2f}{mark} ({best.split('=')[-1]})"
                if ratio > worst:
                    worst, worst_at, bounded = ratio, instance, not exact
            print("| " + " | ".join(
                [label_of(instance), runs[default]["optimal"], cell(d)] +
                [cell(runs[e]) for e in others] + [text]) + " |")
        print()
        worst_lines.append(
            f"| {suite} | {len(items)} | {worst:.2f}"
            f"{' (bound)' if bounded else ''} | {worst_at} |")
    print("### Worst ratio per suite\n")
    print("| suite | instances | worst default / best other | at |")
    print("|---|---|---|---|")
    print("\n".join(worst_lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
