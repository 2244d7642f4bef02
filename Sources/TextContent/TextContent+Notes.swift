import Support

extension TextContent {
    /// The most a note's text may hold (`noteRange(at:)`): a "note" that is a whole chapter
    /// is cut here, so a popup or `dump --notes inline` stays bounded.
    public static let maximumNoteLength = 16_384

    /// The text of the note a reference with `target` points at: its recorded extent in
    /// `notes`, else the block at `target` (an `<a id>` at the start of a paragraph), cut
    /// to `maximumNoteLength` bytes at a block end when there is one. Nil when `target` is
    /// past the last block.
    public func noteRange(at target: ByteOffset) -> ByteRange? {
        let i = notes.partitioningIndex { $0.lowerBound >= target }
        var range: ByteRange
        if i < notes.count, notes[i].lowerBound == target, !notes[i].isEmpty {
            range = notes[i]
        } else {
            let b = blockIndex(atOrAfter: target)
            guard b < blocks.count else { return nil }
            range = ByteRange(max(target, blocks[b].range.lowerBound), blocks[b].range.upperBound)
        }
        if range.count > Self.maximumNoteLength { range = cut(range, at: range.lowerBound + Self.maximumNoteLength) }
        return range.isEmpty ? nil : range
    }

    /// `range` ended at the last block end before `limit`, or at `limit` (moved back to a
    /// character boundary) when the first block is longer.
    private func cut(_ range: ByteRange, at limit: ByteOffset) -> ByteRange {
        let inside = blocks(in: ByteRange(range.lowerBound, limit))
        if let end = inside.last(where: { $0.range.upperBound <= limit })?.range.upperBound, end > range.lowerBound {
            return ByteRange(range.lowerBound, end)
        }
        var end = limit.rawValue
        while end > range.lowerBound.rawValue && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return ByteRange(range.lowerBound, ByteOffset(end))
    }

    /// The blocks of `range` as a book of their own (one chapter, no contents), without
    /// the style runs `omitting` picks and the text they cover (a note's "↩" backlink),
    /// spaces left at a block's ends trimmed, blocks left empty dropped. Runs keep their
    /// targets and URLs in *this* book, so a link in a note can still be followed.
    public func excerpt(_ range: ByteRange, omitting: (StyleRun) -> Bool = { $0.style == .backlink }) -> TextContent {
        let omitted = styleRuns(intersecting: range).filter(omitting).map(\.range)
        var out: [UInt8] = []
        var newBlocks: [Block] = []
        var map = OffsetMap()
        for block in blocks(in: range) {
            let lower = max(block.range.lowerBound, range.lowerBound), upper = min(block.range.upperBound, range.upperBound)
            let pieces = Self.subtract(omitted, from: ByteRange(lower, upper))
            let start = out.count + (newBlocks.isEmpty ? 0 : 1)
            var text: [UInt8] = []
            var pieceStarts: [(old: Int, new: Int, count: Int)] = []
            for p in pieces {
                pieceStarts.append((p.lowerBound.rawValue, start + text.count, p.count))
                text += bytes[p.intRange]
            }
            let lead = text.prefix { $0 == 0x20 }.count
            let trail = text.dropFirst(lead).reversed().prefix { $0 == 0x20 || $0 == 0x0A }.count
            guard text.count > lead + trail else { continue }
            if !newBlocks.isEmpty { out.append(0x0A) }
            out += text[lead..<(text.count - trail)]
            for p in pieceStarts { map.add(old: p.old, new: p.new - lead, count: p.count, within: start..<out.count) }
            var b = block
            b.range = ByteRange(start, out.count)
            newBlocks.append(b)
        }
        map.end = out.count
        var runs: [StyleRun] = []
        for run in styleRuns(intersecting: range) where !omitting(run) {
            let r = ByteRange(map.new(run.range.lowerBound.rawValue), map.new(run.range.upperBound.rawValue))
            if !r.isEmpty { runs.append(StyleRun(style: run.style, range: r, target: run.target, url: run.url)) }
        }
        let chapter = Chapter(title: metadata.title, level: 1, range: ByteRange(0, out.count), source: "")
        return TextContent(bytes: out, chapters: [chapter], blocks: newBlocks, styles: runs.sorted { $0.range.lowerBound < $1.range.lowerBound },
                           toc: [], metadata: metadata, sourceMap: SourceMap())
    }

    /// `range` with the `holes` (sorted by lower bound) taken out: the pieces left, in order.
    static func subtract(_ holes: [ByteRange], from range: ByteRange) -> [ByteRange] {
        var pieces: [ByteRange] = []
        var at = range.lowerBound
        for h in holes where h.upperBound > at && h.lowerBound < range.upperBound {
            if h.lowerBound > at { pieces.append(ByteRange(at, h.lowerBound)) }
            at = max(at, h.upperBound)
        }
        if at < range.upperBound { pieces.append(ByteRange(at, range.upperBound)) }
        return pieces
    }
}

/// Where the bytes of a book land in an excerpt of it: kept pieces, in order; an offset
/// in a removed piece lands where the next kept byte does.
private struct OffsetMap {
    private var pieces: [(old: Int, new: Int, count: Int, block: Range<Int>)] = []
    /// The excerpt's length (where offsets after the last piece land).
    var end = 0

    /// `count` bytes at `old` went to `new`, in the block at `block` of the excerpt (the
    /// trimmed spaces of its ends land on its ends).
    mutating func add(old: Int, new: Int, count: Int, within block: Range<Int>) {
        pieces.append((old, new, count, block))
    }

    func new(_ old: Int) -> ByteOffset {
        for p in pieces {
            if old < p.old { return ByteOffset(p.block.clamped(p.new)) }
            if old <= p.old + p.count { return ByteOffset(p.block.clamped(p.new + old - p.old)) }
        }
        return ByteOffset(end)
    }
}

private extension Range<Int> {
    /// `value` moved into `lowerBound...upperBound`.
    func clamped(_ value: Int) -> Int { Swift.min(Swift.max(value, lowerBound), upperBound) }
}
