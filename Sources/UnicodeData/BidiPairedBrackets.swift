import Support

/// Bidi_Paired_Bracket and Bidi_Paired_Bracket_Type (UAX #9 BD14–BD16, used by rule N0),
/// from the generated `Generated/BidiBracketTables.swift` (BidiBrackets.txt).
///
/// A lookup is a binary search over the 128 brackets; the bidi algorithm only asks for
/// characters whose Bidi_Class is ON.
public enum BidiPairedBrackets {
    /// Sorted code points of the brackets.
    @usableFromInline static let codePoints: [UInt32] = stride(from: 0, to: GeneratedBidiBracketTables.brackets.count, by: 3)
        .map { GeneratedBidiBracketTables.brackets[$0] }
    /// Paired bracket and type (in the low 2 bits: raw `BidiPairedBracketType`), same order.
    @usableFromInline static let pairs: [UInt32] = stride(from: 0, to: GeneratedBidiBracketTables.brackets.count, by: 3)
        .map { GeneratedBidiBracketTables.brackets[$0 + 1] << 2 | GeneratedBidiBracketTables.brackets[$0 + 2] }

    /// The Bidi_Paired_Bracket_Type of a code point (`.none` for all but 128 brackets).
    public static func type(of codePoint: UInt32) -> BidiPairedBracketType {
        guard let i = index(of: codePoint) else { return .none }
        return BidiPairedBracketType(rawValue: UInt8(pairs[i] & 3))!
    }

    /// The Bidi_Paired_Bracket of a code point: the bracket it pairs with, or nil.
    public static func pairedBracket(of codePoint: UInt32) -> UInt32? {
        guard let i = index(of: codePoint) else { return nil }
        return pairs[i] >> 2
    }

    /// Both properties at once: (paired bracket, type), or nil for a non-bracket.
    @inlinable
    public static func lookup(_ codePoint: UInt32) -> (pair: UInt32, type: BidiPairedBracketType)? {
        guard let i = index(of: codePoint) else { return nil }
        let p = pairs[i]
        return (p >> 2, p & 3 == 1 ? .open : .close)
    }

    /// The canonical form used to match brackets (UAX #9 BD16 compares canonical
    /// equivalents): U+2329 and U+232A decompose to U+3008 and U+3009.
    @inlinable
    public static func canonical(_ codePoint: UInt32) -> UInt32 {
        switch codePoint {
        case 0x2329: return 0x3008
        case 0x232A: return 0x3009
        default: return codePoint
        }
    }

    @usableFromInline
    static func index(of codePoint: UInt32) -> Int? {
        codePoints.withUnsafeBufferPointer { keys in
            let low = keys.partitioningIndex { $0 >= codePoint }
            return low < keys.count && keys[low] == codePoint ? low : nil
        }
    }
}
