#!/usr/bin/env python3
"""Ruby (furigana) over whole books: are the readings shown, and next to their bases? (issue #17)

The readings of each book are extracted here, independently of the reader's parsers:

* EPUB: container.xml -> OPF -> spine itemrefs -> manifest hrefs; in each XHTML the
  `<rt>` texts in order (`<rp>` skipped), each with its base (the `<ruby>`'s text outside
  `<rt>`/`<rp>`, paired with the `<rt>`s as HTML does: each run of base text ends where
  an `<rb>` or `<rt>` starts, each `<rt>` takes the first base without a reading).
* Aozora TXT (Shift-JIS / EUC-JP / UTF-8): the header's symbol-explanation block (between
  the first two `-------` lines) dropped, `※［＃…U+XXXX…］` / JIS plane-row-cell gaiji
  resolved (else `※`), every other `［＃…］` removed, then `｜base《reading》` and
  `base《reading》` (base: the run of one script class before `《`: kanji incl. 々〆〇ヶヵ〻,
  katakana, hiragana, letters/digits; never before the previous base on the line).

Then `reader dump --width W --ruby MODE BOOK` (with `--color` for `above`, so that a
ruby row, printed in the dim reading style, can be told from a text line) is run for
each width and mode, with XDG_CACHE_HOME / XDG_STATE_HOME in a temporary folder, and
checked in source order (each reading is looked for after the previous one; its base is
looked for in the text lines near where the source says it is):

* above  — shown: the reading's characters, consecutive on the ruby row directly above
  the line holding (part of) its base, at columns overlapping the base's (a shift of up
  to the reading's width allowed); cut: only a prefix of it is there (the row could not
  hold it; crowd: cut though not wider than the line; cutL: its start, not its end, is
  missing: pushed out at the row's start); separated: found on another ruby row nearby,
  or too far from its base.
  extra: characters on ruby rows that are no reading's (nor an emphasis mark).
* inline — shown: `（reading）` right after its base; separated: `（` starts a line,
  `（reading）` split over lines, or the base's end not immediately before `（`.
* off    — no `base（reading）` at all (leftovers) and no 《 》.
* every mode — the text lines without spaces (ruby rows and matched `（reading）` left
  out) equal the `off` text at width 80 (no base text lost); counts of `［＃`, `｜`, `《`,
  `》` in the output. `［＃` must not be shown, except as many as an EPUB's own text has
  (an EPUB is HTML: a literal `［＃…］` there is text, not Aozora markup).

    Tools/check/ruby-corpus.py [--reader .build/release/reader] [--widths 20,37,60,80] \\
        [--modes above,inline,off] [--examples 3] [BOOK ...]

Without BOOKs: the Kusamakura EPUB and the Wagahai TXT of ../shared/corpus (when there)
and the Aozora fixtures Fixtures/txt/ja_aozora_*.txt (without .expected). Prints one
line per book, width and mode, and the first few problems; exits 1 when a `［＃` is
shown (beyond an EPUB's literal ones) or any reading is separated from its base (missing or cut readings, leftovers and
text differences are reported but do not fail).
"""
import argparse
import html.parser
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
import urllib.parse
import zipfile
import xml.etree.ElementTree as ET

try:
    from wcwidth import wcwidth as _wcwidth
except ImportError:  # pragma: no cover
    _wcwidth = None

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_BOOKS = [
    os.path.join(ROOT, "..", "shared", "corpus", "epub", "idpf_kusamakura-ja-vertical.epub"),
    os.path.join(ROOT, "..", "shared", "corpus", "txt", "wagahai-wa-neko-de-aru_ja_shift-jis_crlf.txt"),
    os.path.join(ROOT, "Fixtures", "txt", "ja_aozora_sjis_crlf.txt"),
    os.path.join(ROOT, "Fixtures", "txt", "ja_aozora_eucjp.txt"),
]
MARKS = set("\uFE45\uFE46\u25CF\u25CB\u25B2\u25B3\u25CE\u25C9\u00D7\u00B7")


def cell_width(c):
    if _wcwidth is not None:
        w = _wcwidth(c)
        return max(w, 0)
    if unicodedata.combining(c):
        return 0
    return 2 if unicodedata.east_asian_width(c) in "WF" else 1


