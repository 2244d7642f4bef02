/// The bases of an open `<ruby>` waiting for their readings, paired as HTML's ruby model
/// says: each run of base text (bare text, or an `<rb>`) ends where the next `<rb>` or
/// `<rt>` starts and joins a queue; each `<rt>` takes the first base of the queue not yet
/// annotated. So `漢<rt>かん</rt>字<rt>じ</rt>` is two annotations, `漢字<rt>かんじ</rt>`
/// one, and `<rb>漢</rb><rb>字</rb><rt>かん</rt><rt>じ</rt>` pairs in order. Offsets are
/// byte offsets in the builder's text; the base text itself is appended as usual.
struct RubyCollector {
    /// Where the base text not yet queued starts (nil: none since the last `<rb>`/`<rt>`).
    private(set) var segmentStart: Int?
    /// Bases in order, `next` the first without a reading.
    private var bases: [Range<Int>] = []
    private var next = 0
    /// An `<rt>` of this ruby was seen: a later `<rtc>` (a second level) is ignored.
    var hasReadings = false

    /// Base text is about to be appended at `offset`.
    mutating func noteBaseText(at offset: Int) {
        if segmentStart == nil { segmentStart = offset }
    }

    /// Ends the base run being appended (at `end`, an `<rb>` or `<rt>` starts or an `<rb>`
    /// ends): it waits for a reading.
    mutating func endSegment(at end: Int) {
        guard let start = segmentStart else { return }
        segmentStart = nil
        if end > start { bases.append(start..<end) }
    }

    /// The first base waiting for a reading, if any.
    mutating func takeBase() -> Range<Int>? {
        guard next < bases.count else { return nil }
        next += 1
        return bases[next - 1]
    }

    /// The part of `base` a reading may annotate in `bytes`: inside the open block (from
    /// `blockStart`), after its last line break (a base never spans a `<br>`), without
    /// the spaces around it. Nil when nothing is left.
    static func annotatable(_ base: Range<Int>, in bytes: [UInt8], blockStart: Int?) -> Range<Int>? {
        guard let blockStart else { return nil }
        var lower = max(base.lowerBound, blockStart)
        var upper = min(base.upperBound, bytes.count)
        guard lower < upper else { return nil }
        var i = upper
        while i > lower {
            if bytes[i - 1] == 0x0A { lower = i; break }
            i -= 1
        }
        while lower < upper && isSpace(bytes[lower]) { lower += 1 }
        while upper > lower && isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower < upper ? lower..<upper : nil
    }

    @inline(__always) private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }
}
