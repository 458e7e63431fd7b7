#!/usr/bin/env python3
"""No test case's name holds a ';'.

    check_test_names.py TESTS_DIR

doctest_discover_tests splits a name at ';' (a CMake list), and each half
then matches no test case and passes, so such a name hides its test. The
name is the concatenation of the literals that follow TEST_CASE( — a ';'
on a name's second line counts too. The count of names read is printed,
and none read is a failure.
"""
import pathlib
import re
import sys

CASE = re.compile(r'TEST_CASE\(((?:\s*"(?:[^"\\]|\\.)*")+)')
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')


def main() -> int:
    root = pathlib.Path(sys.argv[1])
    names = bad = 0
    for path in sorted(root.rglob("*.cpp")):
        text = path.read_text(encoding="utf-8")
        for match in CASE.finditer(text):
            names += 1
            name = "".join(LITERAL.findall(match.group(1)))
            if ";" in name:
                line = text.count("\n", 0, match.start()) + 1
                print(f"{path}:{line}: ';' in test name: {name}")
                bad += 1
    print(f"{names} test names read, {bad} with ';'")
    return 1 if bad or names == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
