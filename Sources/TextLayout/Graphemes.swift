import UnicodeData

/// UAX #29 extended grapheme clusters (Unicode 15.0) of a whole string.
///
/// `boundaries(in:)` is the *reference* implementation: it evaluates the rules one by
/// one, in the spec's order, with the spec's regular expressions for GB11–GB13 read
/// backwards over the code points. It is independent of `GraphemeCursor`'s compiled
/// state machine (they share only the pair-rule data), so the tests can check each
/// against the other as well as against `GraphemeBreakTest.txt`. Use `GraphemeCursor`
/// in hot paths.
public enum Graphemes {
    /// UAX #29 extended grapheme cluster boundaries as UTF-8 offsets, including 0 and text.utf8.count.
    ///
    /// The empty string has the single boundary 0.
    public static func boundaries(in text: String) -> [Int] {
        var classes: [GraphemeClusterBreak] = []
        var pictographic: [Bool] = []
        var offsets: [Int] = []        // UTF-8 offset of each code point
        var offset = 0
        for scalar in text.unicodeScalars {
            let record = UnicodeProperties.shared.record(scalar)
            classes.append(record.graphemeBreak)
            pictographic.append(record.isExtendedPictographic)
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        var result = [0]                                         // GB1
        for i in 1..<max(classes.count, 1) where isBoundary(between: i - 1, and: i, classes, pictographic) {
            result.append(offsets[i])
        }
        if offset > 0 { result.append(offset) }                  // GB2
        return result
    }

    /// Whether UAX #29 breaks between code points `i` and `j = i + 1`.
    static func isBoundary(between i: Int, and j: Int,
                           _ classes: [GraphemeClusterBreak], _ pictographic: [Bool]) -> Bool {
        let before = classes[i], after = classes[j]
        let rule = GraphemeRules.pairRule(before, after)
        if rule.action == .keep || rule.rule != "GB999" { return rule.action == .split }
        // GB11: \p{Extended_Pictographic} Extend* ZWJ × \p{Extended_Pictographic}
        if before == .zwj && pictographic[j] {
            var k = i - 1
            while k >= 0 && classes[k] == .extend { k -= 1 }
            if k >= 0 && pictographic[k] { return false }
        }
        // GB12: sot (RI RI)* RI × RI;  GB13: [^RI] (RI RI)* RI × RI
        if before == .regionalIndicator && after == .regionalIndicator {
            var run = 0
            var k = i
            while k >= 0 && classes[k] == .regionalIndicator { run += 1; k -= 1 }
            if run % 2 == 1 { return false }
        }
        return true                                              // GB999
    }
}
