import UnicodeData

/// The one tailoring of the word boundaries, for readers: a hyphen between two letters
/// joins them into one word ("e-mail", "well-known"), where UAX #29 alone breaks on both
/// sides of it. The hyphens are U+002D HYPHEN-MINUS, U+2010 HYPHEN and U+2011
/// NON-BREAKING HYPHEN; "letters" are ALetter and Hebrew_Letter (after WB4, so "é-a"
/// with a combining accent joins too). Digits do not join ("3-4" stays three segments).
enum WordTailoring {
    /// `boundaries` (scalar indices from the rules) without the two around each hyphen
    /// that stands alone between letters.
    static func joiningHyphens(_ boundaries: [Int], _ scalars: [SegmentationScalar],
                               _ utf8: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard boundaries.count > 3 else { return boundaries }
        var out: [Int] = []
        out.reserveCapacity(boundaries.count)
        var k = 0
        while k < boundaries.count {
            let b = boundaries[k]
            if k + 1 < boundaries.count, boundaries[k + 1] == b + 1,
               isHyphen(at: b, scalars, utf8), letter(before: b, scalars), letter(at: b + 1, scalars) {
                k += 2   // drop the boundaries before and after the hyphen
                continue
            }
            out.append(b)
            k += 1
        }
        return out
    }

    private static func isHyphen(at i: Int, _ scalars: [SegmentationScalar], _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = utf8.baseAddress, i < scalars.count else { return false }
        let value = UTF8Scalar.decode(p, scalars[i].offset, utf8.count).value
        return value == 0x2D || value == 0x2010 || value == 0x2011
    }

    /// Whether the effective character before scalar `i` (WB4: Extend, Format and ZWJ
    /// skipped) is a letter.
    private static func letter(before i: Int, _ scalars: [SegmentationScalar]) -> Bool {
        var k = i - 1
        while k >= 0 && WordBreakProperty(scalars[k].record).isIgnorable { k -= 1 }
        return k >= 0 && WordBreakProperty(scalars[k].record).isAHLetter
    }

    private static func letter(at i: Int, _ scalars: [SegmentationScalar]) -> Bool {
        i < scalars.count && WordBreakProperty(scalars[i].record).isAHLetter
    }
}
