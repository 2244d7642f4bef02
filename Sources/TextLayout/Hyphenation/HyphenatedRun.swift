/// A run of segments with some of its words cut at their hyphenation points: the pieces
/// total fit chooses among when `LayoutOptions.hyphenation` is set.
///
/// Only the words that can help are asked (`OptimalFitter` picks them around the loose
/// lines of a first pass without hyphenation): each is the segment's letters (leading and
/// trailing punctuation left out), given to the hyphenator; a point is kept only at a
/// grapheme cluster boundary. The pieces of a word end at its points (a line ending there
/// shows a hyphen); the last piece is the rest of the segment, spaces included.
struct HyphenatedRun: BreakPieces {
    private var ends: [Int] = []
    private var starts: [Int] = []     // cumulative cells at each piece's start
    private var visibles: [Int] = []
    private var hyphens: [Bool] = []
    /// The segment each piece belongs to (absolute index).
    private(set) var segments: [Int] = []

    var count: Int { ends.count }
    func end(_ i: Int) -> Int { ends[i] }
    func cellsStart(_ i: Int) -> Int { starts[i] }
    func visibleEnd(_ i: Int) -> Int { visibles[i] }
    func endsWithHyphen(_ i: Int) -> Bool { hyphens[i] }

    /// The pieces of `run`, the segments in `words` cut at their hyphenation points; nil
    /// when none of them has one.
    init?(_ seg: SegmentFitter.Segments, _ run: ClosedRange<Int>, text: UnsafeBufferPointer<UInt8>,
          words: WordMarks, hyphenation: HyphenationSetting, languages: SliceLanguages = SliceLanguages([], base: 0)) {
        var cut = false
        var points: [Int] = []
        ends.reserveCapacity(run.count + 2 * words.marked)
        starts.reserveCapacity(run.count + 2 * words.marked)
        visibles.reserveCapacity(run.count + 2 * words.marked)
        for s in run {
            let start = seg.start(s), end = seg.end(s)
            points.removeAll(keepingCapacity: true)
            if words.contains(s), let (hyphenator, memo) = hyphenation.hyphenator(forLanguage: languages.tag(at: start)) {
                Self.points(in: text, start..<end, hyphenator: hyphenator, memo: memo, into: &points)
            }
            var cells = seg.cellsStart(s)
            var at = start
            if !points.isEmpty {
                cut = walk(seg, s, text: text, points: points, cells: &cells, at: &at) || cut
            }
            append(end: end, start: cells, visible: seg.visibleEnd(s), hyphen: SegmentRun.endsWithSoftHyphen(text, end), segment: s)
        }
        guard cut else { return nil }
    }

    /// Appends the pieces of segment `s` up to each of its `points` (kept only on a
    /// cluster boundary); `cells` and `at` end at the last one. Whether one was kept.
    private mutating func walk(_ seg: SegmentFitter.Segments, _ s: Int, text: UnsafeBufferPointer<UInt8>, points: [Int],
                               cells: inout Int, at: inout Int) -> Bool {
        let start = seg.start(s), end = seg.end(s)
        var kept = false
        var cursor = GraphemeCursor(UnsafeBufferPointer(rebasing: text[start..<end]))
        var w = 0            // cells from the current piece's start (`cells`) to `reached`
        var reached = at
        for p in points {
            // Walk the clusters up to the point; keep it only on a cluster boundary. A point
            // inside a cluster is dropped: its clusters stay in the current piece (found by
            // fuzz-layout: they were counted as the start of the next piece, so a line ending
            // after it was measured short).
            while reached < p, let (next, width) = cursor.next() {
                reached = start + next
                w += width
            }
            guard reached == p else { continue }
            append(end: p, start: cells, visible: cells + w, hyphen: true, segment: s)
            cells += w
            w = 0
            at = p
            kept = true
        }
        return kept
    }

    private mutating func append(end: Int, start: Int, visible: Int, hyphen: Bool, segment: Int) {
        ends.append(end)
        starts.append(start)
        visibles.append(max(start, visible))
        hyphens.append(hyphen)
        segments.append(segment)
    }

    /// The hyphenation points of the word in `range` of `text` (slice offsets): its letters
    /// without the punctuation and spaces around them.
    static func points(in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hyphenator: any WordHyphenating,
                       memo: HyphenationMemo, into points: inout [Int]) {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, !isLetter(startingAt: lower, in: text) { lower = next(after: lower, in: text) }
        while upper > lower, !isLetter(endingAt: upper, in: text) { upper = previous(before: upper, in: text) }
        guard upper - lower >= 4 else { return }
        var found: [Int] = []
        memo.points(in: UnsafeBufferPointer(rebasing: text[lower..<upper]), hyphenator: hyphenator, into: &found)
        for p in found where p > 0 && p < upper - lower { points.append(lower + p) }
    }

    private static func scalar(at i: Int, in text: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        Unicode.Scalar(UTF8Scalar.decode(text.baseAddress!, i, text.count).value) ?? "\u{FFFD}"
    }

    private static func isLetter(startingAt i: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let b = text[i]
        if b < 0x80 { return (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }   // ASCII: a–z, A–Z
        return scalar(at: i, in: text).properties.isAlphabetic
    }

    private static func isLetter(endingAt i: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        isLetter(startingAt: previous(before: i, in: text), in: text)
    }

    private static func next(after i: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var j = i + 1
        while j < text.count && text[j] & 0xC0 == 0x80 { j += 1 }
        return j
    }

    private static func previous(before i: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var j = i - 1
        while j > 0 && text[j] & 0xC0 == 0x80 { j -= 1 }
        return j
    }
}