def squeeze(s):
    return "".join(c for c in s if not c.isspace())


class Item:
    """One reading of the source: its base, and how much base text precedes it."""
    __slots__ = ("base", "reading", "gap", "where")

    def __init__(self, base, reading, gap, where):
        self.base, self.reading, self.gap, self.where = squeeze(base), squeeze(reading), gap, where


# ---------------------------------------------------------------- EPUB

class _XHTMLRuby(html.parser.HTMLParser):
    BLOCK_SKIP = {"head", "script", "style", "title"}

    def __init__(self, where):
        super().__init__(convert_charrefs=True)
        self.where = where
        self.items = []          # (base, reading, start counter, end counter)
        self.counter = 0         # non-space characters of base text so far
        self.skip = 0
        self.ruby = 0            # <ruby> depth
        self.mode = None         # None (base) / "rt" / "rp" / "rtc"
        self.rtc_had_rt = False
        self.bases = []          # [text, start] queue without reading
        self.cur = None          # base text being collected: [text, start]
        self.rt = None
        self.had_rt = False      # this ruby's readings came from <rt>s (an <rtc> after them is ignored)
        self.literal_notes = 0   # "［＃" in the document's text (an EPUB shows them as text)

    def _flush_base(self):
        if self.cur is not None and squeeze(self.cur[0]):
            self.bases.append(self.cur)
        self.cur = None

    def _end_rt(self):
        if self.rt is not None:
            reading = " ".join(self.rt.split())
            if reading:
                if self.bases:
                    text, start = self.bases.pop(0)
                    self.items.append((text, reading, start, start + len(squeeze(text))))
                else:  # no base: the reader shows it as text in （）
                    self.items.append(("", reading, self.counter, self.counter))
            self.rt = None

    def handle_starttag(self, tag, attrs):
        tag = tag.lower()
        if tag in self.BLOCK_SKIP:
            self.skip += 1
            return
        if tag == "ruby":
            self.ruby += 1
            if self.ruby == 1:
                self.bases, self.cur, self.mode, self.rt, self.had_rt = [], None, None, None, False
            return
        if self.ruby != 1:
            return
        if tag == "rb":
            self._end_rt()
            self.mode = None
            self._flush_base()
        elif tag == "rt":
            self._end_rt()
            self._flush_base()
            if self.mode == "rtc_ignored":
                return
            self.mode = "rt" if self.mode != "rtc" else "rtc"
            self.rt = ""
            self.had_rt = True
        elif tag == "rp":
            self._end_rt()
            self._flush_base()
            self.mode = "rp"
        elif tag == "rtc":
            self._end_rt()
            self._flush_base()
            self.mode = "rtc_ignored" if self.had_rt else "rtc"

    def handle_endtag(self, tag):
        tag = tag.lower()
        if tag in self.BLOCK_SKIP:
            self.skip = max(0, self.skip - 1)
            return
        if tag == "ruby":
            if self.ruby == 1:
                self._end_rt()
                self.cur = None
            self.ruby = max(0, self.ruby - 1)
            return
        if self.ruby != 1:
            return
        if tag == "rt":
            self._end_rt()
            self.mode = "rtc" if self.mode == "rtc" else None
        elif tag == "rp":
            self.mode = None
        elif tag == "rtc":
            self._end_rt()
            self.mode = None

    def handle_data(self, data):
        if self.skip:
            return
        if self.ruby >= 1 and self.mode in ("rt", "rtc"):
            if self.ruby == 1:
                if self.rt is None:
                    self.rt = ""
                self.rt += data
            return
        if self.ruby >= 1 and self.mode in ("rp", "rtc_ignored"):
            return
        n = len(squeeze(data))
        self.literal_notes += data.count("［＃")
        if self.ruby >= 1:
            if self.cur is None:
                if not squeeze(data):
                    return
                self.cur = ["", self.counter]
            self.cur[0] += data
        self.counter += n


