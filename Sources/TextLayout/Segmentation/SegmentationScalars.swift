import UnicodeData

/// One decoded code point of a text being segmented: where it starts and its UAX #29
/// properties.
struct SegmentationScalar {
    /// Byte offset of its first byte in the buffer.
    var offset: Int
    /// Its word and sentence break properties.
    var record: SegmentationRecord
}

enum SegmentationScalars {
    /// Decodes `utf8` into its code points with their records. Malformed bytes decode one
    /// at a time as U+FFFD (`UTF8Scalar.decode`), so every byte belongs to one code point.
    static func decode(_ utf8: UnsafeBufferPointer<UInt8>) -> [SegmentationScalar] {
        guard let p = utf8.baseAddress, !utf8.isEmpty else { return [] }
        let table = SegmentationTable.shared
        var out: [SegmentationScalar] = []
        out.reserveCapacity(utf8.count)
        var i = 0
        let end = utf8.count
        while i < end {
            let (value, length) = UTF8Scalar.decode(p, i, end)
            out.append(SegmentationScalar(offset: i, record: table.record(value)))
            i &+= length
        }
        return out
    }

    /// Boundaries given as scalar indices (`k` = before scalar `k`, `scalars.count` = the
    /// end) as byte offsets.
    static func byteOffsets(_ indices: [Int], _ scalars: [SegmentationScalar], byteCount: Int) -> [Int] {
        indices.map { $0 < scalars.count ? scalars[$0].offset : byteCount }
    }
}
