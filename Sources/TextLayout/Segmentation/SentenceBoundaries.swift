/// Sentence boundaries of UAX #29 (Unicode 15.0) over UTF-8 bytes, untailored
/// (`SentenceBreakRules`). Malformed UTF-8 counts as U+FFFD, one a bad byte.
public enum SentenceBoundaries {
    /// Where the sentences of `utf8` start, as ascending byte offsets: 0 first for a
    /// non-empty buffer, none for an empty one. A sentence runs to the next start (the
    /// last one to the end), its closing punctuation and the spaces after it included.
    public static func starts(in utf8: UnsafeBufferPointer<UInt8>) -> [Int] {
        boundaries(in: utf8).dropLast()
    }

    /// All the sentence boundaries of `utf8`, 0 and `utf8.count` included (none for an
    /// empty buffer), as `SentenceBreakTest.txt` checks them.
    public static func boundaries(in utf8: UnsafeBufferPointer<UInt8>) -> [Int] {
        let scalars = SegmentationScalars.decode(utf8)
        let cuts = SentenceBreakRules.boundaries(scalars)
        return SegmentationScalars.byteOffsets(cuts, scalars, byteCount: utf8.count)
    }
}