def epub_items(path):
    z = zipfile.ZipFile(path)
    container = ET.fromstring(z.read("META-INF/container.xml"))
    rootfile = next(e for e in container.iter() if e.tag.endswith("rootfile")).get("full-path")
    opf = ET.fromstring(z.read(rootfile))
    base = posixpath.dirname(rootfile)
    manifest = {e.get("id"): e.get("href") for e in opf.iter() if e.tag.endswith("}item")}
    items, offset, notes = [], 0, 0
    for ref in (e for e in opf.iter() if e.tag.endswith("}itemref")):
        href = manifest.get(ref.get("idref"))
        if href is None:
            continue
        name = posixpath.normpath(posixpath.join(base, urllib.parse.unquote(href.split("#")[0])))
        try:
            data = z.read(name).decode("utf-8", "replace")
        except KeyError:
            continue
        p = _XHTMLRuby(posixpath.basename(name))
        p.feed(data)
        p.close()
        for text, reading, start, end in p.items:
            items.append((text, reading, offset + start, offset + end, p.where))
        offset += p.counter
        notes += p.literal_notes
    out, prev_end = [], 0
    for text, reading, start, end, where in items:
        out.append(Item(text, reading, max(0, start - prev_end), where))
        prev_end = max(prev_end, end)
    return out, {"［＃": notes}


# ---------------------------------------------------------------- Aozora TXT

def script_class(c):
    v = ord(c)
    if (0x4E00 <= v <= 0x9FFF or 0x3400 <= v <= 0x4DBF or 0x20000 <= v <= 0x3FFFF or 0xF900 <= v <= 0xFAFF
            or 0x2F800 <= v <= 0x2FA1F or c in "々〆〇〻ヵヶ"):
        return "kanji"
    if 0x30A1 <= v <= 0x30FA or 0x30FC <= v <= 0x30FF or 0x31F0 <= v <= 0x31FF or 0xFF66 <= v <= 0xFF9F:
        return "katakana"
    if 0x3041 <= v <= 0x3096 or 0x309D <= v <= 0x309F:
        return "hiragana"
    if (c.isascii() and c.isalnum()) or 0xFF10 <= v <= 0xFF19 or 0xFF21 <= v <= 0xFF3A or 0xFF41 <= v <= 0xFF5A \
            or 0xC0 <= v <= 0x24F and v not in (0xD7, 0xF7) or 0x370 <= v <= 0x4FF:
        return "alnum"
    return None


def decode_text(raw):
    if raw.startswith(b"\xef\xbb\xbf"):
        return raw[3:].decode("utf-8", "replace")
    for enc in ("utf-8", "cp932", "shift_jis_2004", "euc_jp", "euc_jis_2004"):
        try:
            return raw.decode(enc)
        except UnicodeDecodeError:
            pass
    return raw.decode("cp932", "replace")


def gaiji(note):
    """The character a gaiji note names, or None."""
    m = re.search(r"U\+([0-9A-Fa-f]{4,6})", note)
    if m:
        return chr(int(m.group(1), 16))
    m = re.search(r"(?<![0-9])([12])-([0-9]{1,2})-([0-9]{1,2})(?![0-9])", note)
    if m:
        plane, row, cell = (int(g) for g in m.groups())
        raw = bytes([0xA0 + row, 0xA0 + cell]) if plane == 1 else bytes([0x8F, 0xA0 + row, 0xA0 + cell])
        try:
            s = raw.decode("euc_jis_2004")
            return s if s else None
        except UnicodeDecodeError:
            return None
    return None


def strip_annotations(line):
    """The line without ［＃…］ (nested brackets counted); gaiji notes after ※ become the
    character they name. Returns (text, set of indexes of gaiji characters)."""
    out, gaiji_at, i = [], set(), 0
    while i < len(line):
        if line.startswith("［＃", i):
            depth, j = 0, i
            while j < len(line):
                if line[j] == "［":
                    depth += 1
                elif line[j] == "］":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            note = line[i:j + 1]
            if out and out[-1] == "※":
                g = gaiji(note)
                if g is not None:
                    out[-1] = g
                gaiji_at.add(len(out) - 1)
            i = j + 1
            continue
        out.append(line[i])
        i += 1
    return "".join(out), gaiji_at


