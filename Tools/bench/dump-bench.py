#!/usr/bin/env python3
"""`reader dump --offset MID --lines 30 BOOK` with an empty cache against warm caches (issue #20).

Each round, for each book, with a fresh XDG_CACHE_HOME:
  * cold:          the first dump (parses the book; afterwards it stores the parse in the
                   content cache — after its output, inside the timed process);
  * warm content:  the same dump again (the parse from the content cache; the chapter at
                   MID is laid out, as no layout file exists for a 30-line dump);
  * warm all:      the same dump after `reader cache build BOOK` (width 80, the dump's
                   options: the parse and the layout of every chapter cached).
MID is the middle of the book's text (`reader info --json` textBytes / 2). Wall times of
the whole process (fork to exit) are measured here; `reader --version` is timed too, as
the process start-up every run pays. Prints the median of each and the ratios cold/warm.

Usage: Tools/bench/dump-bench.py [--runs N] READER_BINARY BOOK...
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def timed(cmd, env):
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {proc.returncode}: {proc.stderr.decode(errors='replace')}")
    return wall, proc.stdout


def main():
    args = sys.argv[1:]
    runs = 7
    if args and args[0] == "--runs":
        runs, args = int(args[1]), args[2:]
    binary, books = args[0], args[1:]
    scratch = tempfile.mkdtemp(prefix="dump-bench.")
    try:
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(scratch, "state"), XDG_CONFIG_HOME=os.path.join(scratch, "config"))
        version = [timed([binary, "--version"], env)[0] for _ in range(runs)]
        print(f"process start-up (reader --version): median {statistics.median(version) * 1000:.1f} ms")
        print(f"{'book':44} {'cold ms':>8} {'content':>8} {'all':>8} {'cold/content':>13} {'cold/all':>9}")
        for book in books:
            env["XDG_CACHE_HOME"] = os.path.join(scratch, "probe")
            text = json.loads(timed([binary, "info", "--json", book], env)[1])["textBytes"]
            dump = [binary, "dump", "--offset", str(text // 2), "--lines", "30", book]
            cold, content, full = [], [], []
            reference = None
            for _ in range(runs):
                cache = os.path.join(scratch, "cache")
                shutil.rmtree(cache, ignore_errors=True)
                env["XDG_CACHE_HOME"] = cache
                wall, out = timed(dump, env)
                cold.append(wall)
                reference = reference or out
                wall, out = timed(dump, env)
                content.append(wall)
                assert out == reference, "the warm dump printed other lines"
                timed([binary, "cache", "build", "--width", "80", book], env)
                wall, out = timed(dump, env)
                full.append(wall)
                assert out == reference, "the dump after cache build printed other lines"
            c, w, f = (statistics.median(x) * 1000 for x in (cold, content, full))
            print(f"{os.path.basename(book)[:44]:44} {c:8.1f} {w:8.1f} {f:8.1f} {c / w:12.1f}x {c / f:8.1f}x")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"load average at the end: {' '.join(open('/proc/loadavg').read().split()[:3])}")


if __name__ == "__main__":
    main()
