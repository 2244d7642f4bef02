#!/usr/bin/env python3
"""Generates Sources/UnicodeData/Generated/PropertyTables.swift from the Unicode
Character Database in Debian's unicode-data package (/usr/share/unicode).

The Swift files hold the property value enums and the tables' sizes; the tables themselves
are written as little-endian binary files to Sources/CUnicodeTables/data, which the C
target embeds as read-only data (nothing decoded at start; pages read only when touched).

One packed 32-bit record per code point, in a two-stage table:

    bits  0- 5  Line_Break class        (LineBreakClass raw value)
    bits  6- 9  Grapheme_Cluster_Break  (GraphemeClusterBreak raw value)
    bit  10     Extended_Pictographic
    bits 11-12  terminal cell width 0/1/2, 3 = control (see docs/UNICODE.md)
    bit  13     East_Asian_Width is F, W or H (UAX #14 LB30)
    bit  14     General_Category is Mn or Mc  (UAX #14 LB1: SA resolution)
    bit  15     General_Category is Cn (unassigned)
    bit  16     Emoji_Presentation
    bit  17     Emoji
    bits 18-22  Bidi_Class              (BidiClass raw value)
    bits 23-27  General_Category        (GeneralCategory raw value)
    bit  28     Default_Ignorable_Code_Point
    bits 29-31  free

A second, independent two-stage table (Generated/LineBreakTables.swift) gives one byte per
code point: the *resolved* Line_Break class used by the line breaker's pair table
(ResolvedLineBreakClass: LB1 applied, plus the splits LB30/LB30b and the CSS
line-break tailorings need). It is an addition: the record layout above is unchanged.

Three more generated files hold the small tables of the bidi algorithm and Arabic shaping
(one concept per file, additions again):

    Generated/BidiBracketTables.swift    Bidi_Paired_Bracket, Bidi_Paired_Bracket_Type (BidiBrackets.txt)
    Generated/BidiMirroringTables.swift  Bidi_Mirroring_Glyph (BidiMirroring.txt)
    Generated/ArabicShapingTables.swift  Joining_Type (ArabicShaping.txt; unlisted Mn, Me, Cf are T),
                                         the <isolated>/<final>/<initial>/<medial> presentation forms of
                                         UnicodeData.txt, and the lam-alef ligatures U+FEF5..U+FEFC

One more, Generated/SegmentationTables.swift, is the word and sentence boundaries' (UAX #29)
table: one packed 16-bit record per code point, in a two-stage table of its own:

    bits  0- 4  Word_Break              (WordBreakProperty raw value, auxiliary/WordBreakProperty.txt)
    bit   5     Extended_Pictographic   (emoji/emoji-data.txt; WB3c)
    bits  6- 9  Sentence_Break          (SentenceBreakProperty raw value, auxiliary/SentenceBreakProperty.txt)
    bit  10     dictionary script: Script Han, Hiragana or Katakana (Scripts.txt), U+30FC, U+FF70,
                U+FF9E, U+FF9F, or Line_Break SA -- the runs ICU's word iterator splits by dictionary
    bit  11     General_Category L* or N* (a segment holding one is a word)
    bits 12-15  free

Run:  python3 Tools/unicode/generate.py [UCD_DIR]
The output is committed, so building never needs this script.
"""
import os
import re
import struct
import sys

UCD = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                   "Sources", "UnicodeData", "Generated", "PropertyTables.swift")
OUT_LB = os.path.join(os.path.dirname(OUT), "LineBreakTables.swift")
# The tables' data: little-endian binary files that Sources/CUnicodeTables/unicode_tables.c
# embeds (C23 #embed) as read-only data: nothing to decode at start, and only the pages a
# book touches are ever read.
DATA = os.path.join(os.path.dirname(OUT), "..", "..", "CUnicodeTables", "data")


def write_data(name, fmt, values):
    """Writes values packed little-endian (struct format letter fmt) to DATA/name.bin."""
    os.makedirs(DATA, exist_ok=True)
    with open(os.path.join(DATA, name + ".bin"), "wb") as f:
        f.write(struct.pack("<%d%s" % (len(values), fmt), *values))
N = 0x110000
BLOCK = 64


