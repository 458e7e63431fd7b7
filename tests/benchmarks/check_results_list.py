#!/usr/bin/env python3
"""Every result RESULTS.md cites is rerun by an entry of the list.

    check_results_list.py SOURCE_DIR

Reads benchmarks/results.list (the entries run_all.sh runs),
benchmarks/RESULTS.md and ARCHIVE.md (what was tried and not kept, and
superseded measurements), and
fails, naming each, on a path under benchmarks/results/ that either
cites and no entry's commands write
(an entry writes what its commands name under $R/ or
benchmarks/results/, and its own name), and on an entry without
commands. Prints the counts read; none read is a failure.
"""
import pathlib
import re
import sys

CITED = re.compile(r"(?:benchmarks/results/|`results/)([A-Za-z0-9_.+/{},-]+)")


def expanded(path):
    """a/{b,c} as a/b and a/c (a shell's braces); trailing commas cut."""
    brace = re.search(r"\{([^}]*)\}", path)
    if not brace:
        return [path.rstrip(",")]
    return [path[:brace.start()] + choice + path[brace.end():]
            for choice in brace.group(1).split(",")]
WRITTEN = re.compile(r"(?:\$R|benchmarks/results)/([A-Za-z0-9_.+/-]+)")


def entries(text):
    """(name, commands) of each entry, in order."""
    found = []
    for line in text.splitlines():
        if line.startswith("== "):
            found.append((line[3:].split(" | ", 1)[0], []))
        elif found and line.strip() and not line.startswith("#"):
            found[-1][1].append(line)
    return found


def main() -> int:
    root = pathlib.Path(sys.argv[1])
    listed = entries((root / "benchmarks/results.list").read_text())
    results = "\n".join((root / "benchmarks" / name).read_text()
                        for name in ("RESULTS.md", "ARCHIVE.md"))
    written = set()
    bad = []
    for name, commands in listed:
        if not commands:
            bad.append(f"entry {name}: no commands")
        written.add(name)
        for line in commands:
            written.update(m.rstrip("./") for m in WRITTEN.findall(line))
    cited = {p.rstrip("./,") for m in CITED.findall(results)
             for p in expanded(m)}
    for path in sorted(cited):
        if not any(path == w or path.startswith(w + "/") or
                   w.startswith(path + "/") for w in written):
            bad.append(f"RESULTS.md or ARCHIVE.md cites results/{path}: "
                       "no entry writes it")
    print(f"{len(listed)} entries, {len(cited)} results cited")
    for line in bad:
        print(line)
    if not listed or not cited:
        print("nothing read: wrong source directory?")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
