#!/usr/bin/env python3
"""README.md's and docs/'s transcripts against the program, so the manual
cannot drift.

A transcript is either
  - an indented command line `    satslide ...` followed (after blank
    lines) by a fenced ``` block of what it prints on stdout, or
  - an indented block whose first line is `    $ satslide ...`, the lines
    after it being what it prints.
Commands on the lines just above a transcript's command, in the same
indented block, are run first, in order, by the shell (`satslide dimacs
... -o p5.cnf`, `cadical p5.cnf > answer.txt`, then the quoted `satslide
decode`). Each command is run with the binary given (from the repository
root, in a scratch folder for files it writes), and every quoted line must be a
line of its stdout, in order; quoted `info:` lines are stderr and are
skipped, as are blocks with no command before them. The SAT calls of a
two-thread search and seconds may differ (see VARYING); every other word
and number must be as quoted. Exits 1 on any difference, printing it.

Every relative link of a checked file must name a file that exists, and
README.md must stay a front page of at most README_MAX_LINES lines.

Usage: tests/docs/check_readme.py BINARY [FILE...] (default: README.md)
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

README_MAX_LINES = 250


# What varies from run to run, so the README cannot quote it exactly: the
# SAT calls of reach on two threads (which solver expands which position
# depends on timing; the positions do not) and seconds.
VARYING = [(re.compile(r"\b\d+ SAT calls"), "N SAT calls"),
           (re.compile(r"\b\d+(\.\d+)? s\b"), "T s")]


def normal(line):
    line = line.rstrip()
    for pattern, replacement in VARYING:
        line = pattern.sub(replacement, line)
    return line


def transcripts(lines):
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^    \$ (satslide .*)$", line)
        if m:
            expected = []
            j = i + 1
            while j < len(lines) and lines[j].startswith("    ") and \
                    not lines[j].startswith("    $ "):
                expected.append(lines[j][4:])
                j += 1
            yield i + 1, m.group(1), expected, []
            i = j
            continue
        m = re.match(r"^    (satslide .*)$", line)
        if m:
            j = i + 1
            while j < len(lines) and lines[j].strip() == "":
                j += 1
            if j < len(lines) and lines[j].startswith("```"):
                k = j + 1
                expected = []
                while k < len(lines) and not lines[k].startswith("```"):
                    expected.append(lines[k])
                    k += 1
                # The commands on the lines above it, in its block.
                setup = []
                b = i - 1
                while b >= 0 and lines[b].startswith("    ") and \
                        lines[b].strip():
                    setup.insert(0, lines[b][4:])
                    b -= 1
                yield i + 1, m.group(1), expected, setup
                i = k + 1
                continue
        i += 1


def check_links(path, lines):
    """Relative links that name no file; README.md's length."""
    bad = 0
    here = os.path.dirname(os.path.abspath(path))
    for number, line in enumerate(lines, 1):
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", line):
            if re.match(r"^[a-z]+:", target):
                continue  # a URL
            if not os.path.exists(os.path.join(here, target)):
                bad += 1
                print(f"{path}:{number}: the link {target} names no file")
    if os.path.basename(path) == "README.md" and \
            len(lines) > README_MAX_LINES:
        bad += 1
        print(f"{path}: {len(lines)} lines, more than {README_MAX_LINES}: "
              f"the manual goes in docs/")
    return bad


def main():
    binary = os.path.abspath(sys.argv[1])
    files = sys.argv[2:] or [os.path.join(
        os.path.dirname(__file__), "..", "..", "README.md")]
    failures = checked = started = refused = 0
    for path in files:
        lines = open(path, encoding="utf-8").read().split("\n")
        failures += check_links(path, lines)
        c, f, s, r = check_file(binary, path, lines)
        checked, failures = checked + c, failures + f
        started, refused = started + s, refused + r
    print(f"check_readme: {len(files)} files, {checked} transcripts, "
          f"{failures} differ or fail; {started} other commands, "
          f"{refused} refused")
    sys.exit(1 if failures or refused or checked == 0 else 0)


def check_file(binary, path, lines):
    """(transcripts checked, failures, other commands, refused)."""
    readme = os.path.relpath(path)
    failures = 0
    checked = 0
    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ, SATSLIDE_CACHE_DIR=os.path.join(
            scratch, "cache"))
        for number, command, expected, setup in transcripts(lines):
            expected = [e for e in expected if e.strip() and
                        not e.startswith("info:") and
                        not e.startswith("warning:")]
            if not expected:
                continue
            for line in setup:
                shell = re.sub(r"^satslide ", shlex.quote(binary) + " ", line)
                subprocess.run(shell, shell=True, capture_output=True,
                               cwd=scratch, timeout=600, env=env)
            # `satslide [solve] ...`: the subcommand shown as optional.
            argv = [a for a in shlex.split(command) if a != "[solve]"]
            argv[0] = binary
            run = subprocess.run(argv, capture_output=True, text=True,
                                 cwd=scratch, timeout=600, env=env)
            got = run.stdout.split("\n")
            checked += 1
            at = 0
            for e in expected:
                while at < len(got) and normal(got[at]) != normal(e):
                    at += 1
                if at == len(got):
                    failures += 1
                    print(f"{readme}:{number}: {command}\n"
                          f"  quotes: {e}\n  but the program printed:\n" +
                          "\n".join("    " + g for g in got))
                    break
                at += 1
        started, refused = check_commands(binary, readme, lines, scratch,
                                          env)
    return checked, failures, started, refused


# Every other indented `satslide ...` line is a command the README tells
# users to type: it must be a command line the program accepts. Each runs
# for up to QUICK seconds (still running then: it started, so it parsed);
# bad usage (32), an internal error (30) or a crash fails. `play` needs a
# terminal (tests/cli/play_in_tmux.py plays it) and `...` is a placeholder.
QUICK = 3


def check_commands(binary, readme, lines, scratch, env):
    os.symlink(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            "..", "..", "benchmarks"),
               os.path.join(scratch, "benchmarks"))
    started = refused = 0
    for number, line in enumerate(lines, 1):
        m = re.match(r"^    (?:\$ )?(satslide .*)$", line)
        if not m or "..." in m.group(1) or " play " in m.group(1):
            continue
        argv = [a for a in shlex.split(m.group(1), comments=True)
                if a != "[solve]"]
        argv[0] = binary
        try:
            code = subprocess.run(argv, capture_output=True, cwd=scratch,
                                  timeout=QUICK, env=env,
                                  stdin=subprocess.DEVNULL).returncode
        except subprocess.TimeoutExpired:
            code = 0
        started += 1
        if os.environ.get("CHECK_README_VERBOSE"):
            print(f"{readme}:{number}: exit {code}")
        if code in (30, 32) or code < 0 or code >= 128:
            refused += 1
            print(f"{readme}:{number}: {m.group(1)}\n  exits {code}")
    return started, refused


if __name__ == "__main__":
    main()
