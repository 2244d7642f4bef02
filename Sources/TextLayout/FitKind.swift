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

    /// The table for U+0000…U+FFFF (64 KiB), built once from the property table.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let t = UnsafeMutablePointer<UInt8>.allocate(capacity: 0x10000)
        let properties = UnicodeProperties.shared
        for cp in 0..<0x10000 {
            let r = properties.record(UInt32(cp)).raw
            let gcb = (r >> 6) & 0xF
            let w = UInt8((r >> 11) & 3)
            let kind: UInt8
            if gcb == 0 && (w == 1 || w == 2)
                && r & (RecordBits.extendedPictographic | RecordBits.emojiPresentation) == 0 {
                kind = base
            } else if gcb == 4 && w == 0 && cp != 0xFE0E && cp != 0xFE0F {
                kind = mark
            } else if (gcb == 1 || gcb == 2 || gcb == 3) && (w == 0 || w == 3) {
                // Zero-width controls only: the unassigned Default_Ignorable code points
                // (U+2065, U+FFF0…U+FFF8) are Control clusters with a cell (as in wcwidth),
                // which `GraphemeCursor` counts — they take the full rules.
                kind = control
            } else {
                kind = complex
            }
            t[cp] = kind << 2 | (kind == base ? w : 0)
        }
        return UnsafePointer(t)
    }()
}
