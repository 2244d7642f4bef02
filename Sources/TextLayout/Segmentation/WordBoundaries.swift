import UnicodeData

/// Word boundaries of UAX #29 (Unicode 15.0) over UTF-8 bytes, with ICU's dictionary
/// words inside runs of Chinese, Japanese, Thai, Lao, Khmer and Burmese, and one small
/// tailoring for readers (a hyphen between letters joins them: `WordTailoring`).
///
/// Offsets are byte offsets into the buffer. Malformed UTF-8 is segmented as if each bad
/// byte were U+FFFD, so the segments always cover every byte.
public enum WordBoundaries {
    /// The segments of `utf8`, in order, covering it with no gap (none for an empty
    /// buffer). With `dictionary`, runs of Han, Hiragana, Katakana and SA-class scripts
    /// are split into dictionary words by ICU (私は学生です → 私 / は / 学生 / です);
    /// without, each ideograph or kana (a Katakana run excepted) and each Thai character
    /// is a segment, as UAX #29 says.
    public static func segments(in utf8: UnsafeBufferPointer<UInt8>, dictionary: Bool = true) -> [WordSegment] {
        let scalars = SegmentationScalars.decode(utf8)
        let cuts = boundaryIndices(scalars, utf8, dictionary: dictionary, tailored: true)
        guard cuts.count > 1 else { return [] }
        var out: [WordSegment] = []
        out.reserveCapacity(cuts.count - 1)
        for k in 1..<cuts.count {
            let from = cuts[k - 1], to = cuts[k]
            var isWord = false
            for i in from..<to where scalars[i].record.isLetterOrNumber {
                isWord = true
                break
            }
            let start = scalars[from].offset
            let end = to < scalars.count ? scalars[to].offset : utf8.count
            out.append(WordSegment(range: start..<end, isWord: isWord))
        }
        return out
    }

    /// The word boundaries of `utf8` as ascending byte offsets, 0 and `utf8.count`
    /// included (none for an empty buffer). `dictionary: false, tailored: false` is
    /// UAX #29 exactly, as `WordBreakTest.txt` checks it; `tailored` adds the hyphen rule
    /// of `WordTailoring`.
    public static func boundaries(in utf8: UnsafeBufferPointer<UInt8>, dictionary: Bool = true,
                                  tailored: Bool = true) -> [Int] {
        let scalars = SegmentationScalars.decode(utf8)
        let cuts = boundaryIndices(scalars, utf8, dictionary: dictionary, tailored: tailored)
        return SegmentationScalars.byteOffsets(cuts, scalars, byteCount: utf8.count)
    }

    static func boundaryIndices(_ scalars: [SegmentationScalar], _ utf8: UnsafeBufferPointer<UInt8>,
                                dictionary: Bool, tailored: Bool) -> [Int] {
        var cuts = WordBreakRules.boundaries(scalars)
        if dictionary { cuts = DictionaryWords.apply(to: cuts, scalars, utf8) }
        if tailored { cuts = WordTailoring.joiningHyphens(cuts, scalars, utf8) }
        return cuts
    }
}
