import UnicodeData

/// The word boundary rules of UAX #29 (Unicode 15.0), WB1–WB999, untailored: the rules
/// `WordBreakTest.txt` checks. One pass over the code points; WB4 (ignore Extend, Format
/// and ZWJ after anything but sot, CR, LF and Newline) is kept as "the effective previous
/// character" in `WordBreakState`, and WB15/WB16 as the count of regional indicators
/// before the position.
enum WordBreakRules {
    /// The boundaries of `scalars` as scalar indices (`k`: before scalar `k`), from 0 to
    /// `scalars.count`; empty for no text.
    static func boundaries(_ scalars: [SegmentationScalar]) -> [Int] {
        guard !scalars.isEmpty else { return [] }
        var out = [0]                                   // WB1: sot ÷ Any
        var state = WordBreakState(first: WordBreakProperty(scalars[0].record))
        for i in 1..<scalars.count {
            if isBoundary(before: i, scalars, state) { out.append(i) }
            state.advance(to: i, WordBreakProperty(scalars[i].record))
        }
        out.append(scalars.count)                       // WB2: Any ÷ eot
        return out
    }

    /// Whether there is a boundary between scalars `i - 1` and `i`, `state` describing
    /// the text before `i`.
    @inline(__always)
    static func isBoundary(before i: Int, _ scalars: [SegmentationScalar], _ state: WordBreakState) -> Bool {
        let before = WordBreakProperty(scalars[i - 1].record)
        let cur = WordBreakProperty(scalars[i].record)
        if before == .cr && cur == .lf { return false }                        // WB3: CR × LF
        if before.isLineEnd { return true }                                     // WB3a: (Newline | CR | LF) ÷
        if cur.isLineEnd { return true }                                        // WB3b: ÷ (Newline | CR | LF)
        if before == .zwj && scalars[i].record.isExtendedPictographic { return false } // WB3c: ZWJ × \p{ExtPict}
        if before == .wSegSpace && cur == .wSegSpace { return false }           // WB3d: WSegSpace × WSegSpace
        if cur.isIgnorable { return false }                                     // WB4: X (Extend | Format | ZWJ)* → X
        return !joins(state, cur, next: { nextClass(after: i, scalars) })
    }

    /// WB5–WB16 on the effective characters (WB4 applied): whether `state.prev` and `cur`
    /// stay together. `next` is the effective character after `cur`, asked only by WB6,
    /// WB7b and WB12.
    @inline(__always)
    static func joins(_ state: WordBreakState, _ cur: WordBreakProperty,
                      next: () -> WordBreakProperty?) -> Bool {
        let prev = state.prev, before = state.beforePrev
        if prev.isAHLetter && cur.isAHLetter { return true }                    // WB5: AHLetter × AHLetter
        if prev.isAHLetter && cur.isMidLetterOrQ && next()?.isAHLetter == true { return true } // WB6
        if before?.isAHLetter == true && prev.isMidLetterOrQ && cur.isAHLetter { return true } // WB7
        if prev == .hebrewLetter && cur == .singleQuote { return true }        // WB7a: HL × Single_Quote
        if prev == .hebrewLetter && cur == .doubleQuote && next() == .hebrewLetter { return true } // WB7b
        if before == .hebrewLetter && prev == .doubleQuote && cur == .hebrewLetter { return true } // WB7c
        if prev == .numeric && cur == .numeric { return true }                 // WB8: Numeric × Numeric
        if prev.isAHLetter && cur == .numeric { return true }                  // WB9: AHLetter × Numeric
        if prev == .numeric && cur.isAHLetter { return true }                  // WB10: Numeric × AHLetter
        if before == .numeric && prev.isMidNumOrQ && cur == .numeric { return true } // WB11
        if prev == .numeric && cur.isMidNumOrQ && next() == .numeric { return true } // WB12
        if prev == .katakana && cur == .katakana { return true }               // WB13: Katakana × Katakana
        if cur == .extendNumLet
            && (prev.isAHLetter || prev == .numeric || prev == .katakana || prev == .extendNumLet) {
            return true                                                         // WB13a
        }
        if prev == .extendNumLet && (cur.isAHLetter || cur == .numeric || cur == .katakana) {
            return true                                                         // WB13b
        }
        if prev == .regionalIndicator && cur == .regionalIndicator && state.regionalIndicators % 2 == 1 {
            return true                                                         // WB15, WB16: (RI RI)* RI × RI
        }
        return false                                                            // WB999: Any ÷ Any
    }

    /// The effective character after scalar `i` (the next one that WB4 does not ignore).
    static func nextClass(after i: Int, _ scalars: [SegmentationScalar]) -> WordBreakProperty? {
        var k = i + 1
        while k < scalars.count {
            let c = WordBreakProperty(scalars[k].record)
            if !c.isIgnorable { return c }
            k += 1
        }
        return nil
    }
}

/// What the word rules remember of the text before a position, with WB4 applied.
struct WordBreakState {
    /// The effective previous character: the last one WB4 did not fold into the one before.
    var prev: WordBreakProperty
    /// The effective character before `prev`, if any.
    var beforePrev: WordBreakProperty?
    /// How many regional indicators end the effective text (WB15, WB16).
    var regionalIndicators: Int

    init(first: WordBreakProperty) {
        prev = first
        beforePrev = nil
        regionalIndicators = first == .regionalIndicator ? 1 : 0
    }

    /// Takes in the character at the position just decided. WB4 folds Extend, Format and
    /// ZWJ into the character before, unless that is CR, LF or Newline (then they stand
    /// alone, as at sot, where the first character always stands alone).
    @inline(__always)
    mutating func advance(to i: Int, _ cur: WordBreakProperty) {
        if cur.isIgnorable && !prev.isLineEnd { return }
        beforePrev = prev
        prev = cur
        regionalIndicators = cur == .regionalIndicator ? regionalIndicators + 1 : 0
    }
}
