/// The pieces of a run of text that total fit chooses line ends among: each piece ends at
/// a break opportunity (a segment's end, or a hyphenation point inside a word), with its
/// cumulative cells. `Demerits.bestBreaks` works on any of them.
protocol BreakPieces {
    /// Number of pieces.
    var count: Int { get }
    /// Cumulative cells at the start of piece `i`.
    func cellsStart(_ i: Int) -> Int
    /// Cumulative cells at the end of the last non-hanging cluster of piece `i` (its start
    /// when it has none).
    func visibleEnd(_ i: Int) -> Int
    /// Whether a line that ends after piece `i` shows a hyphen (one more cell).
    func endsWithHyphen(_ i: Int) -> Bool
}

extension SegmentFitter.Segments: BreakPieces {
    /// Segments end at break opportunities, never inside a word.
    @inline(__always) func endsWithHyphen(_ i: Int) -> Bool { false }
}

/// Segments `run` of an analysis as pieces numbered from 0.
struct SegmentRun: BreakPieces {
    let seg: SegmentFitter.Segments
    let first: Int
    let count: Int

    init(_ seg: SegmentFitter.Segments, _ run: ClosedRange<Int>) {
        self.seg = seg
        first = run.lowerBound
        count = run.count
    }

    @inline(__always) func cellsStart(_ i: Int) -> Int { seg.cellsStart(first + i) }
    @inline(__always) func visibleEnd(_ i: Int) -> Int { seg.visibleEnd(first + i) }
    @inline(__always) func endsWithHyphen(_ i: Int) -> Bool { false }
}
