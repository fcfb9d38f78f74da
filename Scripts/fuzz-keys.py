#!/usr/bin/env python3
"""Random key scripts through `table-browser snapshot`: every run must exit 0.

Usage: Scripts/fuzz-keys.py [RUNS] [SEED]   (make fuzz)

Each run picks a terminal size from 1x1 to 100x40, the bundled books or a small --data file
(which `r` reloads in the background), and up to 40 keys, among them every key the app
handles. A failure prints the command to reproduce it. This found a crash on exit while a
reload was still parsing; see DECISIONS.md.
"""
import json
import os
import random
import subprocess
import sys
import tempfile

KEYS = ("j k g G a x u s / Tab Enter Esc Left Right Up Down PgUp PgDn Home End Space Backspace "
        "1 2 3 4 5 F1 F5 ? q r p n e i h l Z A # 9 S-Tab C-c").split()
BOOKS = [
    {"title": "Zebra Crossing", "author": "Zed Zimmer"},
    {"title": "élan vital", "author": "Henri Bergson"},
    {"title": "the Hobbit", "author": "J. R. R. Tolkien"},
    {"title": "Ångström Units", "author": "Anders Å."},
    {"title": "42nd Street", "author": "Bradford Ropes"},
    {"title": "Esc\u001b[2J in a title", "author": "Mallory"},
]


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else None)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = subprocess.run(["swift", "build", "--show-bin-path"], cwd=root, capture_output=True,
                            text=True, check=True).stdout.strip() + "/table-browser"
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        data = os.path.join(folder, "books.json")
        with open(data, "w", encoding="utf-8") as file:
            json.dump(BOOKS, file)
        for _ in range(runs):
            keys = " ".join(rng.choice(KEYS) for _ in range(rng.randint(1, 40)))
            size = f"{rng.randint(1, 100)}x{rng.randint(1, 40)}"
            command = [binary, "snapshot", "--size", size, "--keys", keys]
            if rng.random() < 0.5:
                command += ["--data", data]
            result = subprocess.run(command, capture_output=True, timeout=30)
            if result.returncode != 0:
                failures += 1
                print("exit", result.returncode, " ".join(repr(part) for part in command))
                print(result.stderr.decode(errors="replace")[:400])
    print(f"{runs} runs, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
