/// The ruby bases of a slice walked in text order along its break opportunities, for the
/// analysis (`BlockAnalyzer`): which opportunities fall inside a base (the fitters never
/// break there, as `RubyUnits.suppressBreaks` removes them), and the cells the readings of
/// the bases passed so far add. One comparison an opportunity until the next base's start;
/// without bases, never more.
struct RubyBaseWalk {
    /// The units' words (`RubyUnits.words`: start, end, running sum a base).
    private let words: [Int]
    /// The first base that ends after the last offset passed.
    private var next = 0
    private var nextStart = Int.max
    private var nextEnd = Int.max
    /// The cells added by the bases that end at or before the last offset passed.
    private(set) var added = 0

    /// A walk over `units`' bases (none for nil).
    init(_ units: RubyUnits?) {
        words = units?.words ?? []
        if words.count >= 3 { nextStart = words[0]; nextEnd = words[1] }
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
    @inline(__always) private mutating func pass(_ offset: Int) {
        // Base k's words are at 3k: start, end, the cells added up to it.
        var k = 3 &* next
        while k < words.count && words[k &+ 1] <= offset { added = words[k &+ 2]; k &+= 3 }
        next = k / 3
        (nextStart, nextEnd) = k < words.count ? (words[k], words[k &+ 1]) : (Int.max, Int.max)
    }
}
