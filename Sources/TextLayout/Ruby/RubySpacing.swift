import TextContent
import UnicodeData

/// How much room a reading takes beside its base (docs/RUBY.md, "Spacing").
///
/// A terminal draws readings at the size of the text, so a reading is often wider than
/// its base (`吾輩《わがはい》`: 8 cells over 4). As JIS X 4051 and JLREQ (3.3.8) let ruby
/// overhang the characters next to its base when they are kana or punctuation — by up
/// to one character of ruby, which here is a whole character: two cells on each side —
/// and not when they are kanji or carry ruby themselves, the rest of the excess is spacing the layout adds after the
/// base, so no reading has to move away from its base or overlap the next.
enum RubySpacing {
    /// Cells a reading may overhang a kana or punctuation neighbour (one ruby character:
    /// in a terminal a reading is drawn at full size).
    static let overhang = 2

    /// The cells the layout adds after `ruby`'s base in `mode`: `inline`, the
    /// parentheses and the reading; `above`, the reading's excess over the base and the
    /// overhang its neighbours allow.
    static func addedCells(for ruby: RubyAnnotation, in content: TextContent, block: Block, mode: RubyMode) -> Int {
        let reading = readingWidth(of: ruby, in: content)
        switch mode {
        case .off: return 0
        case .inline: return reading + 4
        case .above:
            let base = content.bytes.withUnsafeBufferPointer { CellWidth.of(utf8: UnsafeBufferPointer(rebasing: $0[ruby.base.intRange])) }
            let allowed = allowances(for: ruby, in: content, block: block)
            return max(0, reading - base - allowed.left - allowed.right)
        }
    }

    /// The reading's width in cells: the sum of its characters' (`pieces`).
    static func readingWidth(of ruby: RubyAnnotation, in content: TextContent) -> Int {
        pieces(of: ruby, in: content).reduce(0) { $0 + $1.cells }
    }

    /// The reading's characters (grapheme clusters) and their cells, as they are drawn.
    static func pieces(of ruby: RubyAnnotation, in content: TextContent) -> [(text: String, cells: Int)] {
        content.reading(of: ruby).map { character in
            let text = String(character)
            return (text, CellWidth.of(text))
        }
    }

    /// The overhang a reading may take on each side of its base: `overhang` where the
    /// neighbouring character in the block is kana or punctuation not under another reading.
    static func allowances(for ruby: RubyAnnotation, in content: TextContent, block: Block) -> (left: Int, right: Int) {
        content.bytes.withUnsafeBufferPointer { all -> (Int, Int) in
            guard let p = all.baseAddress else { return (0, 0) }
            var left = 0, right = 0
            let start = ruby.base.lowerBound.rawValue, end = ruby.base.upperBound.rawValue
            if start > block.range.lowerBound.rawValue {
                var i = start - 1
                while i > block.range.lowerBound.rawValue && p[i] & 0xC0 == 0x80 { i -= 1 }
                let scalar = UTF8Scalar.decode(p, i, start).value
                if takesOverhang(scalar) && !underReading(ByteOffset(i), content) { left = overhang }
            }
            if end < block.range.upperBound.rawValue {
                let scalar = UTF8Scalar.decode(p, end, block.range.upperBound.rawValue).value
                if takesOverhang(scalar) && !underReading(ByteOffset(end), content) { right = overhang }
            }
            return (left, right)
        }
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

    /// Whether the byte at `offset` is in a ruby base.
    static func underReading(_ offset: ByteOffset, _ content: TextContent) -> Bool {
        !content.rubies(intersecting: ByteRange(offset, offset + 1)).isEmpty
    }
}