def fit_kind(cp, r):
    """What TextLayout's fitter may do with a BMP code point (`FitKind`), from its packed
    record: (kind << 2) | width, the width for a base only. Kinds: 0 base (Grapheme_Cluster_Break
    Other, width 1 or 2, not Extended_Pictographic nor Emoji_Presentation), 1 mark (a zero-width
    Extend that is not VS15/VS16), 2 control (CR, LF, Control of width 0 or 3: the unassigned
    Default_Ignorable code points are Control clusters with a cell, which need the full
    rules), 3 complex (anything else)."""
    gcb, w = (r >> 6) & 0xF, (r >> 11) & 3
    if gcb == 0 and w in (1, 2) and r & ((1 << 10) | (1 << 16)) == 0:
        return w
    if gcb == 4 and w == 0 and cp not in (0xFE0E, 0xFE0F):
        return 1 << 2
    if gcb in (1, 2, 3) and w in (0, 3):
        return 2 << 2
    return 3 << 2


def two_stage(records, most_distinct):
    """A two-stage table of per-code-point records: the distinct records (sorted, fewer
    than most_distinct), stage1 (a block number per BLOCK code points) and stage2 (each
    distinct block's record indexes)."""
    distinct = sorted(set(records))
    assert len(distinct) < most_distinct
    index_of = {r: i for i, r in enumerate(distinct)}
    blocks, stage1, stage2 = {}, [], []
    for start in range(0, N, BLOCK):
        blk = tuple(index_of[r] for r in records[start:start + BLOCK])
        if blk not in blocks:
            blocks[blk] = len(stage2) // BLOCK
            stage2.extend(blk)
        stage1.append(blocks[blk])
    assert len(blocks) < 65536
    return distinct, stage1, stage2

LB_CLASSES = ["BK", "CR", "LF", "CM", "NL", "SG", "WJ", "ZW", "GL", "SP", "ZWJ", "B2", "BA",
              "BB", "HY", "CB", "CL", "CP", "EX", "IN", "NS", "OP", "QU", "IS", "NU", "PO",
              "PR", "SY", "AI", "AL", "CJ", "EB", "EM", "H2", "H3", "HL", "ID", "JL", "JV",
              "JT", "RI", "SA", "XX"]
GCB_CLASSES = ["Other", "CR", "LF", "Control", "Extend", "ZWJ", "Regional_Indicator",
               "Prepend", "SpacingMark", "L", "V", "T", "LV", "LVT"]
BIDI_CLASSES = ["L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS",
                "ON", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]
GC_CLASSES = ["Cn", "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc",
              "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp",
              "Cc", "Cf", "Cs", "Co"]


# Resolved line-break classes (one byte per code point, < 64), in table order.
# name -> documentation.  Order: the UAX #14 classes that survive LB1, then the splits.
RESOLVED_LB = [
    ("BK", "Mandatory break (LB4)."), ("CR", "Carriage return (LB5)."), ("LF", "Line feed (LB5)."),
    ("CM", "Combining mark (LB9); SA with General_Category Mn/Mc is SAMark."),
    ("NL", "Next line (LB5)."), ("WJ", "Word joiner (LB11)."), ("ZW", "Zero width space (LB8)."),
    ("GL", "Non-breaking glue (LB12)."), ("SP", "Space (LB7, LB18)."), ("ZWJ", "Zero width joiner (LB8a)."),
    ("B2", "Break opportunity before and after (LB17)."), ("BA", "Break after (LB21)."),
    ("BB", "Break before (LB21)."), ("HY", "Hyphen (LB21)."), ("CB", "Contingent break (LB20)."),
    ("CL", "Close punctuation (LB13)."), ("CP", "Close parenthesis, East_Asian_Width not F/W/H (LB30)."),
    ("EX", "Exclamation/interrogation (LB13)."), ("IN", "Inseparable (LB22)."), ("NS", "Nonstarter (LB21)."),
    ("OP", "Open punctuation, East_Asian_Width not F/W/H (LB30)."), ("QU", "Quotation, neither Pi nor Pf (LB19)."),
    ("IS", "Infix numeric separator (LB13)."), ("NU", "Numeric (LB25)."), ("PO", "Postfix numeric (LB25)."),
    ("PR", "Prefix numeric (LB25)."), ("SY", "Symbols allowing break after (LB13)."),
    ("AL", "Alphabetic, including AI, SG and XX (LB1); SA that is not Mn/Mc is SA."),
    ("CJ", "Conditional Japanese starter: NS by default (LB1), ID for CSS line-break normal/loose."),
    ("EB", "Emoji base (LB30b)."), ("EM", "Emoji modifier (LB30b)."), ("H2", "Hangul LV syllable (LB26)."),
    ("H3", "Hangul LVT syllable (LB26)."), ("HL", "Hebrew letter (LB21a)."), ("ID", "Ideographic (LB23a)."),
    ("JL", "Hangul L jamo (LB26)."), ("JV", "Hangul V jamo (LB26)."), ("JT", "Hangul T jamo (LB26)."),
    ("RI", "Regional indicator (LB30a)."),
    ("OPWide", "OP with East_Asian_Width F, W or H (excluded from LB30)."),
    ("CPWide", "CP with East_Asian_Width F, W or H (excluded from LB30)."),
    ("CLWide", "CL with East_Asian_Width F, W or H, e.g. 、 。 」 (East Asian context for the QU tailoring)."),
    ("IDUnassignedPictographic", "ID that is Extended_Pictographic and unassigned (Cn) (LB30b)."),
    ("NSIteration", "NS iteration marks 々 〻 ゝ ゞ ヽ ヾ (CSS loose allows a break before)."),
    ("NSHyphen", "NS hyphens 〜 ゠ (CSS normal/loose allow a break before, after CJK)."),
    ("BAHyphen", "BA hyphens ‐ U+2010, – U+2013 (CSS normal/loose allow a break before, after CJK)."),
    ("NSCentered", "NS centered punctuation ・ ： ； ･ ‼ ⁇ ⁈ ⁉ (CSS loose allows a break before)."),
    ("EXCentered", "EX centered punctuation ！ ？ (CSS loose allows a break before)."),
    ("INEllipsis", "IN ‥ U+2025 and … U+2026 (CSS loose allows breaks between them)."),
    ("POWide", "PO with East_Asian_Width A, F or W, e.g. ° ℃ ％ (CSS loose allows a break before)."),
    ("PRWide", "PR with East_Asian_Width A, F or W, e.g. ￥ ＄ № (CSS loose allows a break after)."),
    ("QUInitial", "QU with General_Category Pi, e.g. “ ‘ « (tailorings: break before it after CJK)."),
    ("QUFinal", "QU with General_Category Pf, e.g. ” ’ » (tailorings: break after it before CJK)."),
    ("SA", "SA that is not Mn/Mc: AL (LB1); the tailorings find dictionary breaks in its runs (Thai, Lao, Khmer, Myanmar)."),
    ("SAMark", "SA with General_Category Mn/Mc: CM (LB1); part of an SA run for the dictionary breaks."),
]
RESOLVED_NAMES = [n for n, _ in RESOLVED_LB]
assert len(RESOLVED_NAMES) <= 64

