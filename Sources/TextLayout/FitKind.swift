import UnicodeData

/// What the fitter's scalar-sum walk may do with each BMP code point: `(kind << 2) | width`.
enum FitKind {
    /// Grapheme_Cluster_Break Other with a width of 1 or 2, not an emoji: a cluster base.
    static let base: UInt8 = 0
    /// A zero-width Extend mark (not a variation selector): joins the base before it.
    static let mark: UInt8 = 1
    /// CR, LF or Control: a cluster of its own.
    static let control: UInt8 = 2
    /// Anything that needs the full UAX #29 rules or cluster-width rules.
    static let complex: UInt8 = 3

    /// The table for U+0000…U+FFFF (64 KiB), generated with the property tables
    /// (`FitKindTable`; `FitKindTests` checks it against these rules).
    static var table: UnsafePointer<UInt8> { FitKindTable.bmp }
}
