import TextContent
import UnicodeData

/// The layout engine: a pure function from (text, range, options) to lines.
///
/// Same input, same output, on any machine: no I/O, no clock, no environment — which is
/// what makes the result cacheable on disk.
public enum TextLayout {
    /// Version of the line-fitting rules; part of every cache key. Bump it whenever a
    /// change can move a line break.
    public static let engineVersion = 4

    /// Version of the Unicode Character Database the tables come from; part of every
    /// cache key (a new UCD can move breaks and widths).
    public static let unicodeVersion = UnicodeData.unicodeVersion

    /// Lays out the blocks of `content` that intersect `range` (clipped to it).
    ///
    /// Each block is broken into lines at UAX #14 opportunities (tailored by
    /// `options.lineBreakStyle`), never splitting a grapheme cluster; runs with no
    /// opportunity that are wider than the column are cut at grapheme boundaries
    /// (`LineFlags.emergencyBreak`). Trailing spaces hang. Blocks are separated by blank
    /// lines as `LayoutOptions` and the block kinds ask.
    public static func layout(_ content: TextContent, range: ByteRange, options: LayoutOptions) -> LineCollection {
        var fitter = LineFitter(options: options)
        var lines = LineCollection(options: options, range: range)
        lines.reserve(range.count / 48 + 16)
        let clipped = ByteRange(max(range.lowerBound, .zero), min(range.upperBound, ByteOffset(content.bytes.count)))
        guard !clipped.isEmpty else { return lines }
        content.bytes.withUnsafeBufferPointer { all in
            var previous: Block?
            for block in content.blocks(in: clipped) {
                let lower = max(block.range.lowerBound, clipped.lowerBound)
                let upper = min(block.range.upperBound, clipped.upperBound)
                guard lower < upper else { continue }
                if let prev = previous, BlockPresentation.needsBlankLine(between: prev, and: block, options: options) {
                    // A blank line sits at the separator after the previous block, so every
                    // line has its own start offset and a position can point at it.
                    lines.append(start: prev.range.upperBound.rawValue, length: 0, width: 0, indent: 0,
                                 kind: block.kind, flags: .blank)
                }
                let slice = UnsafeBufferPointer(rebasing: all[lower.rawValue..<upper.rawValue])
                fitter.fit(slice, base: lower.rawValue, block: block,
                           continuesBlock: lower > block.range.lowerBound, into: &lines)
                previous = block
            }
        }
        return lines
    }

    /// Lays out a plain string as one paragraph (for tests and tools).
    public static func layout(_ text: String, options: LayoutOptions) -> LineCollection {
        var builder = TextContentBuilder(metadata: BookMetadata(title: "", format: .txt))
        builder.beginBlock(.paragraph)
        builder.append(text)
        let content = builder.finish()
        return layout(content, range: content.fullRange, options: options)
    }
}

/// How each kind of block is presented: indents and spacing.
enum BlockPresentation {
    /// Whether a blank line goes between two consecutive blocks.
    static func needsBlankLine(between previous: Block, and next: Block, options: LayoutOptions) -> Bool {
        if next.kind == .heading || previous.kind == .heading { return true }
        if previous.kind == next.kind {
            switch next.kind {
            case .listItem, .tableRow, .preformatted: return false
            default: break
            }
        }
        if next.kind == .separator || previous.kind == .separator { return true }
        return options.paragraphSpacing
    }

    /// (first-line indent, other-lines indent) for a block, clamped to leave room for text.
    static func indents(for block: Block, options: LayoutOptions) -> (first: Int, rest: Int) {
        let maxIndent = options.width / 2
        func clamp(_ v: Int) -> Int { max(0, min(v, maxIndent)) }
        switch block.kind {
        case .paragraph:
            return (clamp(options.firstLineIndent), 0)
        case .blockquote, .footnote:
            return (clamp(2), clamp(2))
        case .listItem:
            let d = clamp(2 * max(1, Int(block.level)))
            return (d, d)
        case .heading, .preformatted, .tableRow, .image, .separator:
            return (0, 0)
        }
    }
}
