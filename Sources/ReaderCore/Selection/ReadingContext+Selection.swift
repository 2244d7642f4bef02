import Support
import TextContent
import TextLayout

/// Visual mode's selection on the reading state: where it starts, how its head moves
/// (words and sentences by UAX #29, paragraphs by blocks, lines on the screen), keeping
/// the head on the page, and the text it holds.
extension ReadingContext {
    /// Starts a selection on the first word of the top line (or its first cluster when it
    /// has no word); false when the page shows no text.
    func startSelectionOnPage() -> Bool {
        if isVertical {
            let span = verticalSpan
            guard !span.isEmpty else { return false }
            let unit = segments(ofBlockContaining: span.lowerBound)?.words.first { $0.upperBound > span.lowerBound } ?? cluster(at: span.lowerBound)
            selection = TextSelection(anchor: unit, head: lastCluster(of: unit))
            return true
        }
        guard let first = visibleLines().first(where: { !$0.line.flags.contains(.picture) && $0.line.length > 0 }) else {
            return false
        }
        let start = first.line.start
        let unit = segments(ofBlockContaining: start)?.words.first { $0.upperBound > start } ?? cluster(at: start)
        selection = TextSelection(anchor: unit, head: lastCluster(of: unit))
        return true
    }

    /// Starts a selection on the unit at `offset`: its cluster, its word (a double click)
    /// or its paragraph (a triple click).
    func startSelection(at offset: ByteOffset, clicks: Int) {
        let unit: ByteRange
        switch clicks {
        case 2: unit = segments(ofBlockContaining: offset)?.word(containing: offset) ?? cluster(at: offset)
        case 3...:
            let i = min(content.blockIndex(atOrAfter: offset), max(0, content.blocks.count - 1))
            unit = content.blocks.isEmpty ? cluster(at: offset) : content.blocks[i].range
        default: unit = cluster(at: offset)
        }
        selection = TextSelection(unit)
    }

    /// Moves the selection's head to the cluster at `offset` (a drag).
    func extendSelection(to offset: ByteOffset) {
        guard var s = selection else { return }
        s.head = cluster(at: offset)
        selection = s
    }

    /// Moves the head by `motion` and turns the page so that it stays on screen.
    func moveSelection(_ motion: SelectionMotion) {
        guard var s = selection else { return }
        if let head = target(of: motion, from: s.head) { s.head = head }
        selection = s
        keepOnPage(s.head.lowerBound)
    }

