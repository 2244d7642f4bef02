import UnicodeData

/// The terminal cell width of one extended grapheme cluster, accumulated code point by
/// code point as `GraphemeCursor` walks the cluster.
///
/// The rules (docs/UNICODE.md, "Cluster width"):
/// 1. The *base* is the first code point of the cluster whose own width
///    (`CellWidth.of(_:)`) is not 0; the cluster has the base's width…
/// 2. …except that these are 2: an emoji presentation sequence (an `Emoji=Yes` base
///    followed by U+FE0F VARIATION SELECTOR-16, keycaps included), an emoji ZWJ sequence
///    (GB11 joined two pictographs), a regional-indicator pair (a flag, GB12/GB13) and an
///    emoji modifier sequence (any cluster holding U+1F3FB..U+1F3FF).
/// 3. U+FE0E (text presentation) never changes the width: a text-default emoji stays 1,
///    an emoji-default (East Asian Wide) one stays 2, as terminals draw it.
/// 4. A cluster without a base: 1 if it starts with a visible combining mark (General
///    Category Mn, Me or Mc, or a Hangul medial vowel / final consonant, and not
///    Default_Ignorable) — the mark gets a cell of its own, as on a dotted circle;
///    otherwise 0 (controls, format characters, lone variation selectors or ZWJ).
///
/// Hangul L+V(+T) sequences need no rule: the leading consonant is East Asian Wide (2)
/// and the vowels and finals are 0.
@usableFromInline
struct ClusterWidth {
    /// Width of the base so far (0: no base yet).
    @usableFromInline var base: UInt32
    /// The base's packed record (for its Emoji property).
    @usableFromInline var baseRecord: UInt32
    /// The first code point's record (rule 4).
    @usableFromInline let firstRecord: UInt32
    /// Set by rule 2.
    @usableFromInline var wide: Bool = false

    @inlinable @inline(__always)
    init(first value: UInt32, record: UInt32) {
        let w = (record >> 11) & 3
        base = w == 3 ? 0 : w               // controls: 0, they are clusters of their own
        baseRecord = record
        firstRecord = record
        if value &- 0x1F3FB < 5 { wide = true }
    }

    /// Adds a code point that GB3–GB13 kept in the cluster.
    @inlinable @inline(__always)
    mutating func add(_ value: UInt32, record: UInt32, graphemeBreak cls: UInt32) {
        if base == 0 {
            let w = (record >> 11) & 3
            if w != 0 { base = w == 3 ? 0 : w; baseRecord = record }
            if value &- 0x1F3FB < 5 { wide = true }
        } else if cls == RecordBits.extend {
            if value == 0xFE0F {
                if baseRecord & RecordBits.emoji != 0 { wide = true }   // emoji presentation sequence
            } else if value &- 0x1F3FB < 5 {
                wide = true                                             // emoji modifier sequence
            }
        }
    }

    /// GB11 joined two pictographs: an emoji ZWJ sequence.
    @inlinable @inline(__always)
    mutating func joinedEmoji() { wide = true }

    /// GB12/GB13 paired two regional indicators: a flag.
    @inlinable @inline(__always)
    mutating func joinedRegionalIndicators() { wide = true }

    /// The cluster's width: 0, 1 or 2.
    @inlinable @inline(__always)
    var value: Int {
        if wide { return 2 }
        if base != 0 { return Int(base) }
        return ClusterWidth.isVisibleMark(firstRecord) ? 1 : 0
    }

    /// The width of a cluster of one code point (the same as `init(first:record:)` then
    /// `value`: a lone emoji modifier is already 2 in the table).
    @inlinable @inline(__always)
    static func single(_ record: UInt32) -> Int {
        let w = (record >> 11) & 3
        if w &- 1 < 2 { return Int(w) }
        if w == 3 { return 0 }
        return isVisibleMark(record) ? 1 : 0
    }

    /// Rule 4: a combining mark (or Hangul V/T jamo) that shows a glyph when alone.
    @inlinable
    static func isVisibleMark(_ record: UInt32) -> Bool {
        if record & RecordBits.defaultIgnorable != 0 { return false }
        let gc = (record >> 23) & 0x1F
        if gc >= RecordBits.mn && gc <= RecordBits.me { return true }   // Mn, Mc, Me
        let cls = (record >> 6) & 0xF
        return cls == RecordBits.hangulV || cls == RecordBits.hangulT
    }
}
