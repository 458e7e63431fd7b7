#!/usr/bin/env python3
"""satslide play driven as a person would, in a tmux terminal: keys in by
send-keys, the screen read back by capture-pane. Usage: play_in_tmux.py
SATSLIDE. Exits non-zero with the screen on the first failed check."""
import os
import re
import subprocess
import sys
import time

BINARY = sys.argv[1]
SOCKET = f"satslide-play-{os.getpid()}"


def tmux(*args):
    return subprocess.run(["tmux", "-L", SOCKET, *args], check=True,
                          capture_output=True, text=True).stdout


def screen():
    return tmux("capture-pane", "-p", "-t", "play")


def wait_for(pattern, seconds=60):
    """The screen once it matches `pattern`; fails after `seconds`."""
    end = time.time() + seconds
    while time.time() < end:
        text = screen()
        match = re.search(pattern, text)
        if match:
            return match, text
        time.sleep(0.1)
    fail(f"waited {seconds} s for {pattern!r}")


def fail(why):
    print("FAILED:", why, "\n--- screen ---\n" + screen(), file=sys.stderr)
    tmux("kill-server")
    sys.exit(1)


def keys(*k):
    tmux("send-keys", "-t", "play", *k)


def start(*args, width=110, height=30):
    tmux("new-session", "-d", "-s", "play", "-x", str(width), "-y",
         str(height), BINARY, "play", *args)
    wait_for(r"q quit")


def moves():
    return int(wait_for(r"moves: (\d+)")[0].group(1))


def distance_after_hint():
    keys("h")
    match, _ = wait_for(r"hint: (\S+) (\S+)[^(]*\((\d+) moves to the goal")
    return match.group(1), match.group(2), int(match.group(3))


def play_eight():
    start("--puzzle", "8", "--board", "[1,3,6,4,2,0,7,5,8]", "--animate", "0")
    wait_for(r"optimum from the opening: 5 \(breadth-first search\)")
    keys("1", "Up")  # a selected tile is the one the arrow moves
    wait_for(r"1 cannot move up")
    if moves() != 0:
        fail("the arrow moved another tile than the one selected")
    keys("Escape")
    wait_for(r"selected: -")
    _, _, d0 = distance_after_hint()
    if d0 != 5:
        fail(f"hint at the start: distance {d0}, expected 5")
    keys("Escape")  # the hint selected its tile: none again
    wait_for(r"selected: -")
    keys("Up")  # the 8 below the blank slides up: a detour
    wait_for(r"moves: 1")
    _, _, d1 = distance_after_hint()
    if d1 != d0 + 1:
        fail(f"after a detour the distance is {d1}, expected {d0 + 1}")
    piece, direction, _ = distance_after_hint()
    keys(piece, {"up": "Up", "down": "Down", "left": "Left",
                 "right": "Right"}[direction])
    wait_for(r"moves: 2")
    _, _, d2 = distance_after_hint()
    if d2 != d1 - 1:
        fail(f"the hint's move left the distance at {d2}, expected {d1 - 1}")
    keys("u")  # undo, then redo
    wait_for(r"moves: 1")
    keys("r")
    wait_for(r"moves: 2")
    keys("s")  # solve from here, animated
    wait_for(r"Solved in 7 moves")
    keys("q")


def play_klotski():
    start("--puzzle", "klotski", "--layout", "classic", "--animate", "0")
    wait_for(r"optimum from the opening: 116")
    before = screen()
    keys("J", "Left")  # the 1x1 at the bottom right moves left
    wait_for(r"moves: 1")
    if screen().splitlines()[6] == before.splitlines()[6]:
        fail("J moved but the board's last row did not change")
    keys("B", "Down")  # blocked by E: the move is refused
    wait_for(r"B cannot move down")
    if moves() != 1:
        fail("a refused move was counted")
    keys("x")
    wait_for(r"moves: 0")
    keys("o")  # the next opening
    wait_for(r"opening: side-by-side")
    keys("q")


KEY_GROUPS = ["arrows move the selected piece", "A-Z 0-9 or Tab select",
              "u undo", "r redo", "x restart", "h hint", "s solve from here",
              "o next opening (Klotski)", "q quit"]


def play_narrow():
    """80 columns: every key group on one line, none wrapped."""
    start("--puzzle", "8", "--board", "[1,3,6,4,2,0,7,5,8]", width=80,
          height=24)
    text = screen()
    for group in KEY_GROUPS:
        if not any(group in line for line in text.splitlines()):
            fail(f"at 80 columns the keys' {group!r} is not on one line")
    keys("q")


def play_tiny():
    """40 x 10: the board's rows hold the board alone, the status below
    it, and the keys and the message still shown."""
    start("--puzzle", "8", "--board", "[1,3,6,4,2,0,7,5,8]", width=40,
          height=10)
    keys("Left")  # no tile is right of the blank
    _, text = wait_for(r"no tile can slide left")
    lines = text.splitlines()
    board = [line.split() for line in lines[2:5]]
    if board != [["1", "3", "6"], ["4", "2", "."], ["7", "5", "8"]]:
        fail(f"at 40 x 10 the board's rows hold {board}")
    if not lines[5].startswith("moves: 0"):
        fail("at 40 x 10 the status is not below the board")
    keys("q")


def play_random():
    """No board given: a random solvable one, said so, and it plays."""
    start("--puzzle", "8", "--animate", "0")
    wait_for(r"a random solvable board \(--board sets your own\)")
    keys("s")  # solve from here: a solvable board reaches the goal
    wait_for(r"Solved in \d+ moves")
    keys("q")


def no_terminal():
    r = subprocess.run([BINARY, "play", "--puzzle", "8"], stdin=subprocess.DEVNULL,
                       capture_output=True, text=True)
    if r.returncode != 32 or "needs a terminal" not in r.stderr:
        print("FAILED: play without a terminal:", r.returncode, r.stderr)
        sys.exit(1)


no_terminal()
try:
    play_eight()
    time.sleep(0.3)
    play_klotski()
    time.sleep(0.3)
    play_narrow()
    time.sleep(0.3)
    play_tiny()
    time.sleep(0.3)
    play_random()
finally:
    subprocess.run(["tmux", "-L", SOCKET, "kill-server"], capture_output=True)
print("play in tmux: all checks passed")