    /// The selected text: the book's bytes (paragraphs joined by a line feed, as the book
    /// holds them), without soft hyphens. Never holds a control character other than `\n`
    /// (the book's text is sanitised).
    public var selectedText: String? {
        guard let range = selection?.range, !range.isEmpty else { return nil }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: content.string(in: range).unicodeScalars.lazy.filter { $0 != "\u{AD}" })
        return String(text)
    }

    // MARK: Targets

    private func target(of motion: SelectionMotion, from head: ByteRange) -> ByteRange? {
        switch motion {
        case .wordForward:
            return word(after: head.lowerBound, forward: true) { $0.lowerBound > head.lowerBound }.map { cluster(at: $0.lowerBound) }
        case .wordBackward:
            return word(after: head.lowerBound, forward: false) { $0.lowerBound < head.lowerBound }.map { cluster(at: $0.lowerBound) }
        case .wordEnd:
            return word(after: head.lowerBound, forward: true) { $0.upperBound > head.upperBound }.map { lastCluster(of: $0) }
        case .sentenceForward: return sentenceStart(from: head.lowerBound, forward: true).map { cluster(at: $0) }
        case .sentenceBackward: return sentenceStart(from: head.lowerBound, forward: false).map { cluster(at: $0) }
        case .paragraphForward: return paragraphStart(from: head.lowerBound, forward: true).map { cluster(at: $0) }
        case .paragraphBackward: return paragraphStart(from: head.lowerBound, forward: false).map { cluster(at: $0) }
        case .lineDown: return clusterOnNextLine(from: head, down: true)
        case .lineUp: return clusterOnNextLine(from: head, down: false)
        case .clusterForward:
            return head.upperBound < ByteOffset(content.bytes.count) ? cluster(at: head.upperBound) : nil
        case .clusterBackward:
            return head.lowerBound > .zero ? cluster(at: head.lowerBound - 1) : nil
        case .columnForward: return clusterInNextColumn(from: head, forward: true)
        case .columnBackward: return clusterInNextColumn(from: head, forward: false)
        }
    }

    /// How many blocks a motion looks through for its target (empty blocks, pictures).
    private static let blockSearchLimit = 2_000

    /// The first word (going `forward` or back from the block holding `offset`) that
    /// `accepts`.
    private func word(after offset: ByteOffset, forward: Bool, accepts: (ByteRange) -> Bool) -> ByteRange? {
        forEachBlock(from: offset, forward: forward) { segments in
            forward ? segments.words.first(where: accepts) : segments.words.last(where: accepts)
        }
    }

    private func sentenceStart(from offset: ByteOffset, forward: Bool) -> ByteOffset? {
        forEachBlock(from: offset, forward: forward) { segments in
            segments.range.isEmpty ? nil
                : forward ? segments.sentences.first { $0 > offset } : segments.sentences.last { $0 < offset }
        }
    }

    private func paragraphStart(from offset: ByteOffset, forward: Bool) -> ByteOffset? {
        forEachBlock(from: offset, forward: forward) { segments in
            let start = segments.range.lowerBound
            return segments.range.isEmpty ? nil : forward ? (start > offset ? start : nil) : (start < offset ? start : nil)
        }
    }

    /// Calls `find` on the segments of the block holding `offset`, then of the blocks after
    /// (or before) it, until it returns something.
    private func forEachBlock<T>(from offset: ByteOffset, forward: Bool, _ find: (BlockSegments) -> T?) -> T? {
        guard !content.blocks.isEmpty else { return nil }
        var i = min(content.blockIndex(atOrAfter: offset), content.blocks.count - 1)
        for _ in 0..<Self.blockSearchLimit {
            if let found = find(segments(ofBlock: i)) { return found }
            i += forward ? 1 : -1
            guard i >= 0 && i < content.blocks.count else { return nil }
        }
        return nil
    }

    /// The segments of block `i`, kept for the next motion.
    private func segments(ofBlock i: Int) -> BlockSegments {
        if let kept = blockSegments, kept.block == i { return kept }
        let made = BlockSegments(block: i, of: content)
        blockSegments = made
        return made
    }

    func segments(ofBlockContaining offset: ByteOffset) -> BlockSegments? {
        let i = content.blockIndex(atOrAfter: offset)
        guard i < content.blocks.count, content.blocks[i].range.lowerBound <= offset else { return nil }
        return segments(ofBlock: i)
    }

    // MARK: Clusters

    /// The grapheme cluster holding `offset` (walked from its line's start, a cluster
    /// boundary); a one-byte range at the end of the text.
    func cluster(at offset: ByteOffset) -> ByteRange {
        let end = content.bytes.count
        let offset = ByteOffset(min(max(0, offset.rawValue), max(0, end - 1)))
        var start = lineStart(containing: offset)
        if start > offset { start = offset }
        return content.bytes.withUnsafeBufferPointer { bytes -> ByteRange in
            var cursor = GraphemeCursor(bytes, start: start.rawValue)
            var from = start.rawValue
            while let next = cursor.next() {
                if next.end > offset.rawValue { return ByteRange(from, next.end) }
                from = next.end
            }
            return ByteRange(offset.rawValue, min(end, offset.rawValue + 1))
        }
    }

    /// The last grapheme cluster of `range`.
    func lastCluster(of range: ByteRange) -> ByteRange {
        guard !range.isEmpty else { return range }
        return content.bytes.withUnsafeBufferPointer { bytes -> ByteRange in
            var cursor = GraphemeCursor(bytes, start: range.lowerBound.rawValue)
            var from = range.lowerBound.rawValue
            while let next = cursor.next(), next.end < range.upperBound.rawValue { from = next.end }
            return ByteRange(from, range.upperBound.rawValue)
        }
    }
}
