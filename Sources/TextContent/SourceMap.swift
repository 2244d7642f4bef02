import Support

/// Where a piece of text came from in the original file.
public struct SourceLocation: Hashable, Sendable {
    /// EPUB entry path inside the container (e.g. `OEBPS/ch01.xhtml`), or the TXT file name.
    public var path: String
    /// Byte offset in that entry / file, in its original encoding.
    public var offset: Int
    /// `true` when `offset` is exact; `false` when it is the start of the enclosing
    /// source span (the text was transformed, e.g. decoded from GBK or an entity).
    public var isExact: Bool
}

/// Maps `TextContent` offsets back to source locations in O(log n).
///
/// The map is a sorted list of anchors `(contentOffset → source, sourceOffset)`. An anchor
/// marked *linear* says the bytes that follow were copied verbatim, so the source offset
/// advances with the content offset until the next anchor.
public struct SourceMap: Sendable, Hashable {
    /// Source names (EPUB entry paths or the TXT file name), indexed by `sourceIndex`.
    public private(set) var sources: [String] = []
    private var contentOffsets: [Int] = []
    private var sourceIndices: [UInt32] = []
    private var sourceOffsets: [Int] = []
    private var linear: [Bool] = []

    /// An empty map.
    public init() {}

    /// Rebuilds a map from `sources` and the parallel anchor arrays of `rawAnchors` (for
    /// caches that serialise a map). Nil when they are inconsistent: arrays of different
    /// lengths, content offsets negative or not strictly increasing, or a source index out
    /// of range.
    public init?(sources: [String], contentOffsets: [Int], sourceIndices: [UInt32], sourceOffsets: [Int], linear: [Bool]) {
        let n = contentOffsets.count
        guard sourceIndices.count == n, sourceOffsets.count == n, linear.count == n else { return nil }
        var previous = -1
        for i in 0..<n {
            guard contentOffsets[i] > previous, Int(sourceIndices[i]) < sources.count else { return nil }
            previous = contentOffsets[i]
        }
        self.sources = sources
        self.contentOffsets = contentOffsets
        self.sourceIndices = sourceIndices
        self.sourceOffsets = sourceOffsets
        self.linear = linear
    }

    /// The anchors as parallel arrays, in content order (for caches that serialise a map;
    /// `init?(sources:contentOffsets:sourceIndices:sourceOffsets:linear:)` rebuilds it).
    public var rawAnchors: (contentOffsets: [Int], sourceIndices: [UInt32], sourceOffsets: [Int], linear: [Bool]) {
        (contentOffsets, sourceIndices, sourceOffsets, linear)
    }

    /// Number of anchors.
    public var count: Int { contentOffsets.count }

    /// Returns the index of `name` in `sources`, adding it if needed.
    public mutating func sourceIndex(for name: String) -> Int {
        if let last = sources.last, last == name { return sources.count - 1 }
        if let i = sources.firstIndex(of: name) { return i }
        sources.append(name)
        return sources.count - 1
    }

    /// Adds an anchor. Anchors must be added in non-decreasing content order; an anchor at
    /// the same content offset as the previous one replaces it.
    public mutating func addAnchor(content: ByteOffset, source: Int, sourceOffset: Int, linear isLinear: Bool) {
        if let last = contentOffsets.last {
            precondition(content.rawValue >= last, "SourceMap anchors must be added in order")
            if last == content.rawValue {
                let i = contentOffsets.count - 1
                sourceIndices[i] = UInt32(source)
                sourceOffsets[i] = sourceOffset
                linear[i] = isLinear
                return
            }
        }
        contentOffsets.append(content.rawValue)
        sourceIndices.append(UInt32(source))
        sourceOffsets.append(sourceOffset)
        linear.append(isLinear)
    }

    /// Drops the anchors after `offset`: their text was taken back (a block's trailing
    /// spaces trimmed after an anchor inside them).
    public mutating func removeAnchors(after offset: ByteOffset) {
        while let last = contentOffsets.last, last > offset.rawValue {
            contentOffsets.removeLast()
            sourceIndices.removeLast()
            sourceOffsets.removeLast()
            linear.removeLast()
        }
    }

    /// The source location of a content offset, or `nil` when no anchor precedes it.
    public func location(of offset: ByteOffset) -> SourceLocation? {
        // The last anchor with contentOffset <= offset.
        let after = contentOffsets.partitioningIndex { $0 > offset.rawValue }
        guard after > 0 else { return nil }
        let i = after - 1
        let delta = offset.rawValue - contentOffsets[i]
        let isLinear = linear[i]
        return SourceLocation(path: sources[Int(sourceIndices[i])],
                              offset: sourceOffsets[i] + (isLinear ? delta : 0),
                              isExact: isLinear || delta == 0)
    }

    /// The content offset of the first anchor from the source `name` (where that
    /// document's text starts), nil when no anchor comes from it. Linear in the anchors.
    public func firstOffset(ofSource name: String) -> ByteOffset? {
        guard let source = sources.firstIndex(of: name) else { return nil }
        let wanted = UInt32(source)
        guard let i = sourceIndices.firstIndex(of: wanted) else { return nil }
        return ByteOffset(contentOffsets[i])
    }

    /// Appends another map whose content offsets start at `base` in this one.
    public mutating func append(_ other: SourceMap, shiftedBy base: Int) {
        var remap: [Int] = []
        for s in other.sources { remap.append(sourceIndex(for: s)) }
        for i in 0..<other.contentOffsets.count {
            addAnchor(content: ByteOffset(other.contentOffsets[i] + base),
                      source: remap[Int(other.sourceIndices[i])],
                      sourceOffset: other.sourceOffsets[i], linear: other.linear[i])
        }
    }
}
