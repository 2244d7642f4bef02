import UnicodeData

/// The sentence boundary rules of UAX #29 (Unicode 15.0), SB1–SB998, untailored: the
/// rules `SentenceBreakTest.txt` checks. One pass over the code points; SB5 (ignore Extend
/// and Format after anything but sot and ParaSep) and the context "SATerm Close* Sp*"
/// that SB8–SB11 look back on are kept in `SentenceBreakState`, SB8's look-ahead in a
/// cached position, so the pass stays linear on any text.
enum SentenceBreakRules {
    /// The boundaries of `scalars` as scalar indices (`k`: before scalar `k`), from 0 to
    /// `scalars.count`; empty for no text.
    static func boundaries(_ scalars: [SegmentationScalar]) -> [Int] {
        guard !scalars.isEmpty else { return [] }
        var out = [0]                                   // SB1: sot ÷ Any
        var state = SentenceBreakState(first: SentenceBreakProperty(scalars[0].record))
        var lookAhead = LowerLookAhead()
        for i in 1..<scalars.count {
            if isBoundary(before: i, scalars, state, &lookAhead) { out.append(i) }
            state.advance(SentenceBreakProperty(scalars[i].record))
        }
        out.append(scalars.count)                       // SB2: Any ÷ eot
        return out
    }

    /// Whether there is a boundary between scalars `i - 1` and `i`.
    static func isBoundary(before i: Int, _ scalars: [SegmentationScalar], _ state: SentenceBreakState,
                           _ lookAhead: inout LowerLookAhead) -> Bool {
        let before = SentenceBreakProperty(scalars[i - 1].record)
        let cur = SentenceBreakProperty(scalars[i].record)
        if before == .cr && cur == .lf { return false }                        // SB3: CR × LF
        if before.isParaSep { return true }                                     // SB4: ParaSep ÷
        if cur.isIgnorable { return false }                                     // SB5: X (Extend | Format)* → X
        let prev = state.prev
        if prev == .aTerm && cur == .numeric { return false }                  // SB6: ATerm × Numeric
        if prev == .aTerm && cur == .upper
            && (state.beforePrev == .upper || state.beforePrev == .lower) {
            return false                                                        // SB7: (Upper | Lower) ATerm × Upper
        }
        guard let term = state.term else { return false }                      // SB998: Any × Any
        if term == .aTerm && lookAhead.findsLower(from: i, scalars) { return false } // SB8
        if cur == .sContinue || cur.isSATerm { return false }                  // SB8a: SATerm Close* Sp* × (SContinue | SATerm)
        if !state.sawSpace && (cur == .close || cur == .sp || cur.isParaSep) { return false } // SB9: SATerm Close* × (Close | Sp | ParaSep)
        if cur == .sp || cur.isParaSep { return false }                        // SB10: SATerm Close* Sp* × (Sp | ParaSep)
        return true                                                             // SB11: SATerm Close* Sp* ParaSep? ÷
    }
}

/// What the sentence rules remember of the text before a position, with SB5 applied.
struct SentenceBreakState {
    /// The effective previous character (the last one SB5 did not fold into the one before).
    var prev: SentenceBreakProperty
    /// The effective character before `prev`, if any (SB7).
    var beforePrev: SentenceBreakProperty?
    /// The SATerm of an effective text ending in "SATerm Close* Sp*", else nil (SB8–SB11).
    var term: SentenceBreakProperty?
    /// Whether that context has reached its Sp* (SB9 applies only before it).
    var sawSpace = false

    init(first: SentenceBreakProperty) {
        prev = first
        beforePrev = nil
        takeContext(first)
    }

    /// Takes in the character at the position just decided.
    @inline(__always)
    mutating func advance(_ cur: SentenceBreakProperty) {
        if cur.isIgnorable && !prev.isParaSep { return }   // SB5
        beforePrev = prev
        prev = cur
        takeContext(cur)
    }

    private mutating func takeContext(_ cur: SentenceBreakProperty) {
        switch cur {
        case .aTerm, .sTerm:
            term = cur
            sawSpace = false
        case .close where term != nil && !sawSpace:
            break
        case .sp where term != nil:
            sawSpace = true
        default:
            term = nil
        }
    }
}

/// SB8's look-ahead, `( ¬(OLetter | Upper | Lower | ParaSep | SATerm) )* Lower`: the first
/// code point at or after a position that ends it, remembered so that a long run of
/// spaces or closing marks scans the text after it once.
struct LowerLookAhead {
    private var stop = -1
    private var stopIsLower = false

    /// Whether the first code point from `i` on that ends the look-ahead is Lower. The
    /// skipped Extend and Format code points are not in the stop set, so SB5 needs nothing here.
    mutating func findsLower(from i: Int, _ scalars: [SegmentationScalar]) -> Bool {
        if stop < i {
            var k = i
            while k < scalars.count && !SentenceBreakProperty(scalars[k].record).endsLowerLookAhead { k += 1 }
            stop = k
            stopIsLower = k < scalars.count && SentenceBreakProperty(scalars[k].record) == .lower
        }
        return stopIsLower
    }
}
