#!/usr/bin/env python3
"""Compares `reader dump` (visual order) with python-bidi's get_display on the same
logical lines (`reader dump --logical`), line by line.

    pip install python-bidi      # 0.6.x wraps the Rust crate unicode-bidi
    Tools/check/compare-python-bidi.py READER BOOK [--width N]

Shaping is turned off on both sides (python-bidi does not shape). python-bidi does not
mirror brackets (UAX #9 L4) while reader does, so two counts are printed: exact matches,
and matches once each mirrored pair, e.g. ( and ), is treated as one character.
python-bidi decides each line's direction from the line alone (P2/P3 per line), reader
from the whole paragraph; lines that differ only there are retried with the other base
direction and counted separately. python-bidi reorders per character, reader per grapheme
cluster: marks are moved back after their letters before comparing (marks_after_letters).
"""
import subprocess
import sys
import unicodedata

from bidi import get_display

MIRRORS = {}
with open("/usr/share/unicode/BidiMirroring.txt", encoding="utf-8") as f:
    for line in f:
        line = line.split("#", 1)[0].strip()
        if line:
            a, b = [int(x, 16) for x in line.split(";")]
            MIRRORS[chr(a)] = min(chr(a), chr(b))


def marks_after_letters(s):
    """python-bidi reorders character by character, so in a right-to-left run a mark lands
    before its letter; reader reorders grapheme clusters, keeping it after (what a
    terminal needs to combine it). Moves each run of Arabic or Hebrew combining marks (Mn,
    which only occur in right-to-left runs here) back after the character that follows it
    in python-bidi's output: the character they belong to."""
    out, pending = [], []
    for c in s:
        if unicodedata.category(c) == "Mn":
            pending.append(c)
            continue
        if pending and all(0x600 <= ord(m) <= 0x8FF or 0x591 <= ord(m) <= 0x5C7 for m in pending):
            out.append(c)
            out.extend(reversed(pending))   # reversed with their letter: back in logical order
        else:
            out.extend(pending)
            out.append(c)
        pending = []
    out.extend(pending)
    return "".join(out)


def unmirror(s):
    return "".join(MIRRORS.get(c, c) for c in s)


def dump(reader, book, width, *extra):
    out = subprocess.run([reader, "dump", book, "--width", str(width), "--arabic-shaping", "off", *extra],
                         check=True, capture_output=True, text=True).stdout
    return out.split("\n")


def main():
    args = sys.argv[1:]
    width = 60
    if "--width" in args:
        i = args.index("--width")
        width = int(args[i + 1])
        del args[i:i + 2]
    reader, book = args
    visual = dump(reader, book, width)
    logical = dump(reader, book, width, "--logical")
    assert len(visual) == len(logical), "dump and dump --logical differ in line count"
    total = exact = unmirrored = other_direction = 0
    mismatches = []
    for v, l in zip(visual, logical):
        v, l = v.strip(" "), l.strip(" ")
        if not l or not any(unicodedata.bidirectional(c) in ("R", "AL", "AN") for c in l):
            continue
        total += 1
        theirs = marks_after_letters(get_display(l))
        if theirs == v:
            exact += 1
        elif unmirror(theirs) == unmirror(v):
            unmirrored += 1
        else:
            flipped = marks_after_letters(get_display(l, base_dir="L" if theirs == marks_after_letters(get_display(l, base_dir="R")) else "R"))
            if unmirror(flipped) == unmirror(v):
                other_direction += 1
            elif len(mismatches) < 10:
                mismatches.append((l, v, theirs))
    print(f"lines with right-to-left text: {total}")
    print(f"  identical to python-bidi:                      {exact}")
    print(f"  identical up to bracket mirroring (L4):        {unmirrored}")
    print(f"  identical with the paragraph's direction:      {other_direction}")
    print(f"  different:                                     {total - exact - unmirrored - other_direction}")
    for l, v, t in mismatches:
        print(f"\nlogical: {l}\nreader:  {v}\npython:  {t}")


if __name__ == "__main__":
    main()
