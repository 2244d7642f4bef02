import TextContent

/// Gutenberg-style emphasis in plain text: `_italic_` and `*bold*`, recognised only when an
/// opening and a closing marker pair up within one paragraph.
///
/// A marker opens when it follows the paragraph start, a space or punctuation (not a letter
/// or digit) and is followed by something other than a space; it closes when it follows
/// something other than a space and is followed by the paragraph end, a space or
/// punctuation. So these are left alone: `snake_case` and `2*3` (letters on both sides),
/// `* * *` separators and `* item` lists (a space after), a footnote mark `word*` with no
/// opener, runs like `__` or `***` (the Gutenberg `*** START OF …`), and any unpaired marker.
enum EmphasisMarkup {
    /// One recognised span: the byte offsets of its two markers and its style.
    struct Pair: Equatable {
        var open: Int
        var close: Int
        var style: InlineStyle
    }

    /// Whether `text` holds a byte that could be a marker (a quick test before `pairs`).
    static func mayContainMarkers(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.contains { $0 == 0x5F || $0 == 0x2A }
    }

    /// The marker pairs in one paragraph's UTF-8 text, by opening offset.
    static func pairs(in text: UnsafeBufferPointer<UInt8>) -> [Pair] {
        var pairs: [Pair] = []
        var open: [UInt8: Int] = [:]   // marker byte → offset of the pending opener
        let n = text.count
        for i in 0..<n {
            let b = text[i]
            guard b == 0x5F || b == 0x2A else { continue }
            if (i > 0 && text[i - 1] == b) || (i + 1 < n && text[i + 1] == b) { continue }   // __ ***
            let before = i > 0 ? kind(before: i, in: text) : .boundary
            let after = i + 1 < n ? kind(at: i + 1, in: text) : .boundary
            let canClose = (before == .word || before == .punctuation) && after != .word
            let canOpen = (after == .word || after == .punctuation) && before != .word
            if canClose, let start = open[b] {
                pairs.append(Pair(open: start, close: i, style: b == 0x5F ? .emphasis : .strong))
                open[b] = nil
            } else if canOpen {
                open[b] = i
            }
        }
        return pairs.sorted { $0.open < $1.open }
    }

    /// What is on one side of a marker.
    enum Side { case boundary, space, word, punctuation }

    /// The kind of the scalar that starts at `i`.
    static func kind(at i: Int, in text: UnsafeBufferPointer<UInt8>) -> Side {
        kind(of: scalar(at: i, in: text))
    }

    /// The kind of the scalar that ends just before `i`.
    static func kind(before i: Int, in text: UnsafeBufferPointer<UInt8>) -> Side {
        var start = i - 1
        while start > 0 && text[start] & 0xC0 == 0x80 && i - start < 4 { start -= 1 }
        return kind(of: scalar(at: start, in: text))
    }

    private static func kind(of scalar: Unicode.Scalar) -> Side {
        let p = scalar.properties
        if p.isWhitespace { return .space }
        if p.isAlphabetic || p.numericType != nil { return .word }
        switch p.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return .word
        default: return .punctuation
        }
    }

    private static func scalar(at i: Int, in text: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        let end = min(text.count, i + 4)
        var decoder = UTF8()
        var iterator = text[i..<end].makeIterator()
        if case .scalarValue(let s) = decoder.decode(&iterator) { return s }
        return "\u{FFFD}"
    }
}
