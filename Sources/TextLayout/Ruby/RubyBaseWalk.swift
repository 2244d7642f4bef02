/// The ruby bases of a slice walked in text order along its break opportunities, for the
/// analysis (`BlockAnalyzer`): which opportunities fall inside a base (the fitters never
/// break there, as `RubyUnits.suppressBreaks` removes them), and the cells the readings of
/// the bases passed so far add. One comparison an opportunity until the next base's start;
/// without bases, never more.
struct RubyBaseWalk {
    private let starts: [Int]
    private let ends: [Int]
    private let cumulative: [Int]
    /// The first base that ends after the last offset passed.
    private var next = 0
    private var nextStart = Int.max
    private var nextEnd = Int.max
    /// The cells added by the bases that end at or before the last offset passed.
    private(set) var added = 0

    /// A walk over `units`' bases (none for nil).
    init(_ units: RubyUnits?) {
        starts = units?.starts ?? []
        ends = units?.ends ?? []
        cumulative = units?.cumulative ?? []
        if let first = starts.first { nextStart = first; nextEnd = ends[0] }
    }

    /// Whether `entry` (`(offset << 1) | mandatory`) is a soft opportunity strictly inside
    /// a base; passes the bases that end at or before its offset first. Offsets come in
    /// ascending order (one may come again).
    @inline(__always) mutating func skips(_ entry: Int) -> Bool {
        let offset = entry >> 1
        guard offset > nextStart else { return false }
        if offset >= nextEnd {
            pass(offset)
            if offset <= nextStart { return false }
        }
        return entry & 1 == 0
    }

    /// Moves past the bases that end at or before `offset`.
    private mutating func pass(_ offset: Int) {
        while next < ends.count && ends[next] <= offset { next += 1 }
        added = cumulative[next]
        (nextStart, nextEnd) = next < ends.count ? (starts[next], ends[next]) : (Int.max, Int.max)
    }
}
