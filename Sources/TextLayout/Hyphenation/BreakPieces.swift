/// The pieces of a run of text that total fit chooses line ends among: each piece ends at
/// a break opportunity (a segment's end, or a hyphenation point inside a word), with its
/// cumulative cells. `Demerits.bestBreaks` works on any of them.
protocol BreakPieces {
    /// Number of pieces.
    var count: Int { get }
    /// End offset of piece `i`, relative to the block slice.
    func end(_ i: Int) -> Int
    /// Cumulative cells at the start of piece `i`.
    func cellsStart(_ i: Int) -> Int
    /// Cumulative cells at the end of the last non-hanging cluster of piece `i` (its start
    /// when it has none).
    func visibleEnd(_ i: Int) -> Int
    /// Whether a line that ends after piece `i` shows a hyphen (one more cell).
    func endsWithHyphen(_ i: Int) -> Bool
}

/// Segments `run` of an analysis as pieces numbered from 0; a segment that ends with a
/// soft hyphen (U+00AD, a break opportunity of class BA) shows a hyphen when a line ends
/// there.
struct SegmentRun: BreakPieces {
    let seg: SegmentFitter.Segments
    let text: UnsafeBufferPointer<UInt8>
    let first: Int
    let count: Int
    /// Whether a segment of the run ends with a soft hyphen.
    let hasSoftHyphen: Bool

    /// The pieces of `run`; `softHyphens` false says that `text` holds none (no segment is
    /// then looked at for one).
    init(_ seg: SegmentFitter.Segments, _ run: ClosedRange<Int>, text: UnsafeBufferPointer<UInt8>, softHyphens: Bool = true) {
        self.seg = seg
        self.text = text
        first = run.lowerBound
        count = run.count
        hasSoftHyphen = softHyphens && run.contains { Self.endsWithSoftHyphen(text, seg.end($0)) }
    }

    /// Whether the bytes before `end` are U+00AD (C2 AD).
    @inline(__always) static func endsWithSoftHyphen(_ text: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
        end >= 2 && text[end - 1] == 0xAD && text[end - 2] == 0xC2
    }

    @inline(__always) func end(_ i: Int) -> Int { seg.end(first + i) }
    @inline(__always) func cellsStart(_ i: Int) -> Int { seg.cellsStart(first + i) }
    @inline(__always) func visibleEnd(_ i: Int) -> Int { seg.visibleEnd(first + i) }
    @inline(__always) func endsWithHyphen(_ i: Int) -> Bool { hasSoftHyphen && Self.endsWithSoftHyphen(text, end(i)) }
}
