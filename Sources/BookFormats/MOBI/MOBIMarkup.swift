/// The markup of one rebuilt MOBI part made ready for `XHTMLWalker`: UTF-8, with no
/// terminal escape sequences.
///
/// libmobi 0.11 hands back UTF-8 for UTF-8 books and already converts CP1252 MOBI 6 markup
/// while rebuilding it, but not every path does (a CP1252 KF8 part, or text it could not
/// rebuild): markup that is not valid UTF-8 in a CP1252 book is converted here, byte by
/// byte; in a UTF-8 book it is repaired (U+FFFD) with a warning. Markup that needs no
/// change is walked where libmobi keeps it, without a copy.
enum MOBIMarkup {
    /// The markup to walk: nil when `raw` can be walked as it is, else the converted copy.
    static func prepared(_ raw: UnsafeBufferPointer<UInt8>, cp1252: Bool, entry: String, warnings: inout [String]) -> [UInt8]? {
        var text: [UInt8]
        if UTF8Validation.isValid(raw) {
            guard needsBlanking(raw) else { return nil }
            text = Array(raw)
        } else if cp1252 {
            text = utf8(fromCP1252: raw)
        } else {
            warnings.append("\(entry) is not valid UTF-8; invalid bytes were replaced")
            text = Array(String(decoding: raw, as: UTF8.self).utf8)
        }
        EPUBPackage.blankEscapeSequences(&text)
        return text
    }

    /// Whether the markup holds ESC or a C1 control (C2 80–C2 9F), which must be blanked.
    static func needsBlanking(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for b in raw {
            if b == 0x1B || previous == 0xC2 && b >= 0x80 && b <= 0x9F { return true }
            previous = b
        }
        return false
    }

    /// Windows-1252's 0x80–0x9F (0 = undefined: U+FFFD).
    private static let high: [UInt16] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// CP1252 → UTF-8 (undefined bytes become U+FFFD).
    static func utf8(fromCP1252 raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count + raw.count / 8)
        for b in raw {
            if b < 0x80 { out.append(b); continue }
            var scalar = UInt32(b)
            if b < 0xA0 { scalar = high[Int(b - 0x80)] == 0 ? 0xFFFD : UInt32(high[Int(b - 0x80)]) }
            if scalar < 0x800 {
                out.append(UInt8(0xC0 | scalar >> 6)); out.append(UInt8(0x80 | scalar & 0x3F))
            } else {
                out.append(UInt8(0xE0 | scalar >> 12)); out.append(UInt8(0x80 | scalar >> 6 & 0x3F)); out.append(UInt8(0x80 | scalar & 0x3F))
            }
        }
        return out
    }

    /// Pieces smaller than this are not cut further.
    static let minimumPiece = 64 << 10

    /// Where to cut a long MOBI 6 document into pieces walked one after the other: before
    /// an `<mbp:pagebreak` (any case) at least `minimumPiece` bytes after the last cut. The
    /// HTML parser copies what it parses, so one piece at a time keeps a second copy of a
    /// whole book's markup out of memory. A page break nested in an element closes that
    /// element early (the parser recovers); kindlegen writes them between blocks.
    static func pieces(_ raw: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        let tag = Array("mbp:pagebreak".utf8)
        var cuts: [Int] = [0]
        var i = minimumPiece
        while i + tag.count < raw.count {
            if raw[i] == UInt8(ascii: "<"), (0..<tag.count).allSatisfy({ raw[i + 1 + $0] | 0x20 == tag[$0] | 0x20 }) {
                cuts.append(i)
                i += minimumPiece
            } else {
                i += 1
            }
        }
        cuts.append(raw.count)
        return (0..<(cuts.count - 1)).map { cuts[$0]..<cuts[$0 + 1] }
    }
}
