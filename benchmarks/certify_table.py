#!/usr/bin/env python3
"""Certificates of public instances, written and checked: each suite is
one `satslide batch --certify` run (one line at a time, so a line's solve
and its certificate share the machine alike), then `satslide verify` on
every line's certificate. Per suite: instances, certified and verified,
proven optima that match the data's, what the certificates rest on, the
certificate's cost against the run's (both measured within each line of
the one batch run: the ratio compares like with like), the checker's
DRAT time against CaDiCaL's time on the same refutations, and the
proofs' bytes. Writes OUTDIR/SUITE/{answers.jsonl,verify.csv} and prints
a Markdown table; exits 1 if a certificate is refused or an optimum
differs from the data's.

  benchmarks/certify_table.py OUTDIR [SUITE...]     (default: every suite)

SATSLIDE names the binary (default ./build/cli/satslide); TIMEOUT, if
set, is each line's --timeout (its certificate gets what is left, at
least a second, and says what it could not show); CERTIFY_DEPTH, if
set, is each line's --certify-depth (the n-puzzle's lengths from there
on shown through the positions that many moves from the start). The
certificates are removed once checked (they take gigabytes), unless
KEEP_CERTIFICATES=1.
"""

import csv
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")

# name: (batch options, input: a data file, or JSON lines written here)
SUITES = {
    "8puzzle": (["--puzzle", "8"], "npuzzle/8puzzle_random100.txt"),
    "8puzzle-31": (["--puzzle", "8"], "npuzzle/8puzzle_depth31.txt"),
    "rush-step": (["--puzzle", "rushhour", "--metric", "step"],
                  "rushhour/rushhour_original40.txt"),
    "rush-slide": (["--puzzle", "rushhour", "--metric", "slide"],
                   "rushhour/rushhour_original40.txt"),
    "klotski": (["--puzzle", "klotski"],
                [{"id": f"classic-{m}", "layout": "classic", "metric": m}
                 for m in ("step", "slide", "piece")]),
    "3x4-random": (["--puzzle", "npuzzle", "--rows", "3", "--cols", "4"],
                   "npuzzle/11puzzle_3x4_random50.txt"),
    "3x4-53": (["--puzzle", "npuzzle", "--rows", "3", "--cols", "4"],
               "npuzzle/11puzzle_3x4_depth53.txt"),
    "15puzzle-45": (["--puzzle", "15"], ("npuzzle/15puzzle_scrambles60.txt",
                                         45)),
    "korf-45": (["--puzzle", "15"],
                ("npuzzle/korf100_15puzzle_blank_last.txt", 45)),
    "korf-46-47": (["--puzzle", "15"],
                   ("npuzzle/korf100_15puzzle_blank_last.txt", 47, 46)),
    "korf-49": (["--puzzle", "15"],
                ("npuzzle/korf100_15puzzle_blank_last.txt", 49, 49)),
    "korf-50-51": (["--puzzle", "15"],
                   ("npuzzle/korf100_15puzzle_blank_last.txt", 51, 50)),
    "korf-52": (["--puzzle", "15"],
                ("npuzzle/korf100_15puzzle_blank_last.txt", 52, 52)),
    "korf-53": (["--puzzle", "15"],
                ("npuzzle/korf100_15puzzle_blank_last.txt", 53, 53)),
}


def input_file(suite, spec, out):
    """The batch input: a data file, its lines with optimum <= a limit
    (and >= a least, if given), or JSON lines."""
    if isinstance(spec, str):
        return os.path.join(DATA, spec)
    path = os.path.join(out, "input.txt")
    with open(path, "w") as f:
        if isinstance(spec, tuple):
            name, limit, least = (*spec, 0)[:3]
            for line in open(os.path.join(DATA, name)):
                words = line.split()
                if line.startswith("#") or (len(words) > 1 and
                                            least <= int(words[1]) <= limit):
                    f.write(line)
        else:
            for j in spec:
                f.write(json.dumps(j) + "\n")
    return path


