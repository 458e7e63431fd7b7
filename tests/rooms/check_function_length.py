#!/usr/bin/env python3
"""No function of the rooms is longer than 60 lines, tables aside.

    check_function_length.py SOURCE_DIR

Universal Ctags (Debian's universal-ctags) gives every function's first
and last line; a function over the limit fails, named with its file and
line, unless it is one of the tables below (one row an entry, read by
everything else: they grow by a row, not by logic). The count of
functions measured is printed, and none measured is a failure.
"""
import subprocess
import sys

LIMIT = 60
ROOMS = ["task", "search", "puzzles", "encoder", "solver", "planner",
         "game", "cli", "verify"]
# (file, function): the tables, each a list of rows.
TABLES = {
    ("cli/option_table.cpp", "rows"),        # every option
    ("cli/help.cpp", "command_table"),       # every command
    ("encoder/encodings/encodings.cpp", "build_table"),  # every encoding
    ("puzzles/families.cpp", "table"),       # every family
}


def main() -> int:
    root = sys.argv[1]
    tags = subprocess.run(
        ["ctags", "-R", "--languages=C++", "--kinds-C++=f", "--fields=+ne",
         "-f", "-"] + ROOMS,
        cwd=root, check=True, capture_output=True, text=True).stdout
    measured = 0
    long_ones = []
    for line in tags.splitlines():
        fields = line.split("\t")
        name, path = fields[0], fields[1]
        extra = dict(f.split(":", 1) for f in fields[3:] if ":" in f)
        if "line" not in extra or "end" not in extra:
            continue
        measured += 1
        length = int(extra["end"]) - int(extra["line"]) + 1
        if length > LIMIT and (path, name) not in TABLES:
            long_ones.append(f"{path}:{extra['line']}: {name} is {length} "
                             f"lines (at most {LIMIT})")
    print(f"{measured} functions measured")
    for line in long_ones:
        print(line)
    if measured == 0:
        print("no function measured: wrong source directory, or no ctags?")
        return 1
    return 1 if long_ones else 0


if __name__ == "__main__":
    sys.exit(main())
