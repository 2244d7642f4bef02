import CICUBreak
import UnicodeData

/// Words inside runs of Han, Hiragana, Katakana and SA-class scripts (Thai, Lao, Khmer,
/// Myanmar), which write words without spaces: UAX #29 alone makes each ideograph and
/// kana a word (and each Thai character), so the boundaries inside such runs are taken
/// from ICU's dictionary-based `UBRK_WORD` iterator (`CICUBreak`) instead. A run starts at
/// a dictionary-script code point (`SegmentationRecord.isDictionaryScript`) and goes on
/// over such code points and the Extend, Format and ZWJ code points among them; its two
/// ends keep the boundaries the rules gave them.
enum DictionaryWords {
    /// `boundaries` (scalar indices, ascending, from the rules) with the boundaries inside
    /// each dictionary run replaced by ICU's. If ICU fails on a run, the rules' stay.
    static func apply(to boundaries: [Int], _ scalars: [SegmentationScalar],
                      _ utf8: UnsafeBufferPointer<UInt8>) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(boundaries.count)
        var next = 0   // index into boundaries
        var i = 0
        while let run = nextRun(from: i, scalars) {
            while next < boundaries.count && boundaries[next] <= run.lowerBound {
                out.append(boundaries[next]); next += 1
            }
            var inside: [Int] = []
            while next < boundaries.count && boundaries[next] < run.upperBound {
                inside.append(boundaries[next]); next += 1
            }
            out.append(contentsOf: icuBoundaries(in: run, scalars, utf8) ?? inside)
            i = run.upperBound
        }
        out.append(contentsOf: boundaries[next...])
        return out
    }

    /// The next run of two or more code points from scalar `i` on, as scalar indices.
    static func nextRun(from i: Int, _ scalars: [SegmentationScalar]) -> Range<Int>? {
        var start = i
        while start < scalars.count {
            while start < scalars.count && !scalars[start].record.isDictionaryScript { start += 1 }
            guard start < scalars.count else { return nil }
            var end = start + 1
            while end < scalars.count
                    && (scalars[end].record.isDictionaryScript || WordBreakProperty(scalars[end].record).isIgnorable) {
                end += 1
            }
            if end - start > 1 { return start..<end }
            start = end
        }
        return nil
    }

    /// ICU's word boundaries strictly inside `run`, as scalar indices; nil if ICU failed.
    static func icuBoundaries(in run: Range<Int>, _ scalars: [SegmentationScalar],
                              _ utf8: UnsafeBufferPointer<UInt8>) -> [Int]? {
        let first = scalars[run.lowerBound].offset
        let end = run.upperBound < scalars.count ? scalars[run.upperBound].offset : utf8.count
        guard let base = utf8.baseAddress, end - first < Int(Int32.max) else { return nil }
        let length = end - first
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: length) { scratch -> [Int]? in
            let count = reader_icu_word_breaks(base + first, Int32(length), scratch.baseAddress, Int32(length))
            guard count >= 0 else { return nil }
            var out: [Int] = []
            var k = run.lowerBound + 1
            for j in 0..<min(Int(count), length) {
                let offset = first + Int(scratch[j])
                // Keep only offsets that start a code point of the run (ICU's should all).
                while k < run.upperBound && scalars[k].offset < offset { k += 1 }
                if k < run.upperBound && scalars[k].offset == offset { out.append(k) }
            }
            return out
        }
    }
}
