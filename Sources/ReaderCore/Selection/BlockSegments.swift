import Support
import TextContent
import TextLayout

/// One block's words and sentences as byte ranges of the book, for visual mode's motions:
/// TextLayout's UAX #29 boundaries (`WordBoundaries`, with ICU's dictionary words in
/// Chinese, Japanese, Thai, Lao, Khmer and Burmese, and hyphenated words kept whole;
/// `SentenceBoundaries`). Made for one block at a time and kept while the selection stays
/// in it.
struct BlockSegments {
    /// Index of the block in `TextContent.blocks`.
    let block: Int
    /// The block's bytes.
    let range: ByteRange
    /// Its words (only the segments that hold a letter, digit or ideograph), in order.
    let words: [ByteRange]
    /// Where its sentences start, in order; the block's start first.
    let sentences: [ByteOffset]

    /// The segments of block `index` of `content`.
    init(block index: Int, of content: TextContent) {
        block = index
        let range = content.blocks[index].range
        self.range = range
        let base = range.lowerBound.rawValue
        (words, sentences) = content.bytes.withUnsafeBufferPointer { all in
            let bytes = UnsafeBufferPointer(rebasing: all[range.intRange])
            let words = WordBoundaries.segments(in: bytes).filter(\.isWord).map {
                ByteRange(ByteOffset(base + $0.range.lowerBound), ByteOffset(base + $0.range.upperBound))
            }
            let sentences = SentenceBoundaries.starts(in: bytes).map { ByteOffset(base + $0) }
            return (words, sentences.isEmpty ? [range.lowerBound] : sentences)
        }
    }

    /// The word that contains `offset`, if it is in one.
    func word(containing offset: ByteOffset) -> ByteRange? {
        let i = words.partitioningIndex { $0.upperBound > offset }
        return i < words.count && words[i].lowerBound <= offset ? words[i] : nil
    }
}
