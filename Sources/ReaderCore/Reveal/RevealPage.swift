import Support
import TextContent
import TextLayout

/// The grapheme clusters of one screen page in reading order, with the progress (in
/// units, see `RevealSchedule`) at which each one appears.
///
/// Built from the page's laid-out lines with `TextLayout.forEachCluster`, so a cluster —
/// an emoji ZWJ sequence, a flag, a letter with its combining marks, a wide CJK
/// character — appears whole or not at all. Reading order is byte order (clusters are
/// sorted by offset, so a line drawn right to left is still revealed in logical order).
/// Hanging spaces and line feeds that the layout does not draw are not clusters here.
public struct RevealPage: Hashable, Sendable {
    /// Start offsets of the clusters, ascending.
    public private(set) var starts: [ByteOffset] = []
    /// End offsets of the clusters.
    public private(set) var ends: [ByteOffset] = []
    /// Cumulative cost: cluster `i` is shown once the page's progress reaches `due[i]`.
    /// Each cluster costs one unit plus the rhythm's pause before it; strictly increasing.
    public private(set) var due: [Double] = []
    /// Where the page starts (its first line's start).
    public let start: ByteOffset
    /// Where the page's text ends (its last line's end).
    public let end: ByteOffset

    /// Number of clusters.
    public var count: Int { starts.count }
    /// Progress at which the whole page is shown.
    public var total: Double { due.last ?? 0 }

    /// The page made of `lines` (top to bottom) of `content` laid out with `options`.
    public init(lines: [Line], content: TextContent, options: LayoutOptions, rhythm: RevealRhythm) {
        let start = lines.first?.start ?? .zero
        var placed: [(ByteRange, Bool, Bool)] = []   // range, isBlank, starts a block (first cluster of a block-start line)
        let tables = TableColumnCache()   // each table measured once a page, not once a row
        for (index, line) in lines.enumerated() {
            var first = true
            // Logical clusters of lines top to bottom: reading (byte) order, whatever the
            // display order of a right-to-left line.
            TextLayout.forEachLogicalCluster(of: line, in: content, options: options, tables: tables) { cluster in
                placed.append((cluster.range, cluster.isBlank, first && index > 0 && line.flags.contains(.blockStart)))
                first = false
            }
            // A soft line end stands for the space the layout hid: mark it with a blank.
            if !line.flags.contains(.blockEnd), !placed.isEmpty { placed.append((ByteRange(line.range.upperBound, line.range.upperBound), true, false)) }
        }
        self.init(placed: placed, start: start, end: lines.last.map { $0.range.upperBound } ?? start, content: content, rhythm: rhythm)
    }

    /// The page of clusters `placed` (range, blank, first of a block on the page; a blank
    /// with an empty range marks a soft line or column end), in reading order.
    init(placed: [(ByteRange, Bool, Bool)], start: ByteOffset, end: ByteOffset, content: TextContent, rhythm: RevealRhythm) {
        self.start = start
        self.end = end
        starts.reserveCapacity(placed.count)
        ends.reserveCapacity(placed.count)
        due.reserveCapacity(placed.count)
        var cost = 0.0
        var afterTerminator: Bool? = nil   // nil: no sentence end pending; else: full-width terminator?
        var pendingPause = 0.0
        content.bytes.withUnsafeBufferPointer { bytes in
            for (range, blank, blockStart) in placed {
                let isLineEndMarker = range.lowerBound == range.upperBound
                let last = isLineEndMarker ? nil : Self.lastScalar(bytes, range)
                if afterTerminator != nil, !blank, !blockStart, let last, RevealRhythm.isCloser(last) {
                    // A closing quote or bracket stays with its sentence, before the pause.
                    cost += 1
                    starts.append(range.lowerBound)
                    ends.append(range.upperBound)
                    due.append(cost)
                    continue
                }
                if let fullWidth = afterTerminator {
                    if isLineEndMarker || blank || fullWidth || blockStart { pendingPause = max(pendingPause, rhythm.sentencePause) }
                    afterTerminator = nil
                }
                if blockStart { pendingPause = max(pendingPause, rhythm.paragraphPause) }
                if isLineEndMarker { continue }
                cost += 1 + pendingPause
                pendingPause = 0
                starts.append(range.lowerBound)
                ends.append(range.upperBound)
                due.append(cost)
                if let last, RevealRhythm.isTerminator(last) {
                    afterTerminator = RevealRhythm.isFullWidthTerminator(last)
                }
            }
        }
    }

    /// The number of clusters shown at page progress `units`.
    public func count(atProgress units: Double) -> Int {
        due.partitioningIndex { $0 > units }
    }

    /// The number of clusters that start before `offset`.
    public func count(below offset: ByteOffset) -> Int {
        starts.partitioningIndex { $0 >= offset }
    }

    /// The revealed offset when the first `count` clusters are shown: the end of the last
    /// one (the page's start when none is).
    public func revealedOffset(count: Int) -> ByteOffset {
        count == 0 ? start : (count >= ends.count ? max(end, ends[ends.count - 1]) : ends[count - 1])
    }

    /// The progress at which the first `count` clusters have just been shown.
    public func progress(forCount count: Int) -> Double {
        count == 0 ? 0 : due[min(count, due.count) - 1]
    }

    private static func lastScalar(_ bytes: UnsafeBufferPointer<UInt8>, _ range: ByteRange) -> Unicode.Scalar? {
        let upper = range.upperBound.rawValue
        guard upper > range.lowerBound.rawValue else { return nil }
        if bytes[upper - 1] < 0x80 { return Unicode.Scalar(bytes[upper - 1]) }
        // Back up to the lead byte of the last scalar.
        var i = upper - 1
        while i > range.lowerBound.rawValue && bytes[i] & 0xC0 == 0x80 { i -= 1 }
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[i..<upper]).makeIterator()
        if case .scalarValue(let s) = decoder.decode(&iterator) { return s }
        return nil
    }
}
