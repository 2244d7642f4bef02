#!/usr/bin/env python3
"""Checks `reader dump --notes inline` against an independent reading of each EPUB.

    python3 Tools/check/notes-corpus.py --reader .build/release/reader BOOK.epub...

For every book: finds each note reference by the conventions of docs/EPUB.md ("Notes and
links") with Python's own zip and HTML parsing (no code shared with the reader), computes
the note's expected text (the target element's text, backlinks removed; for an inline
target such as an empty `<a id>`, its block from the target on), runs the reader and
checks that each reference is followed by `[expected text]`. Texts are compared with all
white space and format characters (soft hyphen, word joiner…) removed, so line wrapping
cannot matter. References are paired with the output in reading order: each is searched
for (its text, then the bracket) after the previous match. The reader's own count (the
"[n] " lines `--notes end` adds) must agree too: a reference the script does not see, or one
too many, lowers the share. Prints per book the references,
the matches and the share, and each miss with why. Exit 1 if a book is under --target.
Python 3 standard library only.
"""
import argparse
import html.parser
import posixpath
import re
import subprocess
import sys
import unicodedata
import urllib.parse
import xml.etree.ElementTree as ET
import zipfile

NOTE_TYPES = {"footnote", "endnote", "rearnote", "note", "footnotes", "endnotes", "rearnotes",
              "doc-footnote", "doc-endnote", "doc-endnotes"}
BLOCKS = {"p", "div", "center", "address", "dt", "dd", "caption", "summary", "legend", "hgroup", "option",
          "figcaption", "html", "body", "section", "article", "header", "footer", "main", "figure", "aside",
          "table", "thead", "tbody", "tfoot", "dl", "details", "fieldset", "form", "blockquote", "ul", "ol",
          "menu", "dir", "li", "tr", "nav", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "listing", "xmp"}
SKIP = {"head", "script", "style", "template", "noscript", "rt", "rp", "object", "iframe", "audio", "video", "math", "title"}
VOID = {"br", "img", "hr", "meta", "link", "input", "area", "base", "col", "embed", "param", "source", "track", "wbr", "image"}
MAX_NOTE = 16384


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children = tag, attrs, parent, []

    def tokens(self):
        return set((self.attrs.get("epub:type", "") + " " + self.attrs.get("role", "")).split())

    def ancestors(self):
        n = self
        while n is not None:
            yield n
            n = n.parent