ITERATION_MARKS = {0x3005, 0x303B, 0x309D, 0x309E, 0x30FD, 0x30FE}
CJK_HYPHENS_NS = {0x301C, 0x30A0}
CJK_HYPHENS_BA = {0x2010, 0x2013}
CENTERED = {0x30FB, 0xFF1A, 0xFF1B, 0xFF65, 0x203C, 0x2047, 0x2048, 0x2049, 0xFF01, 0xFF1F}
ELLIPSES = {0x2025, 0x2026}


def resolved_lb(cp, lb, ea, gc, ext_pict):
    """The resolved class of one code point (see RESOLVED_LB)."""
    c = lb
    if c in ("AI", "SG", "XX"):          # LB1
        c = "AL"
    elif c == "SA":                      # LB1 (CM or AL), kept apart for the dictionary breaks
        return "SAMark" if gc in ("Mn", "Mc") else "SA"
    wide = ea in ("F", "W", "H")
    if c == "OP" and wide:               # LB30
        return "OPWide"
    if c == "CP" and wide:               # LB30
        return "CPWide"
    if c == "CL" and wide:
        return "CLWide"
    if c == "ID" and ext_pict and gc == "Cn":  # LB30b
        return "IDUnassignedPictographic"
    if c == "NS" and cp in ITERATION_MARKS:
        return "NSIteration"
    if c == "NS" and cp in CJK_HYPHENS_NS:
        return "NSHyphen"
    if c == "BA" and cp in CJK_HYPHENS_BA:
        return "BAHyphen"
    if c == "NS" and cp in CENTERED:
        return "NSCentered"
    if c == "EX" and cp in CENTERED:
        return "EXCentered"
    if c == "IN" and cp in ELLIPSES:
        return "INEllipsis"
    if c == "PO" and ea in ("A", "F", "W"):
        return "POWide"
    if c == "PR" and ea in ("A", "F", "W"):
        return "PRWide"
    if c == "QU" and gc == "Pi":
        return "QUInitial"
    if c == "QU" and gc == "Pf":
        return "QUFinal"
    return c


