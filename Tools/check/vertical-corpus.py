#!/usr/bin/env python3
"""The measures of issue #23 on the corpus's Japanese and Chinese books, from the grids
`reader dump --writing-mode vertical` prints (docs/VERTICAL.md):

  * kinsoku: no column starts with closing punctuation, a small kana or a prolonged sound
    mark, none ends with an opening bracket (columns that are a paragraph's or a page's
    last are not counted for the bottom rule; a paragraph's last column ends where it ends);
  * vertical forms: no character that has a vertical form is left in its horizontal one;
  * order: reading the columns right to left, top to bottom, gives the book's text as
    `reader dump --ruby inline` prints it (whitespace and forms aside; readings inline
    after their bases in both).

    python3 Tools/check/vertical-corpus.py [--reader .build/debug/reader] [--heights 10,20,40] [BOOK...]

Prints one line per book and height; exits 1 when a count is not 0.
"""
import argparse
import os
import subprocess
import sys
import unicodedata

try:
    import wcwidth   # pip install wcwidth: an independent measure of the grid's cells
except ImportError:
    wcwidth = None

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")
BOOKS = ["epub/idpf_kusamakura-ja-vertical.epub", "epub/acb_guwenguanzhi-zh-Hant-epub2.epub",
         "txt/wagahai-wa-neko-de-aru_ja_shift-jis_crlf.txt", "txt/xiyouji_zh-Hans_utf8-bom.txt"]
WIDTH = 80

# Closing punctuation and nonstarters (as their vertical forms too), openers.
NO_TOP = set("、。，．：；！？）」』】〕〉》〗〙〛’”｝］ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶーゝゞヽヾ々・")
NO_TOP |= set("︑︒︐︓︔︕︖︶﹂﹄︼︺﹀︾︘︸﹈")
NO_BOTTOM = set("（「『【〔〈《〖〘〚‘“｛［︵﹁﹃︻︹︿︽︗︷﹇")
# Every character with a vertical form (or a stand-in), as VerticalForms maps it: the text
# is compared in vertical forms on both sides.
FORWARD = dict(zip(",、。:;!?〖〗…‥—–_({)}〔〕【】《》〈〉「」『』[]，：；！？＿（）｛｝［］ーｰ―─〜～⋯",
                   "︐︑︒︓︔︕︖︗︘︙︰︱︲︳︵︷︶︸︹︺︻︼︽︾︿﹀﹁﹂﹃﹄﹇﹈︐︓︔︕︖︳︵︶︷︸﹇﹈︱︱︱︱︴︴︙"))


def cells(row):
    """(column start, text) of each cell of a grid row."""
    x, out = 0, []
    for ch in row:
        w = wcwidth.wcwidth(ch) if wcwidth else (2 if unicodedata.east_asian_width(ch) in "WF" else 1)
        w = 0 if unicodedata.combining(ch) else max(w, 0)
        if w == 0 and out:
            out[-1] = (out[-1][0], out[-1][1] + ch)
            continue
        out.append((x, ch))
        x += w
    return out


def columns(page, width):
    """The page's columns, rightmost first: each a list of (row, text)."""
    by_x = {}
    for y, row in enumerate(page):
        for x, ch in cells(row):
            if ch != " ":
                k = (width - 1 - x) // 3   # both cells of a column (a tate-chū-yoko pair: "1" and "2")
                by_x.setdefault(k, []).append((y, ch))
    return [by_x[k] for k in sorted(by_x)]


def normal(text):
    return "".join(FORWARD.get(c, c) for c in text if not c.isspace())


def check(reader, book, height):
    run = lambda *a: subprocess.run([reader, "dump", *a, book], capture_output=True, text=True, check=True).stdout
    grid = run("--writing-mode", "vertical", "--height", str(height), "--width", str(WIDTH))
    pages = [p.split("\n") for p in grid.split("\n\n")]
    tops = bottoms = forms = 0
    read = []
    for page in pages:
        cols = columns(page, WIDTH)
        for i, col in enumerate(cols):
            text = [c for _, c in col]
            read.extend(text)
            if col and col[0][1] in NO_TOP and col[0][0] == 0:   # an indented column starts a paragraph
                tops += 1
            if col and col[-1][1] in NO_BOTTOM and col[-1][0] == height - 1:
                bottoms += 1
            forms += sum(1 for c in text if c in FORWARD)
    want = normal(run("--ruby", "inline", "--width", "200"))   # base（reading）: the vertical text's ︵reading︶
    got = normal("".join(read))
    order = "same" if got == want else "differs at %d of %d" % (next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want))), len(want))
    print("%-48s h=%-3d pages %5d  tops %d  bottoms %d  horizontal forms %d  text %s"
          % (os.path.basename(book), height, len(pages), tops, bottoms, forms, order))
    return tops + bottoms + forms == 0 and got == want


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--reader", default=os.path.join(ROOT, ".build", "debug", "reader"))
    p.add_argument("--heights", default="10,20,40")
    p.add_argument("books", nargs="*")
    a = p.parse_args()
    books = a.books or [os.path.join(CORPUS, b) for b in BOOKS if os.path.exists(os.path.join(CORPUS, b))]
    ok = True
    for book in books:
        for h in map(int, a.heights.split(",")):
            ok &= check(a.reader, book, h)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
