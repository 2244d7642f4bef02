#!/usr/bin/env python3
"""Kinsoku over whole books: no laid-out line starts with CJK closing punctuation unless
the source had a line break there (issue #13, item 14).

For every book given (files, or folders of books), `reader dump --width W` at each width
(20, 37, 80, 132 by default) is compared with `reader dump --width 10000` (one line per
source line: a block, or a line of a block after a hard break). Both are reduced to their
non-space characters; a line at width W that starts with closing punctuation (a closing
quotation mark: after East Asian text) is a
violation unless a source line starts at the same place. (A 10000-wide line that is itself
wrapped, i.e. about 10000 cells wide, does not count as a source line end.) The text must
be the same at every width, the "-" cell of a hyphenated line aside (the reference dump
is not hyphenated).

    Tools/check/kinsoku-corpus.py [--reader .build/release/reader] [--widths 20,37,80,132] \\
        ../shared/corpus/txt ../shared/corpus/epub

Prints one line per book and width with the number of lines and of violations (and the
first few violations, with the end of the line before), then a total; exits 1 when there
is any violation. Books the reader cannot open are listed and skipped.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import unicodedata

# CJK closing punctuation and the other marks that must not start a line (JIS X 4051
# kinsoku: closing brackets, commas and full stops, ！？：；, closing quotation marks).
# Closing quotation marks count after East Asian text only: in English `tell ’em` may
# break before the apostrophe (UAX #14 LB18: a break after spaces).
CLOSING = set("、。，．：；！？）］｝〕〉》」』】〙〗〟｠｡｣､")
QUOTES = set("”’")
WIDE = 10000


def cells(text):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def dump(reader, book, width, env, *options):
    p = subprocess.run([reader, "dump", "--width", str(width), *options, book], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        return None, p.stderr.decode("utf-8", "replace").strip()
    return p.stdout.decode("utf-8", "replace").split("\n"), None


def squeeze(line):
    return "".join(c for c in line if not c.isspace())


def source_starts(lines):
    """Offsets (in the text without spaces) where a source line starts."""
    starts, offset, wrapped = set(), 0, False
    for line in lines:
        s = squeeze(line)
        if s and not wrapped:
            starts.add(offset)
        if s:
            wrapped = cells(line) >= WIDE - 4
        offset += len(s)
    return starts, offset


def check(reader, book, widths, env, examples):
    # The reference is not hyphenated (a paragraph wider than WIDE cells wraps there).
    wide, error = dump(reader, book, WIDE, env, "--hyphenate", "off")
    if wide is None:
        print(f"SKIP {book}: {error.splitlines()[-1] if error else 'failed'}")
        return 0, 0
    starts, total = source_starts(wide)
    text = "".join(squeeze(line) for line in wide)
    violations = 0
    lines_checked = 0
    for width in widths:
        lines, error = dump(reader, book, width, env)
        if lines is None:
            print(f"FAIL {book} width {width}: {error}")
            violations += 1
            continue
        offset, found, previous, differs = 0, [], "", None
        for number, line in enumerate(lines, 1):
            s = squeeze(line)
            # A hyphenated line ends with a "-" cell that is not in the text (the wide
            # dump, one line a paragraph, has none): drop it where the text has no "-".
            if s.endswith("-") and text[offset + len(s) - 1:offset + len(s)] != "-":
                s = s[:-1]
            if differs is None and text[offset:offset + len(s)] != s:
                differs = number
            if s:
                lines_checked += 1
                closing = s[0] in CLOSING or (s[0] in QUOTES and previous and cells(previous[-1]) == 2)
                if closing and offset not in starts:
                    found.append((number, previous[-12:], line.strip()[:12]))
                previous = line.rstrip()
            offset += len(s)
        if offset != total or differs is not None:
            print(f"FAIL {book} width {width}: the text differs from the width-{WIDE} dump "
                  f"({offset} vs {total} characters; first at line {differs})")
            violations += 1
        print(f"{len(found):5d} violations in {len(lines):7d} lines  width {width:3d}  {os.path.basename(book)}")
        for number, before, after in found[:examples]:
            print(f"        line {number}: …{before} / {after}…")
        violations += len(found)
    return violations, lines_checked


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reader", default=".build/release/reader")
    ap.add_argument("--widths", default="20,37,80,132")
    ap.add_argument("--examples", type=int, default=3)
    ap.add_argument("books", nargs="+")
    args = ap.parse_args()
    widths = [int(w) for w in args.widths.split(",")]
    books = []
    for b in args.books:
        books += sorted(os.path.join(b, f) for f in os.listdir(b)) if os.path.isdir(b) else [b]
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(home, "cache"), XDG_STATE_HOME=os.path.join(home, "state"))
        total = checked = 0
        for book in books:
            v, n = check(args.reader, book, widths, env, args.examples)
            total += v
            checked += n
    print(f"{len(books)} books, widths {args.widths}: {checked} lines, {total} violations")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
