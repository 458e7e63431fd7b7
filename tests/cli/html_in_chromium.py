#!/usr/bin/python3
"""satslide --html pages in a real headless Chromium (Debian's chromium,
chromium-driver and python3-selenium; Debian's own python3, which has
the bindings).

    html_in_chromium.py SATSLIDE OUT_DIR

For the 8-puzzle's 31-mover, the classic Klotski and Rush Hour card #40:
solve with --html, load the page from the file (no network), and check
that it loads without a console error, that the arrow keys and the end
button step through the plan with its move highlighted, and that the last
frame shown (read from the DOM) is a goal position by the family's own
goal, checked here, not by the page. A copy of each page with its last
frame removed must fail that check: the check can fail. A screenshot of
each page at its end goes to OUT_DIR.
"""
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def npuzzle_goal(board: str) -> bool:
    """Tiles 1 .. N-1 in row-major order, then the blank."""
    tokens = board.split()
    values = [0 if t == "." else int(t) for t in tokens]
    return values == list(range(1, len(values))) + [0]


def grid(board: str) -> list:
    return [line for line in board.splitlines() if line.strip()]


def rushhour_goal(board: str) -> bool:
    """The red car A at the board's right edge, in its row."""
    return any(row.rstrip().endswith("A") and "AA" in row
               for row in grid(board))


def klotski_goal(board: str) -> bool:
    """The 2x2 piece B of the classic in the bottom middle, at (1, 3)."""
    rows = grid(board)
    return all(rows[y][x] == "B" for y in (3, 4) for x in (1, 2))


CASES = [
    ("npuzzle", ["--puzzle", "8", "--board", "8 6 7 2 5 4 3 0 1"],
     npuzzle_goal),
    ("klotski", ["--puzzle", "klotski", "--layout", "classic", "--metric",
                 "slide"], klotski_goal),
    ("rushhour", ["--puzzle", "rushhour", "--metric", "slide"],
     rushhour_goal),
]


def browser(profile: str) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu",
                 "--disable-quic", "--no-first-run",
                 "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--window-size=1200,900", f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path="/usr/bin/chromedriver")
    return webdriver.Chrome(options=options, service=service)


def shown(driver) -> tuple:
    board = driver.find_element(By.ID, "board")
    return int(board.get_attribute("data-step")), \
        board.get_attribute("data-board")


def check_page(driver, page: pathlib.Path, is_goal, moves: int) -> str:
    """'' if the page passes, else what failed."""
    driver.get(page.as_uri())
    errors = [e for e in driver.get_log("browser")
              if e.get("level") == "SEVERE"]
    if errors:
        return f"console errors: {errors}"
    step, board = shown(driver)
    if step != 0:
        return f"the page opens at step {step}"
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    if shown(driver)[0] != min(2, moves):
        return f"two right arrows show step {shown(driver)[0]}"
    current = driver.find_elements(By.CSS_SELECTOR, "#moves li.current")
    items = driver.find_elements(By.CSS_SELECTOR, "#moves li")
    if moves >= 2 and (len(current) != 1 or current[0] != items[1]):
        return "the second move is not the one highlighted"
    driver.find_element(By.ID, "last").click()
    step, board = shown(driver)
    if step != moves:
        return f"the end button shows step {step} of {moves}"
    if not is_goal(board):
        return f"the last frame is not a goal position:\n{board}"
    return ""


def broken(page: pathlib.Path) -> pathlib.Path:
    """The page with its last frame removed (its last move's board)."""
    text = page.read_text()
    match = re.search(r'(<script type="application/json" id="frames">)'
                      r'(.*?)(</script>)', text, re.S)
    frames = json.loads(match.group(2))
    cut = json.dumps(frames[:-1]).replace("</", "<\\/")
    copy = page.with_name(page.stem + "-broken.html")
    copy.write_text(text[:match.start(2)] + cut + text[match.end(2):])
    return copy


def main() -> int:
    satslide, out_dir = sys.argv[1], pathlib.Path(sys.argv[2])
    out_dir.mkdir(parents=True, exist_ok=True)
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        driver = browser(os.path.join(work, "profile"))
        try:
            for name, args, is_goal in CASES:
                page = pathlib.Path(work) / f"{name}.html"
                run = subprocess.run([satslide] + args + [
                    "--html", str(page), "--json", "-q"],
                    capture_output=True, text=True, check=True)
                moves = json.loads(run.stdout)["length"]
                why = check_page(driver, page, is_goal, moves)
                driver.save_screenshot(str(out_dir / f"{name}.png"))
                if why:
                    print(f"{name}: {why}")
                    failures += 1
                    continue
                if not check_page(driver, broken(page), is_goal, moves):
                    print(f"{name}: a page without its last frame passed")
                    failures += 1
                    continue
                print(f"{name}: {moves} moves, the goal at the end, "
                      f"screenshot {out_dir / (name + '.png')}")
        finally:
            driver.quit()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
