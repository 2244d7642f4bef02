import TextContent

/// The part of laying out one block slice that does not depend on the width: its
/// *segments* (the runs between consecutive UAX #14 break opportunities, cut at grapheme
/// cluster boundaries), whether each ends at a mandatory break, and their cell widths.
///
/// Made by `TextLayout.analyze` (or a `LayoutAnalysisCache`), turned into lines at any
/// width by `TextLayout.fit` — the same lines `TextLayout.layout` gives, byte for byte.
///
/// Storage is flat, one array: 12 bytes a segment (three `UInt32`: end offset with the
/// mandatory bit, cells from the slice start to the segment's end, cells to the end of its
/// last non-hanging cluster) plus 4 bytes a mandatory break, no per-segment objects. Widths are
/// *cumulative*, so a line is found with a galloping search instead of a walk.
///
/// Some slices keep no segments and are fitted by the exact fitter at every width
/// (`usesExactFitter`): those with a TAB (a tab's width depends on its column), those in
/// which a break opportunity falls inside a grapheme cluster (such as a space followed by
/// a combining mark, where the lazy fitter's result depends on the width in a way
/// segments cannot record), and those of 2 GiB or more.
public struct BlockAnalysis: Sendable {
    /// The block the slice belongs to.
    public let block: Block
    /// The analysed bytes: the part of `block.range` inside the laid-out range.
    public let range: ByteRange
    /// The line-break style the opportunities were found with.
    public let lineBreakStyle: LineBreakStyle
    /// Whether fitting walks the text again with the exact fitter (see the type's notes).
    public let usesExactFitter: Bool
    /// Three `UInt32` a segment: `(end << 1) | mandatory` (end relative to
    /// `range.lowerBound`), cells from the slice start to the end of the segment, cells from
    /// the slice start to the end of its last non-hanging cluster (the segment's start
    /// when it has none); then the indices of the segments that end at a mandatory break,
    /// ascending (the last segment is always one). One allocation a slice.
    let data: [UInt32]
    /// Number of segments (0 for slices fitted exactly).
    public let segmentCount: Int

    /// Bytes of segment data per segment.
    public static let bytesPerSegment = 3 * MemoryLayout<UInt32>.size
    /// Fixed cost counted for each analysis (the struct and the array header).
    static let overheadBytes = 96

    /// The segment words.
    var segments: ArraySlice<UInt32> { data[0..<(3 * segmentCount)] }
    /// The indices of the segments that end at a mandatory break.
    var mandatory: ArraySlice<UInt32> { data[(3 * segmentCount)...] }

    /// Approximate memory the analysis holds, in bytes (what `LayoutAnalysisCache` counts).
    public var byteCount: Int {
        Self.overheadBytes + data.capacity * MemoryLayout<UInt32>.size
    }

    /// Whether the slice starts after the start of its block (a range starting mid-block).
    var continuesBlock: Bool { range.lowerBound > block.range.lowerBound }

    init(block: Block, range: ByteRange, lineBreakStyle: LineBreakStyle, usesExactFitter: Bool,
         data: [UInt32], segmentCount: Int) {
        self.block = block
        self.range = range
        self.lineBreakStyle = lineBreakStyle
        self.usesExactFitter = usesExactFitter
        self.data = data
        self.segmentCount = segmentCount
    }
}
