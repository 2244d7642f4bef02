import XCTest
import TextContent
@testable import TextLayout
import TestSupport

/// Randomized identity of the segment fitter (analysis → lines) with the lazy fitter over
/// mixed text: tabs, emoji sequences, flags, combining marks, CJK, Arabic, long runs with
/// no break, preformatted blocks, ranges cut inside blocks, widths down to 1.
final class SegmentFitterTests: XCTestCase {
    static let pieces: [String] = LineFittingTests.pieces + [
        "👩🏽‍💻", "🏳️‍🌈", "🇫🇷🇩🇪", "🇺", "a\u{300}\u{301}\u{302}", " \u{300}", "\u{200B}", "x\u{200D}y", "\u{300}",
        "日本語の文章です。", "「かぎ括弧」", "ちょっと待って。", "時々", "〜", "％", "اللُّغَةُ الْعَرَبِيَّةُ", "١٢٣",
        String(repeating: "ab", count: 90), String(repeating: "字", count: 200), "\u{3000}", "  \t  ", "\n", "\n\n",
        "한\u{1100}\u{1161}\u{11A8}", "$(12)", "e.g.,", "—", "…", "\u{00AD}", "\u{2028}",
        // SA runs: dictionary breaks from ICU (DictionaryBreakTests).
        "ภาษาไทยเป็นภาษาราชการของประเทศไทย", "ฉันชอบอ่านหนังสือ", "ភាសាខ្មែរជាភាសាផ្លូវការ", "ຂ້ອຍມັກອ່ານປຶ້ມ",
        "မြန်မာနိုင်ငံ၏အကြီးဆုံးမြို့", "กรุงเทพฯ“สวัสดี”", "ไทย日本語",
    ]

    static func randomText(_ rng: inout SplitMix64, words: Int) -> String {
        var s = ""
        for _ in 0..<words {
            s += pieces[rng.below(pieces.count)]
            switch rng.below(10) {
            case 0: break
            case 1: s += "  "
            case 2: s += rng.below(6) == 0 ? "\n" : " "
            default: s += " "
            }
        }
        return s
    }

    static let kinds: [BlockKind] = [.paragraph, .paragraph, .paragraph, .preformatted, .heading, .blockquote,
                                     .listItem, .footnote, .tableRow, .separator]

    func randomContent(seed: UInt64) -> TextContent {
        var rng = SplitMix64(seed: seed)
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .txt))
        for _ in 0..<(rng.below(6) + 1) {
            b.beginBlock(Self.kinds[rng.below(Self.kinds.count)], level: UInt8(rng.below(3)))
            b.append(Self.randomText(&rng, words: rng.below(60) + 1))
            b.endBlock()
        }
        return b.finish()
    }

    func testRandomMixedTextAllWidths() {
        var mismatches = 0
        for seed in UInt64(1)...120 {
            let content = randomContent(seed: seed)
            mismatches += LayoutIdentity.check(content, range: content.fullRange, widths: [1, 2, 5, 20, 37, 80, 132],
                                               context: "seed \(seed)")
        }
        XCTAssertEqual(mismatches, 0)
    }

    func testRandomRangesCutInsideBlocks() {
        var mismatches = 0
        for seed in UInt64(500)...600 {
            let content = randomContent(seed: seed)
            var rng = SplitMix64(seed: seed &* 31)
            let n = content.bytes.count
            guard n > 2 else { continue }
            var lower = rng.below(n), upper = lower + rng.below(n - lower + 1)
            while lower < n && content.bytes[lower] & 0xC0 == 0x80 { lower += 1 }
            while upper < n && content.bytes[upper] & 0xC0 == 0x80 { upper += 1 }
            let range = ByteRange(ByteOffset(lower), ByteOffset(max(lower, upper)))
            mismatches += LayoutIdentity.check(content, range: range, widths: [1, 2, 20, 37, 80], context: "seed \(seed)")
        }
        XCTAssertEqual(mismatches, 0)
    }

    func testLongRunsWithoutBreaksAndWideClustersAtWidthOne() {
        let texts = [String(repeating: "x", count: 500), String(repeating: "長", count: 300) + " a",
                     String(repeating: "👍🏽", count: 40), String(repeating: "🇯🇵", count: 30),
                     "a " + String(repeating: "e\u{301}", count: 100) + " b", String(repeating: "\u{200B}", count: 10) + "z"]
        for text in texts {
            for kind in [BlockKind.paragraph, .preformatted] {
                let content = LineFittingTests.content([text, "after"], kinds: [kind, .paragraph])
                XCTAssertEqual(LayoutIdentity.check(content, range: content.fullRange, widths: [1, 2, 3, 20],
                                                    context: "\(kind) \(text.prefix(8))"), 0)
            }
        }
    }
}