def aozora_items(path):
    text = decode_text(open(path, "rb").read())
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    rules = [k for k, l in enumerate(lines[:80]) if l.startswith("-------")]
    if len(rules) >= 2:
        lines = lines[:rules[0]] + lines[rules[1] + 1:]
    items, counter, prev_end, leftovers = [], 0, 0, {"［＃": 0, "《": 0, "》": 0, "｜": 0}
    for number, raw in enumerate(lines, 1):
        line, gaiji_at = strip_annotations(raw)
        chars, classes = [], []  # converted line
        bar, floor, i = None, 0, 0
        while i < len(line):
            c = line[i]
            if c == "｜":
                bar = len(chars)
                chars.append(c); classes.append(None)
                i += 1
                continue
            if c == "《":
                close = line.find("》", i + 1)
                if close < 0:
                    chars.append(c); classes.append(None)
                    i += 1
                    continue
                reading = line[i + 1:close]
                if bar is not None and bar >= floor:
                    del chars[bar]; del classes[bar]
                    start = bar
                else:
                    start, cls = len(chars), None
                    while start > floor:
                        k = classes[start - 1]
                        if k is None or (cls is not None and k != cls):
                            break
                        cls = k
                        start -= 1
                bar = None
                if start >= len(chars):  # no base: stays text
                    chars.append(c); classes.append(None)
                    i += 1
                    continue
                base = "".join(chars[start:])
                if squeeze(reading):
                    b0 = counter + len(squeeze("".join(chars[:start])))
                    items.append(Item(base, reading, max(0, b0 - prev_end), f"line {number}"))
                    prev_end = b0 + len(squeeze(base))
                floor = len(chars)
                i = close + 1
                continue
            chars.append(c)
            classes.append("kanji" if (i in gaiji_at) else script_class(c))
            i += 1
        s = "".join(chars)
        for k in leftovers:
            leftovers[k] += s.count(k)
        counter += len(squeeze(s))
    return items, leftovers


# ---------------------------------------------------------------- dumps

SGR = re.compile(r"\x1b\[([0-9;]*)m")


class Dump:
    """A dump's lines: text lines as (char, column, width) cells, ruby rows apart."""

    def __init__(self, out, color):
        self.raw = out
        self.lines = []      # list of cell lists, text lines and ruby rows alike
        self.is_row = []
        self.stream = []     # (char, line index, column, width) of the text lines' non-space cells
        in_image = False
        raw_lines = out.split("\n")
        if raw_lines and raw_lines[-1] == "":
            raw_lines.pop()
        parsed = []
        for raw in raw_lines:
            cells, col, reading = [], 0, False
            pos = 0
            for m in SGR.finditer(raw):
                for c in raw[pos:m.start()]:
                    w = cell_width(c)
                    cells.append((c, col, w, reading))
                    col += w
                params = m.group(1).split(";") if m.group(1) else ["0"]
                if "0" in params:
                    reading = False
                if "90" in params or "2" in params or ("38" in params and "8" in params):
                    reading = True
                pos = m.end()
            for c in raw[pos:]:
                w = cell_width(c)
                cells.append((c, col, w, reading))
                col += w
            parsed.append((raw, cells))
        for n, (raw, cells) in enumerate(parsed):
            visible = [c for c in cells if not c[0].isspace()]
            text = "".join(c[0] for c in visible)
            row = False
            if color and visible and raw.startswith("\x1b[") and not in_image:
                row = all(c[3] or c[0] in MARKS for c in visible) and not text.startswith("[image")
            if color and text.startswith("[image") and all(c[3] for c in visible):
                in_image = not text.endswith("]")
            elif in_image and text.endswith("]"):
                in_image = False
            if row and (n + 1 >= len(parsed) or not squeeze(parsed[n + 1][0])):
                row = False
            self.lines.append([(c[0], c[1], c[2]) for c in visible])
            self.is_row.append(row)
        for n, cells in enumerate(self.lines):
            if not self.is_row[n]:
                for c, col, w in cells:
                    self.stream.append((c, n, col, w))
        self.text = "".join(s[0] for s in self.stream)

    def row_above(self, line):
        return line - 1 if line > 0 and self.is_row[line - 1] else None

    def counts(self):
        plain = SGR.sub("", self.raw)
        return {k: plain.count(k) for k in ("［＃", "｜", "《", "》")}


