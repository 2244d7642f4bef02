import UnicodeData

/// Hot-path iterator over the extended grapheme clusters (UAX #29, Unicode 15.0) of valid
/// UTF-8, yielding each cluster's end offset and terminal cell width.
///
/// The layout engine walks every grapheme of a book with it, so `next()` is built for
/// speed: a two-byte ASCII fast path, inline UTF-8 decoding, one two-stage table lookup
/// per code point (`UnicodeProperties.record`) and a compiled pair matrix
/// (`GraphemeRules.noBreak`). The code point that ends a cluster has already been
/// decoded and looked up, so it is kept as a one-entry look-ahead for the next call.
///
/// Widths follow `ClusterWidth` (documented in docs/UNICODE.md). `start` must be a
/// cluster boundary (0, or an offset this cursor or `Graphemes.boundaries` returned).
/// The buffer must outlive the cursor.
public struct GraphemeCursor {
    @usableFromInline let base: UnsafePointer<UInt8>
    @usableFromInline let count: Int
    @usableFromInline var offset: Int
    @usableFromInline let properties: UnicodeProperties
    @usableFromInline let noBreak: UnsafePointer<UInt16>
    // One-entry look-ahead: the code point at `aheadOffset`, already decoded.
    @usableFromInline var aheadOffset: Int = -1
    @usableFromInline var aheadValue: UInt32 = 0
    @usableFromInline var aheadRecord: UInt32 = 0
    @usableFromInline var aheadLength: Int = 0

