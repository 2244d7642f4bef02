#!/usr/bin/env python3
"""Wall time and peak memory of `reader info` on given books (issue #2 §8).

For each book: runs `reader info --json BOOK` N times (default 7), prints the best and
median wall time, the peak resident memory of the process (VmHWM, which the reader
prints itself when READER_STATS=1: a parent's ru_maxrss would include its own pages), the
book's UTF-8 text size and the memory budget 4 × text + 20 MB. Every run gets an empty
cache folder (XDG_CACHE_HOME), so it parses the book: `info` stores the parse in the
content cache since issue #20, and a second run would read it from there.

Usage: Tools/bench/info-bench.py [--runs N] READER_BINARY BOOK...
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def run_once(cmd):
    cache = tempfile.mkdtemp(prefix="info-bench.")
    try:
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, env=dict(os.environ, READER_STATS="1", XDG_CACHE_HOME=cache))
        wall = time.perf_counter() - t0
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    peak = 0
    for line in proc.stderr.decode(errors="replace").splitlines():
        if line.startswith("reader: stats: peak-rss "):
            value, unit = line.split()[-2:]
            peak = int(value) * (1024 if unit == "kB" else 1)
    return wall, peak, proc.returncode, proc.stdout


def main():
    args = sys.argv[1:]
    runs = 7
    if args and args[0] == "--runs":
        runs = int(args[1])
        args = args[2:]
    binary, books = args[0], args[1:]
    print(f"{'book':48} {'best ms':>8} {'median':>8} {'peak MB':>8} {'text MB':>8} {'budget MB':>10}")
    for book in books:
        walls, peaks = [], []
        text_bytes = 0
        for _ in range(runs):
            wall, peak, code, out = run_once([binary, "info", "--json", book])
            if code != 0:
                print(f"{os.path.basename(book):48} exit {code}")
                break
            walls.append(wall)
            peaks.append(peak)
            text_bytes = json.loads(out)["textBytes"]
        if not walls:
            continue
        budget = 4 * text_bytes + 20e6
        print(f"{os.path.basename(book)[:48]:48} {min(walls) * 1000:8.1f} {statistics.median(walls) * 1000:8.1f} "
              f"{max(peaks) / 1e6:8.1f} {text_bytes / 1e6:8.2f} {budget / 1e6:10.1f}"
              f"{'' if max(peaks) <= budget else '  OVER BUDGET'}")


if __name__ == "__main__":
    main()
