import TestSupport
import TextLayout
import UnicodeData
import XCTest

/// Word and sentence boundaries on random mixed-script text (and random bytes): the
/// segments cover the text; the dictionary changes boundaries only strictly inside runs
/// of dictionary-script code points; the hyphen tailoring only removes boundaries.
final class WordBoundariesRandomTests: XCTestCase {
    static let pieces: [String] = [
        "word", "Don't", "3.14", " ", "  ", ", ", ". ", "! ", "e-mail", "-", "\u{2010}", "\n", "\r\n", "\u{301}",
        "\u{200D}", "\u{AD}", "私は", "学生です", "。", "カタカナ", "สวัสดี", "ครับ", "ທ່ານ", "ខ្មែរ", "မြန်မာ",
        "كتب", "\u{64E}", "שָׁלוֹם", "\"", "'", "🇯🇵", "🇫", "👨‍👩‍👧", "_", "１２", "Mr.", "(", ")", "\u{201D}",
    ]

    func randomText(_ rng: inout SplitMix64) -> [UInt8] {
        let count = Int(rng.next() % 24)
        var bytes: [UInt8] = []
        for _ in 0..<count {
            if rng.next() % 16 == 0 {
                bytes.append(UInt8(truncatingIfNeeded: rng.next()))   // a random byte, often malformed
            } else {
                bytes += Array(Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))].utf8)
            }
        }
        return bytes
    }

    /// Byte ranges of the runs the dictionary may split: dictionary-script code points and
    /// the Extend/Format/ZWJ among them (decoded as Swift does, on valid text only).
    func dictionaryRuns(_ text: String) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var offset = 0, start: Int?
        for s in text.unicodeScalars {
            let r = SegmentationTable.shared.record(s.value)
            let ignorable = [.extend, .format, .zwj].contains(r.wordBreak)
            if r.isDictionaryScript || (start != nil && ignorable) {
                if start == nil { start = offset }
            } else if let s0 = start {
                runs.append(s0..<offset)
                start = nil
            }
            offset += UTF8.width(s)
        }
        if let s0 = start { runs.append(s0..<offset) }
        return runs
    }

    func testRandomTextKeepsTheInvariants() {
        var rng = SplitMix64(seed: 0x5EED_2026)
        for _ in 0..<3000 {
            var bytes = randomText(&rng)
            bytes.withUnsafeMutableBufferPointer { mutable in
                let b = UnsafeBufferPointer(mutable)
                let plain = WordBoundaries.boundaries(in: b, dictionary: false, tailored: false)
                let dict = WordBoundaries.boundaries(in: b, dictionary: true, tailored: false)
                let tailored = WordBoundaries.boundaries(in: b, dictionary: false, tailored: true)
                XCTAssertEqual(plain.first, b.isEmpty ? nil : 0)
                XCTAssertEqual(plain.last, b.isEmpty ? nil : b.count)
                XCTAssertTrue(Set(tailored).isSubset(of: Set(plain)), "the tailoring only removes boundaries")
                let segments = WordBoundaries.segments(in: b)
                XCTAssertEqual(segments.map(\.range.lowerBound) + (b.isEmpty ? [] : [b.count]),
                               WordBoundaries.boundaries(in: b), "segments are the boundaries")
                if let text = String(validating: b, as: UTF8.self) {
                    let runs = dictionaryRuns(text)
                    let inside = { (o: Int) in runs.contains { $0.lowerBound < o && o < $0.upperBound } }
                    XCTAssertEqual(plain.filter { !inside($0) }, dict.filter { !inside($0) },
                                   "outside dictionary runs: \(Array(text.unicodeScalars))")
                }
                let starts = SentenceBoundaries.starts(in: b)
                XCTAssertEqual(starts, Array(SentenceBoundaries.boundaries(in: b).dropLast()))
            }
        }
    }
}