class TreeBuilder(html.parser.HTMLParser):
    """A lenient element tree: end tags close up to their element, void elements close at once."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        tag = tag.split(":")[-1]
        node = Node(tag, {k: (v or "") for k, v in attrs}, self.stack[-1])
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag.split(":")[-1] not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        tag = tag.split(":")[-1]
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def skipped(node):
    t = node.tokens()
    return node.tag in SKIP or "hidden" in node.attrs or "pagebreak" in t or "doc-pagebreak" in t


def is_backlink(node):
    return node.tag == "a" and bool(node.tokens() & {"backlink", "doc-backlink"})


def text(node, start=None, out=None):
    """The text of `node` as the reader shows it (images as [image: alt], backlinks left
    out); with `start`, only from that descendant on."""
    out = [] if out is None else out
    state = {"on": start is None}

    def walk(n):
        if isinstance(n, str):
            if state["on"]:
                out.append(n)
            return
        if n is start:
            state["on"] = True
        if skipped(n) or is_backlink(n):
            return
        if state["on"]:
            if n.tag in ("img", "image"):
                alt = " ".join(n.attrs.get("alt", "").split())
                out.append(" [image: %s] " % alt if alt else " [image] ")
            elif n.tag == "hr":
                out.append(" * * * ")
            elif n.tag == "br" or n.tag in BLOCKS:
                out.append(" ")
        for c in n.children:
            walk(c)
        if state["on"] and n.tag in BLOCKS:
            out.append(" ")
    walk(node)
    return "".join(out)


def squeeze(s):
    """`s` without white space and format characters (the comparison form)."""
    return "".join(ch for ch in s if not ch.isspace() and unicodedata.category(ch) != "Cf")


def names_notes(path):
    base = posixpath.basename(path).lower().rsplit(".", 1)[0]
    return "notes" in base or "footnote" in base or "endnote" in base or base == "note"


def spine_documents(z):
    container = ET.fromstring(z.read("META-INF/container.xml"))
    names = set(z.namelist())
    opf_path = next(e.get("full-path") for e in container.iter() if e.tag.endswith("rootfile") and e.get("full-path") in names)
    opf = ET.fromstring(z.read(opf_path))
    base = posixpath.dirname(opf_path)
    manifest = {}
    for e in opf.iter():
        if e.tag.endswith("}item") or e.tag == "item":
            href = urllib.parse.unquote(e.get("href", "").split("#")[0])
            manifest[e.get("id")] = (posixpath.normpath(posixpath.join(base, href)), e.get("media-type", ""))
    docs = []
    for e in opf.iter():
        if e.tag.endswith("}itemref") or e.tag == "itemref":
            path, media = manifest.get(e.get("idref"), (None, ""))
            if path and ("html" in media or path.endswith((".html", ".htm", ".xhtml"))) and path not in docs:
                docs.append(path)
    return [d for d in docs if d in z.namelist()]


def resolve(href, doc):
    href = href.strip()
    if urllib.parse.urlsplit(href).scheme:
        return None
    path, _, frag = href.partition("#")
    path = urllib.parse.unquote(path.split("?")[0])
    target = doc if not path else posixpath.normpath(posixpath.join(posixpath.dirname(doc), path))
    return target + "#" + urllib.parse.unquote(frag) if frag else target


def expected_note(node):
    """The note a reference to `node` reads: the element's text, or for an inline element
    its block from the element on (cut as the reader cuts, at 16 KB)."""
    if node.tag in BLOCKS:
        return text(node), False
    block = next((a for a in node.ancestors() if a.tag in BLOCKS), node)
    return text(block, start=node), False


def references(path):
    """[(ref text, expected note text or None, where)] in reading order."""
    z = zipfile.ZipFile(path)
    docs = spine_documents(z)
    trees = {}
    for d in docs:
        t = TreeBuilder()
        t.feed(z.read(d).decode("utf-8", "replace"))
        trees[d] = t.root
    ids, anchors = {}, []
    for d in docs:
        def walk(n, hidden):
            if isinstance(n, str):
                return
            hidden = hidden or skipped(n)
            if not hidden and "id" in n.attrs:
                ids.setdefault(d + "#" + n.attrs["id"], n)
            if not hidden and n.tag == "a" and "href" in n.attrs:
                anchors.append((d, n))
            for c in n.children:
                walk(c, hidden)
        walk(trees[d], False)
    refs = []
    for d, a in anchors:
        tokens = a.tokens()
        if tokens & {"backlink", "doc-backlink"}:
            continue
        key = resolve(a.attrs["href"], d)
        target = ids.get(key) if key else None
        is_ref = bool(tokens & {"noteref", "doc-noteref"})
        if not is_ref and target is not None:
            doc = key.split("#")[0]
            is_ref = (names_notes(doc) or any(x.tag == "aside" or x.tokens() & NOTE_TYPES for x in target.ancestors()))
        label = text(a)
        if not is_ref or not squeeze(label):
            continue
        refs.append((label, expected_note(target)[0] if target is not None else None, "%s → %s" % (d, a.attrs["href"])))
    return refs


def bracket_after(out, at):
    """The bracketed text starting at out[at] == '[' (nested brackets balanced)."""
    depth = 0
    for i in range(at, len(out)):
        depth += {"[": 1, "]": -1}.get(out[i], 0)
        if depth == 0:
            return out[at + 1:i]
    return out[at + 1:]


def check(reader, book, show):
    refs = references(book)
    dump = subprocess.run([reader, "dump", "--notes", "inline", "--width", "10000", "--logical",
                           "--arabic-shaping", "off", book], capture_output=True, text=True)
    out = squeeze(dump.stdout)
    cursor, matched, misses, unresolved = 0, 0, [], 0
    for label, note, where in refs:
        if note is None:
            unresolved += 1
            misses.append((where, "target not in the book (not counted)"))
            continue
        lab, exp = squeeze(label), squeeze(note)
        if len(note.encode()) > MAX_NOTE:
            found = out.find(lab + "[" + exp[:200], cursor)
        else:
            found = out.find(lab + "[" + exp + "]", cursor)
        if found >= 0:
            matched += 1
            cursor = found + len(lab) + 1
            continue
        near = out.find(lab + "[", cursor)
        got = bracket_after(out, near + len(lab)) if near >= 0 else None
        if near >= 0:
            cursor = near + len(lab) + 1  # in order: this reference's place, whatever it holds
        misses.append((where, "expected [%s], reader has %s" % (exp[:80], "[%s]" % got[:80] if got is not None else "no bracket")))
    counted = len(refs) - unresolved
    share = 100.0 * matched / counted if counted else 100.0
    # What the reader itself counts: `--notes end` lists each note on a line of its own
    # starting "[n] " (less the lines that start so in the book itself).
    def numbered(mode):
        r = subprocess.run([reader, "dump", "--notes", mode, "--width", "10000", "--logical",
                            "--arabic-shaping", "off", book], capture_output=True, text=True)
        return sum(1 for line in r.stdout.split("\n") if re.match(r"\s*\[\d+\] ", line))
    listed = numbered("end") - numbered("off")
    if listed != counted:
        share = min(share, 100.0 * min(listed, counted) / max(listed, counted, 1))
    print("%s: %d references, %d matched, %.1f %% (the reader lists %d notes)%s" % (
        book, counted, matched, share, listed, ", %d with no target" % unresolved if unresolved else ""))
    for where, why in misses[:show]:
        print("  miss: %s: %s" % (where, why))
    if len(misses) > show:
        print("  … and %d more" % (len(misses) - show))
    return share


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--reader", required=True)
    p.add_argument("--target", type=float, default=98.0, help="least share (percent) per book")
    p.add_argument("--show", type=int, default=20, help="misses listed per book")
    p.add_argument("books", nargs="+")
    a = p.parse_args()
    shares = []
    for b in a.books:
        try:
            shares.append(check(a.reader, b, a.show))
        except (KeyError, StopIteration, ET.ParseError, zipfile.BadZipFile, OSError, RecursionError) as e:
            print("%s: not read by this script (%s: %s)" % (b, type(e).__name__, e))
    sys.exit(0 if all(s >= a.target for s in shares) else 1)


if __name__ == "__main__":
    main()