def run_dump(reader, book, width, mode, env):
    cmd = [reader, "dump", "--width", str(width), "--ruby", mode]
    if mode == "above":
        cmd.append("--color")
    p = subprocess.run(cmd + [book], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise RuntimeError(p.stderr.decode("utf-8", "replace").strip() or f"exit {p.returncode}")
    return p.stdout.decode("utf-8", "replace")


def find_near(text, needle, start, expected, slack):
    """The occurrence of `needle` in text[start:start+expected+slack] nearest to
    start+expected (-1 if none)."""
    if not needle:
        return -1
    end = min(len(text), start + expected + slack + len(needle))
    best, i = -1, text.find(needle, start, end)
    target = start + expected
    while i >= 0:
        if best < 0 or abs(i - target) < abs(best - target):
            best = i
        if i > target:
            break
        i = text.find(needle, i + 1, end)
    return best


def locate_base(dump, item, ptr, stream_text=None):
    """(start, end) of the base (or the tail of it that matched) in the stream, or None."""
    text = dump.text if stream_text is None else stream_text
    slack = 300 + item.gap // 4
    for needle in (item.base, item.base[-2:], item.base[-1:]):
        if not needle:
            continue
        i = find_near(text, needle, ptr, item.gap + len(item.base) - len(needle), slack)
        if i >= 0:
            return i, i + len(needle)
    return None


def find_in_row(cells, reading, from_index):
    """Indexes k >= from_index where reading's characters are cells[k:k+len]."""
    out, n = [], len(reading)
    for k in range(from_index, len(cells) - n + 1):
        if all(cells[k + j][0] == reading[j] for j in range(n)):
            out.append(k)
    return out


def overlaps(a0, a1, b0, b1, slack):
    return a0 < b1 + slack and b0 - slack < a1


def check_above(dump, items, width, report):
    ptr, row_ptr, used = 0, {}, set()  # text stream pointer; per row, cells used so far; cells matched
    r = dict(shown=0, cut=0, cut_crowded=0, cut_left=0, missing=0, separated=0, nobase=0)
    for item in items:
        reading = item.reading
        w = sum(cell_width(c) for c in reading)
        if not item.base:
            continue  # shown as text in （） by the reader
        loc = locate_base(dump, item, ptr)
        if loc is None:
            r["nobase"] += 1
            report(item, "base not found in the text lines", None)
            continue
        s, e = loc
        ptr = e
        lines = sorted({dump.stream[k][1] for k in range(s, e)})
        found = None
        for line in lines:
            row = dump.row_above(line)
            if row is None:
                continue
            cols = [(dump.stream[k][2], dump.stream[k][2] + dump.stream[k][3]) for k in range(s, e)
                    if dump.stream[k][1] == line]
            b0, b1 = min(c[0] for c in cols), max(c[1] for c in cols)
            cells = dump.lines[row]
            first = row_ptr.get(row, 0)

            def skipped(k):  # reading characters passed over before k (emphasis marks aside)
                return sum(1 for j in range(first, k) if cells[j][0] not in MARKS)

            # The whole reading over the base, or else (the row could not hold it) a prefix
            # or, pushed out at the row's start, a suffix of it; the one that leaves the
            # fewest characters unmatched before it, whole before cut, longest first.
            options, far = [], None
            for k in find_in_row(cells, reading, first):
                r0, r1 = cells[k][1], cells[k + len(reading) - 1][1] + cells[k + len(reading) - 1][2]
                if overlaps(r0, r1, b0, b1, w):
                    options.append((skipped(k), 0, 0, k, len(reading), "ok"))
                elif far is None:
                    far = (row, k, len(reading), "far")
            for k in range(first, len(cells)):
                for n in range(min(len(reading) - 1, len(cells) - k), 0, -1):
                    for part, how in ((reading[:n], "cut"), (reading[-n:], "cut-left")):
                        if all(cells[k + j][0] == part[j] for j in range(n)) and \
                                overlaps(cells[k][1], cells[k + n - 1][1] + cells[k + n - 1][2], b0, b1, w):
                            options.append((skipped(k), 1, -n, k, n, how))
            if options:
                best = min(options)
                found = (row, best[3], best[4], best[5])
            elif far is not None:
                found = far
            if found:
                break
        if found is None:
            # anywhere near (rows within 4 lines): separated
            base_line = lines[0]
            for row in range(max(0, base_line - 5), min(len(dump.lines), base_line + 5)):
                if dump.is_row[row] and find_in_row(dump.lines[row], reading, row_ptr.get(row, 0)):
                    found = (row, find_in_row(dump.lines[row], reading, row_ptr.get(row, 0))[0], len(reading), "elsewhere")
                    break
        if found is None:
            r["missing"] += 1
            report(item, "missing", lines[0])
            continue
        row, k, n, how = found
        row_ptr[row] = k + n
        used.update((row, j) for j in range(k, k + n))
        if how.startswith("cut"):
            r["cut"] += 1
            r["cut_left"] += how == "cut-left"
            if w <= width:
                r["cut_crowded"] += 1
                part = reading[:n] if how == "cut" else reading[-n:]
                report(item, f"{how} to {part!r} (not wider than the line: a crowded row)", lines[0])
            continue
        r["shown"] += 1
        if how != "ok":
            r["separated"] += 1
            report(item, f"separated ({how})", lines[0])
    # Characters on ruby rows that are neither a matched reading's nor an emphasis mark.
    extra = [(row, j) for row, cells in enumerate(dump.lines) if dump.is_row[row]
             for j, cell in enumerate(cells) if (row, j) not in used and cell[0] not in MARKS]
    r["extra"] = len(extra)
    for row in sorted({row for row, _ in extra})[:2]:
        report(Item("", "", 0, "ruby row"), "has characters of no reading: "
               + "".join(dump.lines[row][j][0] for rr, j in extra if rr == row), row + 1)
    return r


def check_inline(dump, items, report):
    ptr = 0
    r = dict(shown=0, missing=0, separated=0, nobase=0)
    removed = set()
    text = dump.text
    for item in items:
        needle = "（" + item.reading + "）"
        if not item.base:
            i = find_near(text, needle, ptr, item.gap, 300 + item.gap // 4)
            if i >= 0:
                ptr = i + len(needle)
            continue
        tail = item.base[-1]
        i = find_near(text, tail + needle, ptr, item.gap + len(item.base) - 1, 300 + item.gap // 4)
        if i < 0:
            j = find_near(text, needle, ptr, item.gap + len(item.base), 300 + item.gap // 4)
            if j < 0:
                r["missing"] += 1
                report(item, "missing", None)
                continue
            r["shown"] += 1
            r["separated"] += 1
            report(item, "base not immediately before （", dump.stream[j][1])
            ptr = j + len(needle)
            removed.update(range(j, j + len(needle)))
            continue
        j = i + 1
        ptr = j + len(needle)
        removed.update(range(j, j + len(needle)))
        r["shown"] += 1
        open_line = dump.stream[j][1]
        same = all(dump.stream[k][1] == open_line for k in range(j, j + len(needle)))
        first = dump.lines[open_line][0][1] == dump.stream[j][2] and dump.stream[i][1] != open_line
        before = dump.stream[i]
        adjacent = before[1] == open_line and before[2] + before[3] == dump.stream[j][2]
        if not same or first or not adjacent:
            r["separated"] += 1
            why = "split over lines" if not same else ("（ starts a line" if first else "base not right before （")
            report(item, why, open_line)
    rest = "".join(c for k, c in enumerate(text) if k not in removed)
    return r, rest


def check_off(dump, items):
    ptr, left = 0, 0
    for item in items:
        if not item.base:
            continue
        needle = item.base[-1] + "（" + item.reading + "）"
        i = find_near(dump.text, needle, ptr, item.gap + len(item.base) - 1, 300 + item.gap // 4)
        if i >= 0:
            left += 1
            ptr = i + len(needle)
    return left


def first_difference(a, b):
    n = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
    return n, a[max(0, n - 12):n + 12], b[max(0, n - 12):n + 12]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reader", default=os.path.join(ROOT, ".build", "release", "reader"))
    ap.add_argument("--widths", default="20,37,60,80")
    ap.add_argument("--modes", default="above,inline,off")
    ap.add_argument("--examples", type=int, default=3, help="problems shown per book, width and mode")
    ap.add_argument("books", nargs="*")
    args = ap.parse_args()
    widths = [int(w) for w in args.widths.split(",")]
    modes = args.modes.split(",")
    books = args.books or [b for b in DEFAULT_BOOKS if os.path.exists(b) and not b.endswith(".expected.txt")]
    tmp = tempfile.mkdtemp(prefix="ruby-corpus.")
    env = dict(os.environ, XDG_CACHE_HOME=tmp, XDG_STATE_HOME=tmp, XDG_CONFIG_HOME=tmp)
    env.pop("NO_COLOR", None)
    failed = False
    started = time.monotonic()
    header = f"{'book':<30} {'w':>3} {'mode':<6} {'shown/total':>11} {'cut':>4} {'crowd':>5} {'cutL':>4} {'miss':>4} {'sep':>4} " \
             f"{'nobase':>6} {'extra':>5} {'left':>4} {'text':>5} {'［＃':>3} {'｜':>3} {'《':>4} {'》':>4} {'s':>5}"
    print(header)
    for book in books:
        name = os.path.basename(book)
        if book.lower().endswith(".epub"):
            items, src_left = epub_items(book)
        else:
            items, src_left = aozora_items(book)
        total = sum(1 for it in items if it.base)
        based_note = f"{len(items)} readings ({len(items) - total} without base)"
        if src_left:
            based_note += ", left as text in the source: " + ", ".join(f"{k} {v}" for k, v in src_left.items())
        print(f"# {name}: {based_note}")
        try:
            reference_text = Dump(run_dump(args.reader, book, 80, "off", env), False).text
        except RuntimeError as e:
            print(f"SKIP {name}: {e}")
            continue
        for width in widths:
            for mode in modes:
                t0 = time.monotonic()
                try:
                    out = run_dump(args.reader, book, width, mode, env)
                except RuntimeError as e:
                    print(f"FAIL {name} width {width} {mode}: {e}")
                    failed = True
                    continue
                dump = Dump(out, mode == "above")
                examples = []

                def report(item, why, line, kind="sep"):
                    if len(examples) < args.examples:
                        ctx = []
                        if line is not None:
                            for k in range(max(0, line - 2), min(len(dump.lines), line + 2)):
                                ctx.append(("R " if dump.is_row[k] else "T ") + SGR.sub("", out.split("\n")[k]))
                        examples.append((item, why, ctx))

                left = 0
                if mode == "above":
                    r = check_above(dump, items, width, report)
                    rest = dump.text
                elif mode == "inline":
                    r, rest = check_inline(dump, items, report)
                else:
                    left = check_off(dump, items)
                    r = dict(shown=0, missing=0, separated=0, nobase=0)
                    rest = dump.text
                same = rest == reference_text
                counts = dump.counts()
                if counts["［＃"] > src_left.get("［＃", 0) or r["separated"]:
                    failed = True
                shown = f"{r['shown']}/{total}" if mode != "off" else "-"
                print(f"{name[:30]:<30} {width:>3} {mode:<6} {shown:>11} {r.get('cut', 0):>4} {r.get('cut_crowded', 0):>5} {r.get('cut_left', 0):>4} "
                      f"{r['missing']:>4} {r['separated']:>4} {r['nobase']:>6} {r.get('extra', 0):>5} {left:>4} {'same' if same else 'DIFF':>5} "
                      f"{counts['［＃']:>3} {counts['｜']:>3} {counts['《']:>4} {counts['》']:>4} {time.monotonic() - t0:5.2f}")
                if not same:
                    n, a, b = first_difference(rest, reference_text)
                    print(f"    text differs from off/80 at {n} (len {len(rest)} vs {len(reference_text)}): {a!r} vs {b!r}")
                for item, why, ctx in examples:
                    print(f"    {item.where}: {item.base}《{item.reading}》 {why}")
                    for c in ctx:
                        print(f"      {c}")
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"total {time.monotonic() - started:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
