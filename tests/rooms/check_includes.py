#!/usr/bin/env python3
"""Every room includes only the rooms below it (ARCHITECTURE.md's map).

    check_includes.py SOURCE_DIR

Reads every .cpp and .hpp of the rooms and fails, naming the file and the
line, on an include of a room the table below does not allow, or of a
room the table does not know, or of a room's header spelled without
satslide/ (it would not compile installed). A room's own files are
always allowed. The count of files read is printed, and none read is a
failure.
"""
import pathlib
import re
import sys

# Which rooms each room may include, besides itself: the order of the
# pipeline, puzzle -> task -> CNF -> solver -> plan, with explicit search
# beside the CNF and the planner above both.
ALLOWED = {
    "task": set(),
    "search": {"task"},
    "puzzles": {"search", "task"},
    "encoder": {"task"},
    # The checker believes the encoder and the puzzles' rules, nothing of
    # the solver or the planner's drivers.
    "verify": {"encoder", "puzzles", "search", "task"},
    "solver": {"encoder", "puzzles", "search", "task"},
    "planner": {"solver", "verify", "encoder", "puzzles", "search", "task"},
    "game": {"planner", "puzzles", "search", "task"},
    "cli": {"game", "planner", "solver", "verify", "encoder", "puzzles",
            "search", "task"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"(?:satslide/)?([a-z_]+)/')
# A room's header spelled without satslide/ (it would not work installed).
UNPREFIXED = re.compile(r'^\s*#\s*include\s+"(task|search|puzzles|encoder|'
                        r'solver|verify|planner|game|cli)/')


def main() -> int:
    root = pathlib.Path(sys.argv[1])
    read = 0
    bad = []
    for room, allowed in ALLOWED.items():
        for path in sorted((root / room).rglob("*.[ch]pp")):
            read += 1
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if UNPREFIXED.match(line):
                    bad.append(f"{path.relative_to(root)}:{number}: includes "
                               f"a room's header without satslide/")
                    continue
                match = INCLUDE.match(line)
                if not match:
                    continue
                target = match.group(1)
                if target == room or target in allowed:
                    continue
                what = ("a room above it" if target in ALLOWED
                        else "no room of the map")
                bad.append(f"{path.relative_to(root)}:{number}: includes "
                           f"{target}/, {what}")
    print(f"{read} files of {len(ALLOWED)} rooms read")
    for line in bad:
        print(line)
    if read == 0:
        print("no file read: wrong source directory?")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