def ranges(path):
    """Yields (first, last, [fields]) for each data line; handles @missing lines."""
    with open(os.path.join(UCD, path), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"#\s*@missing:\s*([0-9A-F]+)\.\.([0-9A-F]+)\s*;\s*(.*)$", line)
            if m:
                yield int(m.group(1), 16), int(m.group(2), 16), [x.strip() for x in m.group(3).split(";")], True
                continue
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = [x.strip() for x in line.split(";")]
            cps = parts[0]
            if ".." in cps:
                a, b = cps.split("..")
                yield int(a, 16), int(b, 16), parts[1:], False
            else:
                yield int(cps, 16), int(cps, 16), parts[1:], False


def aliases(prop):
    """long and short value names -> short name, from PropertyValueAliases.txt."""
    out = {}
    with open(os.path.join(UCD, "PropertyValueAliases.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = [x.strip() for x in line.split(";")]
            if parts[0] != prop:
                continue
            for name in parts[1:]:
                out[name] = parts[1]
    return out


def derived(path, prop, default):
    """Full property array from an extracted Derived*.txt file (@missing defaults first)."""
    names = aliases(prop)
    values = [default] * N
    missing, explicit = [], []
    for a, b, fields, is_missing in ranges(path):
        (missing if is_missing else explicit).append((a, b, names.get(fields[0], fields[0])))
    for a, b, v in missing + explicit:
        values[a:b + 1] = [v] * (b - a + 1)
    return values


def binary(path, name):
    s = bytearray(N)
    for a, b, fields, is_missing in ranges(path):
        if not is_missing and fields[0] == name:
            for cp in range(a, b + 1):
                s[cp] = 1
    return s


def main():
    lb = derived("extracted/DerivedLineBreak.txt", "lb", "XX")
    ea = derived("extracted/DerivedEastAsianWidth.txt", "ea", "N")
    bc = derived("extracted/DerivedBidiClass.txt", "bc", "L")
    gc = derived("extracted/DerivedGeneralCategory.txt", "gc", "Cn")
    gcb = ["Other"] * N
    for a, b, fields, is_missing in ranges("auxiliary/GraphemeBreakProperty.txt"):
        if not is_missing:
            gcb[a:b + 1] = [fields[0]] * (b - a + 1)
    ext_pict = binary("emoji/emoji-data.txt", "Extended_Pictographic")
    emoji_pres = binary("emoji/emoji-data.txt", "Emoji_Presentation")
    emoji = binary("emoji/emoji-data.txt", "Emoji")
    default_ignorable = binary("DerivedCoreProperties.txt", "Default_Ignorable_Code_Point")

    def width(cp):
        # Terminal cell width of a lone code point, following Python's wcwidth package
        # 0.2.13 at Unicode 15.0 (Fixtures/unicode/wcwidth-15.0.txt; differences listed
        # in docs/UNICODE.md): controls are "3" (not printable; wcwidth says -1), all
        # combining marks (Mn, Me and Mc, as wcwidth does), format characters (Cf,
        # soft hyphen included), ZWSP, line/paragraph separators and Hangul medial
        # vowels/final consonants 0, East Asian Wide/Fullwidth 2, everything else 1.
        # Deliberate difference: the emoji modifiers U+1F3FB..1F3FF keep their East
        # Asian Wide 2 (wcwidth says 0); the grapheme cluster rules decide the width of
        # a modifier sequence (TextLayout/ClusterWidth.swift).
        g = gc[cp]
        if cp == 0:
            return 0
        if g == "Cc":
            return 3
        if g in ("Mn", "Me", "Mc") or cp == 0x200B or g == "Cf":
            return 0
        if 0x1160 <= cp <= 0x11FF or 0xD7B0 <= cp <= 0xD7FF:  # Hangul medial vowels, final consonants
            return 0
        if g in ("Zl", "Zp"):
            return 0
        if ea[cp] in ("W", "F"):
            return 2
        return 1

    records = []
    for cp in range(N):
        w = width(cp)
        r = LB_CLASSES.index(lb[cp])
        r |= GCB_CLASSES.index(gcb[cp]) << 6
        r |= ext_pict[cp] << 10
        r |= w << 11
        r |= (1 if ea[cp] in ("F", "W", "H") else 0) << 13
        r |= (1 if gc[cp] in ("Mn", "Mc") else 0) << 14
        r |= (1 if gc[cp] == "Cn" else 0) << 15
        r |= emoji_pres[cp] << 16
        r |= emoji[cp] << 17
        r |= BIDI_CLASSES.index(bc[cp]) << 18
        r |= GC_CLASSES.index(gc[cp]) << 23
        r |= default_ignorable[cp] << 28
        records.append(r)

    distinct, stage1, stage2 = two_stage(records, 65536)

    version = "15.0.0"
    with open(os.path.join(UCD, "ReadMe.txt"), encoding="utf-8") as f:
        m = re.search(r"Version (\d+\.\d+\.\d+)", f.read())
        if m:
            version = m.group(1)

    def enum(name, doc, cases):
        lines = ["/// %s" % doc, "public enum %s: UInt8, Sendable, CaseIterable {" % name]
        gcb_names = {"Other": "other", "CR": "cr", "LF": "lf", "Control": "control", "Extend": "extend",
                     "ZWJ": "zwj", "Regional_Indicator": "regionalIndicator", "Prepend": "prepend",
                     "SpacingMark": "spacingMark", "L": "l", "V": "v", "T": "t", "LV": "lv", "LVT": "lvt"}
        for c in cases:
            ident = gcb_names[c] if cases is GCB_CLASSES else c
            lines.append("    case %s" % ident)
        lines.append("}")
        return "\n".join(lines)

    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as out:
        out.write("// GENERATED by Tools/unicode/generate.py from the Unicode Character Database %s.\n" % version)
        out.write("// Do not edit by hand: run `python3 Tools/unicode/generate.py` (needs apt unicode-data).\n\n")
        out.write("/// The Unicode version the property tables were generated from.\n")
        out.write("public let unicodeVersion = \"%s\"\n\n" % version)
        out.write(enum("LineBreakClass", "UAX #14 Line_Break property values, in table order.", LB_CLASSES) + "\n\n")
        out.write(enum("GraphemeClusterBreak", "UAX #29 Grapheme_Cluster_Break property values, in table order.", GCB_CLASSES) + "\n\n")
        out.write(enum("BidiClass", "UAX #9 Bidi_Class property values, in table order.", BIDI_CLASSES) + "\n\n")
        out.write(enum("GeneralCategory", "General_Category values, in table order.", GC_CLASSES) + "\n\n")
        out.write("enum GeneratedTables {\n")
        out.write("    static let blockShift = %d\n" % (BLOCK.bit_length() - 1))
        out.write("    static let stage1Count = %d\n" % len(stage1))
        out.write("    static let stage2Count = %d\n" % len(stage2))
        out.write("    static let recordCount = %d\n" % len(distinct))
        out.write("}\n")
    # Stage 1: code point >> blockShift -> block number; stage 2: block number * block size +
    # low bits -> the packed record itself; and the BMP flattened (one load for most text).
    write_data("properties_stage1", "H", stage1)
    write_data("properties_stage2", "I", [distinct[i] for i in stage2])
    write_data("properties_bmp", "I", records[:0x10000])
    write_data("fit_kinds_bmp", "B", [fit_kind(cp, records[cp]) for cp in range(0x10000)])
    print("stage1 %d, stage2 %d (%d blocks), records %d -> %s" % (len(stage1), len(stage2), len(stage2) // BLOCK, len(distinct), OUT))

    # --- Resolved line-break classes: a second two-stage table, one byte per code point.
    rlb = [RESOLVED_NAMES.index(resolved_lb(cp, lb[cp], ea[cp], gc[cp], ext_pict[cp])) for cp in range(N)]
    for cp in CENTERED | ITERATION_MARKS | CJK_HYPHENS_NS | CJK_HYPHENS_BA | ELLIPSES:
        assert RESOLVED_NAMES[rlb[cp]] not in LB_CLASSES, "tailoring set member U+%04X has an unexpected class" % cp
    lb_blocks, lb_stage1, lb_stage2 = {}, [], []
    for start in range(0, N, BLOCK):
        blk = tuple(rlb[start:start + BLOCK])
        if blk not in lb_blocks:
            lb_blocks[blk] = len(lb_stage2) // BLOCK
            lb_stage2.extend(blk)
        lb_stage1.append(lb_blocks[blk])
    assert len(lb_blocks) < 65536
    with open(OUT_LB, "w", encoding="utf-8") as out:
        out.write("// GENERATED by Tools/unicode/generate.py from the Unicode Character Database %s.\n" % version)
        out.write("// Do not edit by hand: run `python3 Tools/unicode/generate.py` (needs apt unicode-data).\n\n")
        out.write("/// Line_Break classes after UAX #14 LB1 resolution, split further where rule LB30 / LB30b\n")
        out.write("/// or the CSS `line-break` tailorings need to tell code points apart. One byte per code\n")
        out.write("/// point in `LineBreakClassTable`; raw values are < 64.\n")
        out.write("public enum ResolvedLineBreakClass: UInt8, Sendable, CaseIterable {\n")
        for name, doc in RESOLVED_LB:
            out.write("    /// %s\n    case %s\n" % (doc, name))
        out.write("}\n\n")
        out.write("enum GeneratedLineBreakTables {\n")
        out.write("    static let blockShift = %d\n" % (BLOCK.bit_length() - 1))
        out.write("    static let stage1Count = %d\n" % len(lb_stage1))
        out.write("    static let stage2Count = %d\n" % len(lb_stage2))
        out.write("}\n")
    # Stage 1: code point >> blockShift -> block number; stage 2: block number * block size +
    # low bits -> ResolvedLineBreakClass raw value.
    write_data("line_break_stage1", "H", lb_stage1)
    write_data("line_break_stage2", "B", lb_stage2)
    print("line break: stage1 %d, stage2 %d (%d blocks) -> %s" % (len(lb_stage1), len(lb_stage2), len(lb_blocks), OUT_LB))

    bidi_and_shaping_tables(version, gc)
    segmentation_tables(version, gc, lb, ext_pict)


def header(version):
    return ("// GENERATED by Tools/unicode/generate.py from the Unicode Character Database %s.\n"
            "// Do not edit by hand: run `python3 Tools/unicode/generate.py` (needs apt unicode-data).\n\n" % version)


def hex_rows(values, per_row):
    """Swift array literal body: hex UInt32 values, per_row values a line."""
    rows = []
    for i in range(0, len(values), per_row):
        rows.append("        " + ", ".join("0x%04X" % v for v in values[i:i + per_row]) + ",")
    return "\n".join(rows)


JOINING_TYPES = ["U", "R", "L", "D", "C", "T"]
FORMS = ["<isolated>", "<final>", "<initial>", "<medial>"]


def bidi_and_shaping_tables(version, gc):
    out_dir = os.path.dirname(OUT)

    # Bidi_Paired_Bracket and Bidi_Paired_Bracket_Type (UAX #9 BD14-BD16, N0).
    brackets = []
    for a, b, fields, is_missing in ranges("BidiBrackets.txt"):
        if is_missing:
            continue
        assert a == b
        kind = {"o": 1, "c": 2}[fields[1]]
        brackets.append((a, int(fields[0], 16), kind))
    brackets.sort()
    with open(os.path.join(out_dir, "BidiBracketTables.swift"), "w", encoding="utf-8") as out:
        out.write(header(version))
        out.write("/// UAX #9 Bidi_Paired_Bracket_Type values (BidiBrackets.txt).\n")
        out.write("public enum BidiPairedBracketType: UInt8, Sendable, CaseIterable {\n")
        out.write("    /// Not a paired bracket.\n    case none\n")
        out.write("    /// An opening paired bracket (`o`).\n    case open\n")
        out.write("    /// A closing paired bracket (`c`).\n    case close\n}\n\n")
        out.write("enum GeneratedBidiBracketTables {\n")
        out.write("    /// Triples (code point, Bidi_Paired_Bracket, Bidi_Paired_Bracket_Type raw value), sorted by code point.\n")
        out.write("    static let brackets: [UInt32] = [\n")
        out.write(hex_rows([v for t in brackets for v in t], 12) + "\n    ]\n}\n")

    # Bidi_Mirroring_Glyph (UAX #9 L4).
    mirrors = []
    for a, b, fields, is_missing in ranges("BidiMirroring.txt"):
        if is_missing:
            continue
        assert a == b
        mirrors.append((a, int(fields[0], 16)))
    mirrors.sort()
    with open(os.path.join(out_dir, "BidiMirroringTables.swift"), "w", encoding="utf-8") as out:
        out.write(header(version))
        out.write("enum GeneratedBidiMirroringTables {\n")
        out.write("    /// Pairs (code point, Bidi_Mirroring_Glyph), sorted by code point.\n")
        out.write("    static let mirrors: [UInt32] = [\n")
        out.write(hex_rows([v for t in mirrors for v in t], 12) + "\n    ]\n}\n")

    # Joining_Type: explicit entries of ArabicShaping.txt; unlisted Mn, Me and Cf are T,
    # everything else U (the note in ArabicShaping.txt).
    jt = ["U"] * N
    for cp in range(N):
        if gc[cp] in ("Mn", "Me", "Cf"):
            jt[cp] = "T"
    for a, b, fields, is_missing in ranges("ArabicShaping.txt"):
        if is_missing:
            continue
        for cp in range(a, b + 1):
            jt[cp] = fields[1]
    jranges = []
    cp = 0
    while cp < N:
        start, v = cp, jt[cp]
        while cp < N and jt[cp] == v:
            cp += 1
        if v != "U":
            jranges.append((start, cp - 1, JOINING_TYPES.index(v)))

    # Presentation forms: single-code-point <isolated>/<final>/<initial>/<medial>
    # decompositions, and the lam-alef ligatures (two code points, U+FEF5..U+FEFC).
    forms = {}
    lam_alef = {}
    with open(os.path.join(UCD, "UnicodeData.txt"), encoding="utf-8") as f:
        for line in f:
            fields = line.split(";")
            cp, decomposition = int(fields[0], 16), fields[5]
            for i, tag in enumerate(FORMS):
                if not decomposition.startswith(tag + " "):
                    continue
                parts = [int(x, 16) for x in decomposition[len(tag):].split()]
                if len(parts) == 1:
                    row = forms.setdefault(parts[0], [0, 0, 0, 0])
                    assert row[i] == 0, "two %s forms of U+%04X" % (tag, parts[0])
                    row[i] = cp
                elif 0xFEF5 <= cp <= 0xFEFC:
                    assert parts[0] == 0x644 and len(parts) == 2
                    lam_alef.setdefault(parts[1], [0, 0])[i] = cp
    assert len(lam_alef) == 4 and all(all(v) for v in lam_alef.values())
    form_rows = [(base,) + tuple(forms[base]) for base in sorted(forms)]
    with open(os.path.join(out_dir, "ArabicShapingTables.swift"), "w", encoding="utf-8") as out:
        out.write(header(version))
        out.write("/// Joining_Type values (ArabicShaping.txt), in table order.\n")
        out.write("public enum JoiningType: UInt8, Sendable, CaseIterable {\n")
        for name, doc in [("U", "Non_Joining."), ("R", "Right_Joining: joins the character before it (in logical order)."),
                          ("L", "Left_Joining: joins the character after it."), ("D", "Dual_Joining: joins on both sides."),
                          ("C", "Join_Causing (tatweel, ZWJ): joins on both sides, has no forms."),
                          ("T", "Transparent (marks, format characters): skipped when joining.")]:
            out.write("    /// %s\n    case %s\n" % (doc, name))
        out.write("}\n\n")
        out.write("enum GeneratedArabicShapingTables {\n")
        out.write("    /// Triples (first, last, JoiningType raw value) of the ranges that are not U, sorted.\n")
        out.write("    static let joiningRanges: [UInt32] = [\n")
        out.write(hex_rows([v for t in jranges for v in t], 12) + "\n    ]\n")
        out.write("    /// Rows (base letter, isolated, final, initial, medial presentation form; 0 = none), sorted by base.\n")
        out.write("    static let presentationForms: [UInt32] = [\n")
        out.write(hex_rows([v for t in form_rows for v in t], 10) + "\n    ]\n")
        out.write("    /// Rows (alef after lam, isolated ligature, final ligature): U+FEF5..U+FEFC.\n")
        out.write("    static let lamAlef: [UInt32] = [\n")
        out.write(hex_rows([v for a in sorted(lam_alef) for v in (a,) + tuple(lam_alef[a])], 12) + "\n    ]\n}\n")
    print("bidi: %d brackets, %d mirrors; joining: %d ranges, %d letters with forms, %d lam-alef"
          % (len(brackets), len(mirrors), len(jranges), len(form_rows), len(lam_alef)))


WB_CLASSES = [
    ("Other", "other", "Anything else (WB999)."), ("CR", "cr", "Carriage return (WB3)."),
    ("LF", "lf", "Line feed (WB3)."), ("Newline", "newline", "Other line ends: VT, FF, NEL, LS, PS (WB3a, WB3b)."),
    ("Extend", "extend", "Combining marks and other extenders (WB4)."), ("ZWJ", "zwj", "Zero width joiner (WB3c, WB4)."),
    ("Regional_Indicator", "regionalIndicator", "Regional indicators (WB15, WB16)."),
    ("Format", "format", "Format characters (WB4)."), ("Katakana", "katakana", "Katakana (WB13)."),
    ("Hebrew_Letter", "hebrewLetter", "Hebrew letters (WB7a-WB7c)."), ("ALetter", "aLetter", "Letters (WB5)."),
    ("Single_Quote", "singleQuote", "Apostrophe U+0027 (WB6, WB7a)."), ("Double_Quote", "doubleQuote", "Quotation mark U+0022 (WB7b, WB7c)."),
    ("MidNumLet", "midNumLet", "Full stop and the like, inside words and numbers (WB6, WB11)."),
    ("MidLetter", "midLetter", "Colon and the like, inside words (WB6)."), ("MidNum", "midNum", "Comma and the like, inside numbers (WB11)."),
    ("Numeric", "numeric", "Digits (WB8)."), ("ExtendNumLet", "extendNumLet", "Connector punctuation such as _ (WB13a, WB13b)."),
    ("WSegSpace", "wSegSpace", "Spaces (WB3d)."),
]
SB_CLASSES = [
    ("Other", "other", "Anything else (SB998)."), ("CR", "cr", "Carriage return (SB3, SB4)."), ("LF", "lf", "Line feed (SB4)."),
    ("Extend", "extend", "Combining marks and other extenders (SB5)."), ("Sep", "sep", "Paragraph separators: NEL, LS, PS (SB4)."),
    ("Format", "format", "Format characters (SB5)."), ("Sp", "sp", "Spaces (SB9-SB11)."), ("Lower", "lower", "Lowercase (SB7, SB8)."),
    ("Upper", "upper", "Uppercase and titlecase (SB7)."), ("OLetter", "oLetter", "Other letters (SB8)."),
    ("Numeric", "numeric", "Digits (SB6)."), ("ATerm", "aTerm", "Full stop and the like (SB6-SB8)."),
    ("STerm", "sTerm", "Sentence terminators: ! ? and the like (SB8a-SB11)."), ("Close", "close", "Closing punctuation and quotes (SB8-SB11)."),
    ("SContinue", "sContinue", "Comma, colon and the like (SB8a)."),
]
DICTIONARY_SCRIPTS = ("Han", "Hiragana", "Katakana")
DICTIONARY_EXTRA = {0x30FC, 0xFF70, 0xFF9E, 0xFF9F}


def property_file(path):
    """Per-code-point values from a file of ranges with an @missing default."""
    values = [None] * N
    for a, b, fields, is_missing in ranges(path):
        if is_missing:
            values[a:b + 1] = [fields[0]] * (b - a + 1)
    for a, b, fields, is_missing in ranges(path):
        if not is_missing:
            values[a:b + 1] = [fields[0]] * (b - a + 1)
    return values


def segmentation_tables(version, gc, lb, ext_pict):
    wb_names = [n for n, _, _ in WB_CLASSES]
    sb_names = [n for n, _, _ in SB_CLASSES]
    wb = property_file("auxiliary/WordBreakProperty.txt")
    sb = property_file("auxiliary/SentenceBreakProperty.txt")
    script = ["Unknown"] * N
    for a, b, fields, is_missing in ranges("Scripts.txt"):
        if not is_missing:
            script[a:b + 1] = [fields[0]] * (b - a + 1)
    records = []
    for cp in range(N):
        dictionary = script[cp] in DICTIONARY_SCRIPTS or cp in DICTIONARY_EXTRA or lb[cp] == "SA"
        r = wb_names.index(wb[cp])
        r |= ext_pict[cp] << 5
        r |= sb_names.index(sb[cp]) << 6
        r |= (1 if dictionary else 0) << 10
        r |= (1 if gc[cp][0] in "LN" else 0) << 11
        records.append(r)
    distinct, stage1, stage2 = two_stage(records, 256)

    def enum(name, doc, cases):
        lines = ["/// %s" % doc, "public enum %s: UInt8, Sendable, CaseIterable {" % name]
        for ucd, ident, case_doc in cases:
            lines.append("    /// `%s`: %s" % (ucd, case_doc))
            lines.append("    case %s" % ident)
        return "\n".join(lines + ["}"])

    path = os.path.join(os.path.dirname(OUT), "SegmentationTables.swift")
    with open(path, "w", encoding="utf-8") as out:
        out.write(header(version))
        out.write(enum("WordBreakProperty", "UAX #29 Word_Break property values, in table order.", WB_CLASSES) + "\n\n")
        out.write(enum("SentenceBreakProperty", "UAX #29 Sentence_Break property values, in table order.", SB_CLASSES) + "\n\n")
        out.write("enum GeneratedSegmentationTables {\n")
        out.write("    static let blockShift = %d\n" % (BLOCK.bit_length() - 1))
        out.write("    static let stage1Count = %d\n" % len(stage1))
        out.write("    static let stage2Count = %d\n" % len(stage2))
        out.write("    static let recordCount = %d\n" % len(distinct))
        out.write("}\n")
    # Stage 1: code point >> blockShift -> block number; stage 2: block number * block size +
    # low bits -> record index; the distinct packed records (see `SegmentationRecord`).
    write_data("segmentation_stage1", "H", stage1)
    write_data("segmentation_stage2", "B", stage2)
    write_data("segmentation_records", "H", distinct)
    print("segmentation: stage1 %d, stage2 %d (%d blocks), records %d -> %s"
          % (len(stage1), len(stage2), len(stage2) // BLOCK, len(distinct), path))


if __name__ == "__main__":
    main()
