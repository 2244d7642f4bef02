#!/usr/bin/env python3
"""Checks the reader's FB2 results against an independent reading of each book.

    python3 Tools/check/fb2-corpus.py --reader .build/debug/reader BOOK.fb2...

For every book: parses it with Python's own XML parser (undefined entities replaced by
their names first, the declared encoding honoured), counts the titled sections of the
non-notes bodies, the `<a type="note">` links and the notes bodies' sections with an id;
runs `reader info --json` and `reader dump --notes end` and prints title, authors,
language, encoding, chapters, the note lines `--notes end` printed (one per reference
that reaches a note), the warnings, and whether the counts agree. Exit 1 on a mismatch.
Python 3 standard library only.
"""
import argparse
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

PREDEFINED = {"amp", "lt", "gt", "quot", "apos"}


def local(tag):
    return tag.rsplit("}", 1)[-1]


def independent(path):
    raw = open(path, "rb").read()
    m = re.search(rb'encoding="([^"]+)"', raw[:200])
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    text = raw.decode(m.group(1).decode() if m else "utf-8")
    text = re.sub(r"&([A-Za-z_][\w.-]*);", lambda e: e.group(0) if e.group(1) in PREDEFINED else e.group(1), text)
    text = re.sub(r"^<\?xml[^>]*\?>", "", text)
    root = ET.fromstring(text)
    sections = notes_links = note_targets = 0
    for body in [e for e in root if local(e.tag) == "body"]:
        is_notes = any(w in (body.get("name") or "").lower() for w in ("note", "comment"))
        for e in body.iter():
            name = local(e.tag)
            if name == "section" and not is_notes and any(local(c.tag) == "title" for c in e):
                sections += 1
            if name == "section" and is_notes and e.get("id"):
                note_targets += 1
            if name == "a" and e.get("type") == "note":
                notes_links += 1
    return sections, notes_links, note_targets


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reader", default=".build/debug/reader")
    ap.add_argument("books", nargs="+")
    args = ap.parse_args()
    bad = 0
    for book in args.books:
        info = json.loads(subprocess.run([args.reader, "info", "--json", book], capture_output=True, check=True).stdout)
        dump = subprocess.run([args.reader, "dump", "--notes", "end", book], capture_output=True, check=True).stdout.decode()
        note_lines = len(re.findall(r"^\[\d+\] ", dump, re.M))
        sections, links, targets = independent(book)
        titled = sum(1 for c in info["chapters"] if c["title"] not in ("Annotation", "Cover", "Notes"))
        print("== %s" % book.rsplit("/", 1)[-1])
        print("   title %r, authors %r, language %s, encoding %s" % (info["title"], info["authors"], info["language"],
                                                                    info["encoding"]))
        print("   chapters %d (%s)" % (len(info["chapters"]), " | ".join(c["title"] for c in info["chapters"][:6])
                                      + (" …" if len(info["chapters"]) > 6 else "")))
        print("   independent: %d titled sections, %d note links, %d note sections" % (sections, links, targets))
        print("   reader: %d note lines in --notes end, warnings %r" % (note_lines, info["warnings"]))
        if note_lines < min(links, targets) or titled < sections:
            print("   MISMATCH")
            bad += 1
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
