import TextContent
import UnicodeData

/// How much room a reading takes beside its base (docs/RUBY.md, "Spacing").
///
/// A terminal draws readings at the size of the text, so a reading is often wider than
/// its base (`吾輩《わがはい》`: 8 cells over 4). As JIS X 4051 and JLREQ (3.3.8) let ruby
/// overhang the characters next to its base when they are kana or punctuation — by up
/// to one character of ruby, which here is a whole character: two cells on each side —
/// and not when they are kanji or carry ruby themselves, the rest of the excess is
/// spacing the layout adds after the base, so no reading has to move away from its base
/// or overlap the next.
enum RubySpacing {
    /// Cells a reading may overhang a kana or punctuation neighbour (one ruby character:
    /// in a terminal a reading is drawn at full size).
    static let overhang = 2

    /// The book's text and its readings' text, borrowed once for many annotations.
    struct Texts {
        let bytes: UnsafeBufferPointer<UInt8>
        let rubyText: UnsafeBufferPointer<UInt8>
    }

    /// Calls `body` with `content`'s texts borrowed.
    @inline(__always)
    static func withTexts<R>(of content: TextContent, _ body: (Texts) -> R) -> R {
        content.bytes.withUnsafeBufferPointer { bytes in
            content.rubyText.withUnsafeBufferPointer { body(Texts(bytes: bytes, rubyText: $0)) }
        }
    }

    /// The cells the layout adds after `ruby`'s base in `mode`: `inline`, the
    /// parentheses and the reading; `above`, the reading's excess over the base and the
    /// overhang its neighbours allow.
    static func addedCells(for ruby: RubyAnnotation, in content: TextContent, block: Block, mode: RubyMode) -> Int {
        withTexts(of: content) { texts in
            addedCells(for: ruby, texts, mode: mode) {
                allowances(for: ruby, texts, block: block) { !content.rubies(intersecting: ByteRange($0, $0 + 1)).isEmpty }
            }
        }
    }

    /// `addedCells` over borrowed texts, with the allowances given (`RubyUnits` finds the
    /// neighbours' readings in its own list).
    @inline(__always)
    static func addedCells(for ruby: RubyAnnotation, _ texts: Texts, mode: RubyMode,
                           allowances: () -> (left: Int, right: Int)) -> Int {
        let reading = width(of: UnsafeBufferPointer(rebasing: texts.rubyText[ruby.reading]))
        switch mode {
        case .off: return 0
        case .inline: return reading + 4
        case .above:
            let base = width(of: UnsafeBufferPointer(rebasing: texts.bytes[ruby.base.intRange]))
            guard reading > base else { return 0 }
            let allowed = allowances()
            return max(0, reading - base - allowed.left - allowed.right)
        }
    }

    /// `CellWidth.of(utf8:)`, summed scalar by scalar when every scalar is a simple
    /// cluster base (kana, kanji, Latin letters: `FitKind.base`), as the fitter does.
    @inline(__always)
    static func width(of text: UnsafeBufferPointer<UInt8>) -> Int {
        guard let p = text.baseAddress else { return 0 }
        let kinds = FitKind.table
        var i = 0, cells = 0
        while i < text.count {
            let (cp, length) = UTF8Scalar.decodeBMP(p, i, text.count)
            let k = length == 0 ? FitKind.complex << 2 : kinds[cp]
            guard k >> 2 == FitKind.base else { return CellWidth.of(utf8: text) }
            cells += Int(k & 3)
            i += length
        }
        return cells
    }

    /// The reading's grapheme clusters (UAX #29, as the text's) and their cells, as drawn.
    static func pieces(of ruby: RubyAnnotation, in content: TextContent) -> [(text: String, cells: Int)] {
        content.rubyText.withUnsafeBufferPointer { all -> [(text: String, cells: Int)] in
            let reading = UnsafeBufferPointer(rebasing: all[ruby.reading])
            var cursor = GraphemeCursor(reading)
            var out: [(text: String, cells: Int)] = []
            var start = 0
            while let (end, width) = cursor.next() {
                out.append((String(decoding: UnsafeBufferPointer(rebasing: reading[start..<end]), as: UTF8.self), width))
                start = end
            }
            return out
        }
    }

    /// The overhang a reading may take on each side of its base: `overhang` where the
    /// neighbouring character in the block is kana or punctuation not under another reading
    /// (half of it when a reading is on its other side too). `isUnderReading` says whether
    /// the character at an offset is under a reading.
    static func allowances(for ruby: RubyAnnotation, in content: TextContent, block: Block,
                           isUnderReading: (ByteOffset) -> Bool) -> (left: Int, right: Int) {
        withTexts(of: content) { allowances(for: ruby, $0, block: block, isUnderReading: isUnderReading) }
    }

    /// `allowances` over borrowed texts.
    @inline(__always)
    static func allowances(for ruby: RubyAnnotation, _ texts: Texts, block: Block,
                           isUnderReading: (ByteOffset) -> Bool) -> (left: Int, right: Int) {
        guard let p = texts.bytes.baseAddress else { return (0, 0) }
        func under(_ at: Int) -> Bool { isUnderReading(ByteOffset(at)) }
        let lowest = block.range.lowerBound.rawValue, highest = block.range.upperBound.rawValue
        var left = 0, right = 0
        let start = ruby.base.lowerBound.rawValue, end = ruby.base.upperBound.rawValue
        // A neighbour between two readings is shared: each may take half of it.
        if start > lowest {
            var i = start - 1
            while i > lowest && p[i] & 0xC0 == 0x80 { i -= 1 }
            if takesOverhang(UTF8Scalar.decode(p, i, start).value) && !under(i) {
                left = i > lowest && under(i - 1) ? overhang / 2 : overhang
            }
        }
        if end < highest {
            let (scalar, length) = UTF8Scalar.decode(p, end, highest)
            if takesOverhang(scalar) && !under(end) {
                right = end + length < highest && under(end + length) ? overhang / 2 : overhang
            }
        }
        return (left, right)
    }

    /// Hiragana, katakana (and the prolonged sound mark), CJK and full-width punctuation.
    static func takesOverhang(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3041...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF: return true   // kana
        case 0x3000...0x3004, 0x3008...0x3011, 0x3014...0x301F: return true   // CJK punctuation, brackets
        case 0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65: return true   // full-width punctuation
        default: return false
        }
    }
}
