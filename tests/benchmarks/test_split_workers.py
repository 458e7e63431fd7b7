#!/usr/bin/env python3
"""benchmarks/split_workers.py: its worker bounds on a report made up
here (the arithmetic by hand), and a real split report of satslide's
(argv[1]) read, a report that did not split refused."""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", "benchmarks", "split_workers.py")


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], text=True,
                          capture_output=True)


def table_rows(out):
    return [[c.strip() for c in line.strip("|").split("|")]
            for line in out.splitlines()[2:]]


def main():
    satslide = sys.argv[1]
    failures = []

    def check(ok, what):
        if not ok:
            failures.append(what)

    with tempfile.TemporaryDirectory() as tmp:
        # Two rounds: 10 s of calls (longest 4 s), 6 s (longest 1 s); 20 s
        # of wall clock, 14 s in the rounds: 6 s of set-up.
        made = {"status": "solved", "length": 9, "no_plan_up_to": 8,
                "path": "split", "seconds": 20.0,
                "horizons": [{"horizon": 7, "seconds": 8.0},
                             {"horizon": 9, "seconds": 6.0}],
                "split": {"rounds": [
                    {"horizon": 7, "calls": 5, "call_seconds": 10.0,
                     "longest_call_seconds": 4.0},
                    {"horizon": 9, "calls": 6, "call_seconds": 6.0,
                     "longest_call_seconds": 1.0}]}}
        path = os.path.join(tmp, "made.json")
        with open(path, "w") as f:
            json.dump(made, f)
        r = run(path, "--workers", "2,4", "--overhead", "0")
        check(r.returncode == 0, f"made-up report: exit {r.returncode}")
        rows = table_rows(r.stdout)
        check(len(rows) == 1, f"one row: {r.stdout}")
        if rows:
            # set-up 6; rounds 2; calls 11; CPU 16; critical 6 + 4 + 1 = 11;
            # 2 workers: 6 + max(5, 4) + max(3, 1) = 14 .. 6 + 9 + 4 = 19;
            # 4 workers: 6 + 4 + 1.5 = 11.5 .. 6 + 6.5 + 2.5 = 15.
            check(rows[0][5:] == ["6.0", "2", "11", "16.0", "11.0",
                                  "14.0–19.0", "11.5–15.0"],
                  f"made-up report's figures: {rows[0]}")
        # A real split run of satslide's, and one that did not split.
        def report(name, *flags):
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                subprocess.run([satslide, "--puzzle", "8", "--board",
                                "8 6 7 2 5 4 3 0 1", *flags, "--json",
                                "-q"], stdout=f, check=True)
            return path

        r = run(report("real.json", "--split-depth", "4"), "--workers", "256")
        rows = table_rows(r.stdout)
        check(r.returncode == 0 and len(rows) == 1 and
              rows[0][1:3] == ["solved", "31"] and rows[0][6] != "0",
              f"real split report: {r.returncode} {r.stdout} {r.stderr}")
        # With the plan found first by IDA*, the 8-puzzle's exact pattern
        # database refutes every cube below it: no round at all.
        r = run(report("witness.json", "--split-depth", "4", "--witness",
                       "ida"), "--workers", "256")
        rows = table_rows(r.stdout)
        check(r.returncode == 0 and len(rows) == 1 and
              rows[0][1:4] == ["solved", "31", "30"] and rows[0][6] == "0",
              f"split below a witness: {r.returncode} {r.stdout} {r.stderr}")
        r = run(report("plain.json", "--engine", "horizons"))
        check(r.returncode != 0 and "not a run split" in r.stderr,
              f"a report that did not split: {r.returncode} {r.stderr}")
    for f in failures:
        print("FAILED:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