def run_suite(binary, suite, out):
    options, spec = SUITES[suite]
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    answers = os.path.join(out, "answers.jsonl")
    timeout = (["--timeout", os.environ["TIMEOUT"]]
               if os.environ.get("TIMEOUT") else [])
    depth = (["--certify-depth", os.environ["CERTIFY_DEPTH"]]
             if os.environ.get("CERTIFY_DEPTH") else [])
    subprocess.run([binary, "batch", *options, *timeout, *depth,
                    input_file(suite, spec, out), "-q", "-o", answers,
                    "--certify", os.path.join(out, "certs")], check=False)
    rows = []
    for text in open(answers):
        j = json.loads(text)
        c = j.get("certificate", {})
        started = time.monotonic()
        v = subprocess.run([binary, "verify", "--json", c.get("dir", "-")],
                           capture_output=True, text=True)
        wall = time.monotonic() - started
        verdict = json.loads(v.stdout) if v.stdout.strip() else {}
        rows.append({
            "line": j["line"], "id": j.get("id", ""),
            "known": j.get("known_optimal", ""), "length": j.get("length", ""),
            "optimal": j.get("optimal", False),
            "certified": v.returncode == 0 and verdict.get("certified"),
            "cert_optimal": verdict.get("optimal", False),
            "layers": c.get("layer_horizons", 0),
            "drat": c.get("drat_horizons", 0),
            "parity": c.get("parity_horizons", 0),
            "frontier": verdict.get("frontier_horizons", 0),
            "frontier_positions": c.get("frontier_positions", 0),
            "cube_drats": c.get("cube_drats", 0),
            "solve_s": j.get("seconds", 0.0), "certify_s": c.get("seconds", 0.0),
            "cadical_s": c.get("solve_seconds", 0.0),
            "check_s": verdict.get("check_seconds", 0.0), "verify_wall_s": wall,
            "proof_bytes": c.get("proof_bytes", 0),
            "lemmas": verdict.get("lemmas", 0),
            "refusal": "" if v.returncode == 0 else verdict.get("verdict", ""),
        })
    if os.environ.get("KEEP_CERTIFICATES") != "1":
        shutil.rmtree(os.path.join(out, "certs"), ignore_errors=True)
    with open(os.path.join(out, "verify.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()) if rows else [])
        w.writeheader()
        w.writerows(rows)
    return rows


def summary(suite, rows):
    n = len(rows)
    certified = sum(bool(r["certified"]) for r in rows)
    optimal = sum(bool(r["cert_optimal"]) for r in rows)
    # A line that ran out of time has no length: not a mismatch.
    mismatches = sum(r["known"] not in ("", None) and r["length"] not in ("", None) and
                     r["length"] != r["known"] for r in rows)
    ratios = [(r["solve_s"] + r["certify_s"]) / r["solve_s"]
              for r in rows if r["solve_s"] > 0]
    drat = [r for r in rows if (r["drat"] or r["cube_drats"]) and
            r["layers"] == 0]
    cadical = sum(r["cadical_s"] for r in drat)
    check = sum(r["check_s"] for r in drat)
    each = [r["check_s"] / r["cadical_s"] for r in drat if r["cadical_s"] > 0]
    checker = (f"{check / cadical:.2f} total, {statistics.median(each):.2f} "
               f"median ({check:.2f} / {cadical:.2f} s)" if cadical > 0
               else "–")
    kinds = "layers" if all(r["layers"] for r in rows) else (
        "frontier + DRAT + parity" if any(r["frontier"] for r in rows) else
        "DRAT + parity" if all(r["drat"] for r in rows) else "mixed")
    return (f"| {suite} | {n} | {certified} | {optimal} | {mismatches} | "
            f"{kinds} | {statistics.median(ratios) if ratios else 0:.2f} / "
            f"{max(ratios) if ratios else 0:.2f} | "
            f"{checker} | "
            f"{sum(r['proof_bytes'] for r in rows) / 1e6:.1f} MB |"), \
        certified == n and mismatches == 0


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    out_dir, suites = sys.argv[1], sys.argv[2:] or list(SUITES)
    binary = os.environ.get("SATSLIDE", "./build/cli/satslide")
    print("| suite | instances | certified, verified | optimal, verified "
          "| mismatches | rests on | (solve + certify) / solve, median / max "
          "| DRAT check / CaDiCaL (their seconds) | proofs |")
    print("|---|---:|---:|---:|---:|---|---:|---:|---:|")
    ok = True
    for suite in suites:
        if suite not in SUITES:
            print(f"unknown suite '{suite}': {', '.join(SUITES)}",
                  file=sys.stderr)
            return 2
        rows = run_suite(binary, suite, os.path.join(out_dir, suite))
        line, good = summary(suite, rows)
        print(line, flush=True)
        ok = ok and good
        for r in rows:
            if r["refusal"]:
                print(f"  {suite} line {r['line']}: {r['refusal']}",
                      file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
