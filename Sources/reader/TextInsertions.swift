import TextContent

/// Text put into a book for printing it (`dump --notes`): pieces inserted at byte
/// offsets, either inside a paragraph (`inline`: the text joins the block it lands in) or
/// as whole blocks after a block's end (`blocks`). `apply(to:)` makes the new book, every
/// range and offset of the old one moved past what was inserted before it.
struct TextInsertions {
    /// One piece: its bytes and style runs (ranges relative to the piece; targets are
    /// offsets of the *old* book, moved like the others), and for block pieces the
    /// blocks it holds (relative; the piece's own `\n` separators belong to none).
    struct Piece {
        var at: ByteOffset
        var bytes: [UInt8]
        var styles: [StyleRun] = []
        var blocks: [Block] = []
        var isBlocks: Bool { !blocks.isEmpty }
    }

    private(set) var pieces: [Piece] = []

    /// Adds a piece; pieces may be added in any order (at one offset, inline pieces go
    /// before block pieces, and otherwise keep the order of adding).
    mutating func add(_ piece: Piece) {
        guard !piece.bytes.isEmpty else { return }
        pieces.append(piece)
    }

    /// Where the old text at `offset` is in the new book.
    func newOffset(_ offset: ByteOffset) -> ByteOffset { OffsetShift(sortedPieces).new(offset, at: .runStart) }

    /// The pieces in the order they go in (at one offset, inline pieces first).
    private var sortedPieces: [Piece] {
        pieces.enumerated().sorted {
            ($0.element.at.rawValue, $0.element.isBlocks ? 1 : 0, $0.offset) < ($1.element.at.rawValue, $1.element.isBlocks ? 1 : 0, $1.offset)
        }.map(\.element)
    }

    /// The book with the pieces in. Chapters grow to hold what was inserted in them (block
    /// pieces at a chapter's last block end belong to it), the table of contents and link
    /// targets follow the text they pointed at; the source map and the notes are left out
    /// (the result is for printing).
    func apply(to content: TextContent) -> TextContent {
        let sorted = sortedPieces
        guard !sorted.isEmpty else { return content }
        let shift = OffsetShift(sorted)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(content.bytes.count + sorted.reduce(0) { $0 + $1.bytes.count })
        var copied = 0
        var styles = content.styles.map { run -> StyleRun in
            var r = run
            r.range = ByteRange(shift.new(run.range.lowerBound, at: .runStart), shift.new(run.range.upperBound, at: .runEnd))
            r.target = run.target.map { shift.new($0, at: .runStart) }
            return r
        }
        var blocks = content.blocks.map { block -> Block in
            var b = block
            b.range = ByteRange(shift.new(block.range.lowerBound, at: .start), shift.new(block.range.upperBound, at: .blockEnd))
            return b
        }
        for piece in sorted {
            bytes += content.bytes[copied..<piece.at.rawValue]
            copied = piece.at.rawValue
            let base = bytes.count
            bytes += piece.bytes
            for run in piece.styles {
                styles.append(StyleRun(style: run.style, range: run.range.shifted(by: base),
                                       target: run.target.map { shift.new($0, at: .runStart) }, url: run.url))
            }
            for var b in piece.blocks {
                b.range = b.range.shifted(by: base)
                blocks.append(b)
            }
        }
        bytes += content.bytes[copied...]
        let chapters = content.chapters.map { c in
            Chapter(title: c.title, level: c.level,
                    range: ByteRange(shift.new(c.range.lowerBound, at: .start), shift.new(c.range.upperBound, at: .end)), source: c.source)
        }
        let toc = content.toc.map { TOCEntry(title: $0.title, level: $0.level, target: shift.new($0.target, at: .runStart), source: $0.source) }
        styles.sort { $0.range.lowerBound < $1.range.lowerBound }
        blocks.sort { $0.range.lowerBound < $1.range.lowerBound }
        return TextContent(bytes: bytes, chapters: chapters, blocks: blocks, styles: styles, toc: toc,
                           metadata: content.metadata, sourceMap: SourceMap(), warnings: content.warnings)
    }
}

/// Old offsets → new ones when pieces go in: an offset moves by the length of every piece
/// before it; pieces exactly at it count or not depending on what the offset is.
private struct OffsetShift {
    /// What an offset is, which decides on which side of a piece at it it lands.
    enum Side {
        /// The start of a range, or a chapter's start: before every piece at it.
        case start
        /// A style run's start, a target: after every piece at it (it names the old text there).
        case runStart
        /// A style run's end: before the pieces at it (the reference's run does not take in its note).
        case runEnd
        /// A block's end: after inline pieces (the note is part of the paragraph), before block pieces.
        case blockEnd
        /// A chapter's end: after every piece at it (its notes are its own).
        case end
    }

    private let positions: [Int]
    private let before: [Int]   // total length of the pieces before index i
    private let isBlocks: [Bool]
    private let lengths: [Int]

    init(_ sorted: [TextInsertions.Piece]) {
        positions = sorted.map(\.at.rawValue)
        isBlocks = sorted.map(\.isBlocks)
        lengths = sorted.map(\.bytes.count)
        var sums = [0]
        for l in lengths { sums.append(sums.last! + l) }
        before = sums
    }

    func new(_ old: ByteOffset, at side: Side) -> ByteOffset {
        let x = old.rawValue
        var lo = 0, hi = positions.count   // the first piece at or after x
        while lo < hi {
            let mid = (lo + hi) / 2
            if positions[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        var i = lo
        var delta = before[i]
        while i < positions.count && positions[i] == x {
            switch side {
            case .start, .runEnd: break
            case .runStart, .end: delta += lengths[i]
            case .blockEnd: if !isBlocks[i] { delta += lengths[i] }
            }
            i += 1
        }
        return ByteOffset(x + delta)
    }
}
