#!/usr/bin/env python3
"""Peak memory of opening and dumping every book given, against its text size (issue #20, item 4).

For each book, the process's own peak resident memory (VmHWM, printed by the reader with
READER_STATS=1; a parent's ru_maxrss would count the parent's pages copied by fork), the
median of RUNS runs (default 3), each from an empty cache folder where it says "cold":
  * info cold / warm:  `reader info --json BOOK` (parse, then the parse stored in the
                       content cache) / again (the parse read from the content cache);
  * dump cold / warm:  `reader dump BOOK` (the whole book at width 80: parse, layout of
                       every chapter, both caches filled) / again (both caches read);
  * pager:             the full-screen reader in a detached 100×30 tmux pane with an empty
                       cache: first frame, the layout filled in the background, `q`
                       (skipped with --no-pager or without tmux);
  * pager own:         not a peak: the anonymous memory resident when that pager quits
                       (RssAnon, printed with READER_STATS=1) — the process's own memory,
                       without the code of the program and its libraries that the peak
                       counts (file pages the page cache shares). Not held to the target.
The text size is `info --json`'s textBytes (the TextContent's UTF-8 bytes); the target is
3 × text + 20 MB. The fixed part every process pays (`reader --version`) is printed
first; the smallest books show what a command adds to it.

Comparing two binaries: give each the same page-cache state. The peak counts the code pages
the kernel maps around every one touched, and how many it maps follows how the file sits in
the page cache: the same binary copied with `cp` (large folios) peaked 0.6 MB higher at
`--version` than a copy written 4 KB at a time (docs/PERFORMANCE.md, "Memory the background
jobs leave"). `--drop-caches` drops the page cache first (`/proc/sys/vm/drop_caches`; root),
so that every file is read back the same way.

Usage: Tools/bench/memory-bench.py [--runs N] [--no-pager] [--drop-caches] READER_BINARY BOOK...
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

MB = 1e6


def peak_of(stderr):
    for line in stderr.splitlines():
        if line.startswith("reader: stats: peak-rss "):
            value, unit = line.split()[-2:]
            return int(value) * (1024 if unit == "kB" else 1)
    return None


def anon_at_exit(stderr):
    """The anonymous part of what was resident at exit (the process's own memory, not the
    program's and libraries' code, which the page cache shares)."""
    for line in stderr.splitlines():
        if line.startswith("reader: stats: resident-at-exit anon "):
            value, unit = line.split()[4:6]
            return int(value) * (1024 if unit == "kB" else 1)
    return None


def run(cmd, env):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(env, READER_STATS="1"))
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {proc.returncode}")
    return peak_of(proc.stderr.decode(errors="replace")), proc.stdout


def pager_peak(binary, book, env, scratch):
    """The full-screen reader's peak: open in tmux, wait for the background layout, quit."""
    err = os.path.join(scratch, "pager.err")
    if os.path.exists(err):
        os.remove(err)
    socket = f"memory-bench-{os.getpid()}"
    layout = os.path.join(env["XDG_CACHE_HOME"], "reader", "layout")
    command = " ".join(f"{k}='{env[k]}'" for k in ("XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"))
    command = f"READER_STATS=1 {command} '{binary}' '{book}' 2> '{err}'"
    subprocess.run(["tmux", "-L", socket, "new-session", "-d", "-x", "100", "-y", "30", command], check=True)
    try:
        for _ in range(200):
            if os.path.isdir(layout) and any(n.endswith(".rlc") for n in os.listdir(layout)):
                break
            time.sleep(0.05)
        for _ in range(200):
            if os.path.exists(err) and "peak-rss" in open(err, errors="replace").read():
                break
            subprocess.run(["tmux", "-L", socket, "send-keys", "q"], stderr=subprocess.DEVNULL)
            time.sleep(0.05)
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], stderr=subprocess.DEVNULL)
    if not os.path.exists(err):
        return None, None
    text = open(err, errors="replace").read()
    return peak_of(text), anon_at_exit(text)


def measure(binary, book, env, scratch, runs, pager):
    cache = os.path.join(scratch, "cache")
    columns = {"info cold": [], "info warm": [], "dump cold": [], "dump warm": [], "pager": [], "pager own": []}
    text = None
    for _ in range(runs):
        for command, key in ((["info", "--json"], "info"), (["dump"], "dump")):
            shutil.rmtree(cache, ignore_errors=True)
            peak, out = run([binary, *command, book], env)
            columns[f"{key} cold"].append(peak)
            if key == "info":
                text = json.loads(out)["textBytes"]
            columns[f"{key} warm"].append(run([binary, *command, book], env)[0])
        if pager:
            shutil.rmtree(cache, ignore_errors=True)
            peak, anon = pager_peak(binary, book, env, scratch)
            columns["pager"].append(peak)
            columns["pager own"].append(anon)
    return text, {k: statistics.median(v) if v and None not in v else None for k, v in columns.items()}


def main():
    args = sys.argv[1:]
    runs, pager = 3, shutil.which("tmux") is not None
    while args and args[0].startswith("--"):
        if args[0] == "--runs":
            runs, args = int(args[1]), args[2:]
        elif args[0] == "--no-pager":
            pager, args = False, args[1:]
        elif args[0] == "--drop-caches":
            os.sync()
            with open("/proc/sys/vm/drop_caches", "w") as f:
                f.write("1\n")
            args = args[1:]
        else:
            sys.exit(__doc__)
    binary, books = os.path.abspath(args[0]), args[1:]
    scratch = tempfile.mkdtemp(prefix="memory-bench.")
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(scratch, "cache"), XDG_STATE_HOME=os.path.join(scratch, "state"),
               XDG_CONFIG_HOME=os.path.join(scratch, "config"))
    try:
        version = statistics.median(run([binary, "--version"], env)[0] for _ in range(runs))
        print(f"fixed part: reader --version peaks at {version / MB:.1f} MB")
        names = ["info cold", "info warm", "dump cold", "dump warm"] + (["pager"] if pager else [])
        shown = names + (["pager own"] if pager else [])
        print(f"{'book':46} {'text MB':>7} {'target':>6} " + " ".join(f"{n:>9}" for n in shown) + "  (peak MB)")
        for book in books:
            try:
                text, peaks = measure(binary, book, env, scratch, runs, pager)
            except RuntimeError as e:
                print(f"{os.path.basename(book)[:46]:46} {e}")
                continue
            target = 3 * text + 20 * MB
            worst = max(p for n, p in peaks.items() if n in names and p is not None)
            shown = names + (["pager own"] if pager else [])
            cells = " ".join(f"{peaks[n] / MB:9.1f}" if peaks[n] is not None else f"{'-':>9}" for n in shown)
            over = f"  over by {(worst - target) / MB:.1f}" if worst > target else ""
            print(f"{os.path.basename(book)[:46]:46} {text / MB:7.2f} {target / MB:6.1f} {cells}{over}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"load average at the end: {' '.join(open('/proc/loadavg').read().split()[:3])}")


if __name__ == "__main__":
    main()
