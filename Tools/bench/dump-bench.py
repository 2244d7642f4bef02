#!/usr/bin/env python3
"""`reader dump --offset MID --lines 30 BOOK` with an empty cache against warm caches (issue #20).

Each round, for each book, with a fresh XDG_CACHE_HOME:
  * cold:          the first dump (parses the book; afterwards it stores the parse in the
                   content cache — after its output, inside the timed process);
  * warm content:  the same dump again (the parse from the content cache; the chapter at
                   MID is laid out, as no layout file exists for a 30-line dump);
  * warm all:      the same dump after `reader cache build BOOK` (width 80, the dump's
                   options: the parse and the layout of every chapter cached).
MID is the middle of the book's text (`reader info --json` textBytes / 2). Two times for
each: the wall time of the whole process (fork to exit), measured here — `reader
--version` is timed too, as the process start-up every run pays —, and the reader's own
time from the start of the command to its output written, without the start-up and the
exit (`READER_STATS=1`: `reader: stats: content …, output X ms`). Prints the median of
each and the ratios cold/warm.

Usage: Tools/bench/dump-bench.py [--runs N] READER_BINARY BOOK...
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def timed(cmd, env):
    """(wall seconds, the reader's own seconds to its output or None, stdout)."""
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(env, READER_STATS="1"))
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {proc.returncode}: {proc.stderr.decode(errors='replace')}")
    own = re.search(r"reader: stats: content \w+, output ([0-9.]+) ms", proc.stderr.decode(errors="replace"))
    return wall, float(own.group(1)) / 1000 if own else None, proc.stdout


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
        print(f"{'':36} {'wall: cold':>10} {'content':>8} {'all':>6} {'ratios':>11}   "
              f"{'own: cold':>9} {'content':>8} {'all':>6} {'ratios':>11}")
        for book in books:
            env["XDG_CACHE_HOME"] = os.path.join(scratch, "probe")
            text = json.loads(timed([binary, "info", "--json", book], env)[2])["textBytes"]
            dump = [binary, "dump", "--offset", str(text // 2), "--lines", "30", book]
            walls = {"cold": [], "content": [], "all": []}
            owns = {"cold": [], "content": [], "all": []}
            reference = None
            for _ in range(runs):
                cache = os.path.join(scratch, "cache")
                shutil.rmtree(cache, ignore_errors=True)
                env["XDG_CACHE_HOME"] = cache
                for kind in ("cold", "content", "all"):
                    if kind == "all":
                        timed([binary, "cache", "build", "--width", "80", book], env)
                    wall, own, out = timed(dump, env)
                    walls[kind].append(wall)
                    owns[kind].append(own or 0)
                    reference = reference or out
                    assert out == reference, f"the {kind} dump printed other lines"
            row = f"{os.path.basename(book)[:36]:36}"
            for times in (walls, owns):
                c, w, f = (statistics.median(times[k]) * 1000 for k in ("cold", "content", "all"))
                row += f" {c:10.1f} {w:8.1f} {f:6.1f} {c / w:4.1f}x {c / f:4.1f}x  "
            print(row)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"load average at the end: {' '.join(open('/proc/loadavg').read().split()[:3])}")


if __name__ == "__main__":
    main()
