#!/usr/bin/env python3
"""Counts the images of books and checks that none is lost (issue #19): every <img>,
<image> and <svg:image> of every content document of an EPUB's spine, every <image> in an
FB2's bodies, must come out of `reader dump` as a placeholder ("[image" …) until pictures
are drawn.

    python3 Tools/check/images-corpus.py [--reader .build/release/reader] [BOOK...]

Default books: the shared corpus's EPUB and FB2 files. Prints one row per book (images in
the markup, placeholders in the dump) and exits 1 when a book lost one.
"""
import argparse, glob, os, re, subprocess, sys, zipfile
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus")
IMAGE = re.compile(r"<(?:[a-zA-Z0-9]+:)?(?:img|image)\b", re.I)


def epub_images(path):
    z = zipfile.ZipFile(path)
    container = ET.fromstring(z.read("META-INF/container.xml"))
    opf_path = next(e.get("full-path") for e in container.iter() if e.tag.endswith("rootfile"))
    opf = ET.fromstring(z.read(opf_path))
    base = os.path.dirname(opf_path)
    manifest = {e.get("id"): e for e in opf.iter() if e.tag.endswith("item")}
    seen, count = set(), 0
    for ref in (e for e in opf.iter() if e.tag.endswith("itemref")):
        item = manifest.get(ref.get("idref"))
        if item is None or "html" not in (item.get("media-type") or ""):
            continue
        name = os.path.normpath(os.path.join(base, item.get("href").split("#")[0])).replace("\\", "/")
        if name in seen or name not in z.namelist():
            continue
        seen.add(name)
        text = z.read(name).decode("utf-8", "replace")
        text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
        text = re.sub(r"<head\b.*?</head>", "", text, flags=re.S | re.I)
        count += len(IMAGE.findall(text))
    return count


def fb2_images(path):
    data = open(path, "rb").read()
    text = data.decode("utf-8", "replace") if b"encoding=\"utf-8\"" in data[:200].lower() or data[:3] == b"\xef\xbb\xbf" else data.decode("latin-1")
    bodies = "".join(re.findall(r"<body\b.*?</body>", text, flags=re.S))
    return len(re.findall(r"<(?:[a-zA-Z0-9]+:)?image\b", bodies))


def placeholders(reader, path):
    out = subprocess.run([reader, "dump", "--width", "10000", path], capture_output=True, text=True).stdout
    return out.count("[image")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reader", default=os.path.join(ROOT, ".build", "release", "reader"))
    ap.add_argument("books", nargs="*")
    a = ap.parse_args()
    books = a.books or sorted(glob.glob(os.path.join(CORPUS, "epub", "*.epub")) + glob.glob(os.path.join(CORPUS, "fb2", "*.fb2")))
    lost = 0
    for book in books:
        markup = fb2_images(book) if book.endswith(".fb2") else epub_images(book)
        shown = placeholders(a.reader, book)
        status = "ok " if shown >= markup else "LOST"
        lost += shown < markup
        print(f"{status} {os.path.basename(book)}: {markup} in the markup, {shown} placeholders")
    sys.exit(1 if lost else 0)


if __name__ == "__main__":
    main()