    /// Creates a cursor over `bytes` (valid UTF-8) positioned at the boundary `start`.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int = 0) {
        precondition(start >= 0 && start <= bytes.count, "GraphemeCursor start out of range")
        base = bytes.baseAddress ?? GraphemeCursor.emptyBytes
        count = bytes.count
        offset = start
        properties = UnicodeProperties.shared
        noBreak = GraphemeRules.noBreak
    }

    @usableFromInline nonisolated(unsafe) static let emptyBytes: UnsafePointer<UInt8> = {
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        p.initialize(to: 0)
        return UnsafePointer(p)
    }()

    /// The UTF-8 offset of the next cluster (the end of the last one returned).
    @inlinable public var position: Int { offset }

    /// Moves the cursor to `position`, which must be a cluster boundary (the caller
    /// skipped clusters it measured itself, e.g. a run of ASCII).
    @inlinable public mutating func move(to position: Int) {
        offset = position
        aheadOffset = -1
    }

    /// Advances over one extended grapheme cluster; returns its end offset and its cell
    /// width (0, 1 or 2), or nil at the end.
    @inlinable @inline(__always)
    public mutating func next() -> (end: Int, width: Int)? {
        let i = offset
        if i >= count { return nil }
        let b0 = base[i]
        if b0 < 0x80 {
            let j = i &+ 1
            // ASCII followed by ASCII (or the end): a one-byte cluster (GB4, GB5, GB999:
            // no ASCII byte is Extend, ZWJ, SpacingMark or Prepend), except CR LF (GB3).
            if j == count || base[j] < 0x80 {
                if b0 &- 0x20 < 0x5F { offset = j; return (j, 1) }
                if b0 == 0x0D && j < count && base[j] == 0x0A { offset = j &+ 1; return (j &+ 1, 0) }
                offset = j
                return (j, 0)
            }
        }
        return nextCluster(i)
    }

    /// The non-ASCII path, inlined into the caller: one-code-point clusters (all of CJK
    /// text, most of any text) finish here; longer ones go on in `longCluster`.
    @inlinable @inline(__always)
    mutating func nextCluster(_ start: Int) -> (end: Int, width: Int) {
        let properties = self.properties, noBreak = self.noBreak, base = self.base, count = self.count
        var i = start
        let value: UInt32
        let record: UInt32
        if aheadOffset == i {
            value = aheadValue; record = aheadRecord; i &+= aheadLength
        } else {
            let d = UTF8Scalar.decode(base, i, count)
            value = d.value; record = properties.record(d.value).raw; i &+= d.length
        }
        if i >= count {                                          // GB2
            offset = i
            return (i, ClusterWidth.single(record))
        }
        let d = UTF8Scalar.decode(base, i, count)
        let r = properties.record(d.value).raw
        let cls = (r >> 6) & 0xF
        let previous = (record >> 6) & 0xF
        // The common case: a one-code-point cluster. Only GB12/GB13 can join a pair the
        // matrix splits here (GB11 needs a pictograph before the ZWJ).
        if (UInt32(noBreak[Int(previous)]) >> cls) & 1 == 0
            && !(previous == RecordBits.regionalIndicator && cls == RecordBits.regionalIndicator) {
            aheadOffset = i; aheadValue = d.value; aheadRecord = r; aheadLength = d.length
            offset = i
            return (i, ClusterWidth.single(record))
        }
        return longCluster(i, value, record, d.value, d.length, r)
    }

    /// A cluster of two or more code points: `value`/`record` is its first, the one at
    /// `i` (`value2`, `length2`, `r`) is known to stay in it or to be judged by GB11–GB13.
    @inlinable @inline(never)
    mutating func longCluster(_ i: Int, _ value: UInt32, _ record: UInt32,
                              _ value2: UInt32, _ length2: Int, _ r2: UInt32) -> (end: Int, width: Int) {
        let properties = self.properties, noBreak = self.noBreak, base = self.base, count = self.count
        var i = i
        var d = (value: value2, length: length2)
        var r = r2
        var cls = (r >> 6) & 0xF
        var previous = (record >> 6) & 0xF
        var width = ClusterWidth(first: value, record: record)
        // GB11 state: 1 after ExtPict Extend*, 2 after ExtPict Extend* ZWJ.
        var emoji: UInt32 = (record >> 10) & 1
        // GB12/GB13 state: number of regional indicators so far, mod 2.
        var regional: UInt32 = previous == RecordBits.regionalIndicator ? 1 : 0
        while true {
            if (UInt32(noBreak[Int(previous)]) >> cls) & 1 == 0 {
                if previous == RecordBits.zwj && emoji == 2 && r & RecordBits.extendedPictographic != 0
                    && cls == RecordBits.other {
                    width.joinedEmoji()                         // GB11
                } else if previous == RecordBits.regionalIndicator && cls == RecordBits.regionalIndicator
                    && regional == 1 {
                    width.joinedRegionalIndicators()            // GB12, GB13
                } else {
                    aheadOffset = i; aheadValue = d.value; aheadRecord = r; aheadLength = d.length
                    break                                       // GB4, GB5, GB999
                }
            }
            if r & RecordBits.extendedPictographic != 0 {
                emoji = 1
            } else if cls == RecordBits.extend {
                emoji = emoji == 1 ? 1 : 0
            } else {
                emoji = (cls == RecordBits.zwj && emoji == 1) ? 2 : 0
            }
            regional = cls == RecordBits.regionalIndicator ? regional ^ 1 : 0
            width.add(d.value, record: r, graphemeBreak: cls)
            previous = cls
            i &+= d.length
            if i >= count { break }                             // GB2
            d = UTF8Scalar.decode(base, i, count)
            r = properties.record(d.value).raw
            cls = (r >> 6) & 0xF
        }
        offset = i
        return (i, width.value)
    }
}

/// Bit masks and values of the packed `PropertyRecord` (see Tools/unicode/generate.py).
@usableFromInline
enum RecordBits {
    @usableFromInline static let extendedPictographic: UInt32 = 1 << 10
    @usableFromInline static let emoji: UInt32 = 1 << 17
    @usableFromInline static let emojiPresentation: UInt32 = 1 << 16
    @usableFromInline static let defaultIgnorable: UInt32 = 1 << 28
    // Grapheme_Cluster_Break raw values (bits 6–9).
    @usableFromInline static let other: UInt32 = 0
    @usableFromInline static let extend: UInt32 = 4
    @usableFromInline static let zwj: UInt32 = 5
    @usableFromInline static let regionalIndicator: UInt32 = 6
    @usableFromInline static let hangulV: UInt32 = 10
    @usableFromInline static let hangulT: UInt32 = 11
    // General_Category raw values (bits 23–27).
    @usableFromInline static let mn: UInt32 = 6
    @usableFromInline static let me: UInt32 = 8
}
