import XCTest
import TextContent
@testable import TextLayout
import TestSupport

/// Property and example tests of line fitting (`TextLayout.layout`).
final class LineFittingTests: XCTestCase {
    // MARK: Helpers

    typealias SplitMix = SplitMix64

    static let pieces: [String] = [
        "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dogs", "extraordinarily",
        "supercalifragilisticexpialidocious", "don't", "e.g.", "(see", "page", "42)", "3.14", "$100",
        "我们", "用", "iPhone", "16", "拍的照片", "。", "，", "「你好」", "、", "……", "——",
        "吾輩は猫である", "。", "名前はまだ無い", "っ", "ー", "ゃ", "『", "』", "ゝ",
        "مرحبا", "بالعالم", "שלום", "עולם", "مَرْحَبًا", "كُلّ", "שָׁלוֹם", " \u{301}", "1\u{FE0F}\u{20E3}", "\u{FF76}\u{FF9E}", "é", "e\u{301}", "👍🏽", "👨‍👩‍👧", "🇯🇵", "❤️", "한국어",
        "नमस्ते", "ภาษาไทย", "\t", "https://example.com/a/very/long/path/without/spaces/at/all",
        String(repeating: "長", count: 30), String(repeating: "x", count: 120),
    ]

    static func randomText(_ rng: inout SplitMix, words: Int) -> String {
        var s = ""
        for _ in 0..<words {
            s += pieces[Int(rng.next() % UInt64(pieces.count))]
            switch rng.next() % 10 {
            case 0: break
            case 1: s += "  "
            case 2: if rng.next() % 8 == 0 { s += "\n" } else { s += " " }
            default: s += " "
            }
        }
        return s
    }

    static func content(_ paragraphs: [String], kinds: [BlockKind]? = nil) -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .txt))
        for (i, p) in paragraphs.enumerated() {
            b.beginBlock(kinds?[i] ?? .paragraph)
            b.append(p)
            b.endBlock()
        }
        return b.finish()
    }

    /// Independent width of a line's visible text: cluster widths from Swift's Characters are
    /// NOT used (Swift's Character fails a GraphemeBreakTest case); we sum the placed clusters.
    static func placedWidth(_ line: Line, _ c: TextContent, _ o: LayoutOptions) -> Int {
        var end = line.indent
        // Logical placement: right-to-left lines are right-aligned by `forEachCluster`,
        // which BidiPlacementTests check.
        TextLayout.forEachLogicalCluster(of: line, in: c, options: LayoutOptions(width: o.width, tabWidth: o.tabWidth)) {
            end = max(end, $0.column + $0.width)
        }
        return end - line.indent
    }

    // MARK: Properties

    func testPropertiesOverRandomMixedScriptText() {
        for seed in UInt64(1)...60 {
            var rng = SplitMix(state: seed)
            let paragraphs = (0..<4).map { _ in Self.randomText(&rng, words: Int(rng.next() % 80) + 1) }
            let content = Self.content(paragraphs)
            for width in [2, 3, 7, 20, 37, 80, 132] {
                let options = LayoutOptions(width: width, firstLineIndent: width > 10 ? 2 : 0)
                let lines = TextLayout.layout(content, range: content.fullRange, options: options)
                // 1. No line wider than the width.
                for line in lines.lines where !line.flags.contains(.overwide) {
                    XCTAssertLessThanOrEqual(line.totalWidth, width, "seed \(seed) width \(width): \(content.string(in: line.range).debugDescription)")
                    XCTAssertEqual(Self.placedWidth(line, content, options), line.width, "seed \(seed) width \(width) line width disagrees \(content.string(in: line.range).debugDescription)")
                }
                // 2. The lines of each block concatenate back to the block's text.
                for block in content.blocks {
                    let text = lines.lines.filter { block.range.contains($0.start) && !$0.flags.contains(.blank) }
                        .map { content.string(in: $0.range) }.joined()
                    XCTAssertEqual(text, content.string(in: block.range), "seed \(seed) width \(width)")
                }
                // 3. Laying out again at the widest line's width gives the same lines.
                let widest = max(1, lines.maxTotalWidth)
                let again = TextLayout.layout(content, range: content.fullRange,
                                              options: LayoutOptions(width: widest, firstLineIndent: options.firstLineIndent))
                if widest >= 2 || width == 1 {
                    XCTAssertEqual(again.lines.map(\.range), lines.lines.map(\.range), "seed \(seed) width \(width) → \(widest)")
                }
                // 4. Every position maps to the line that contains it.
                for probe in stride(from: 0, to: content.bytes.count, by: 97) {
                    let i = lines.lineIndex(containing: ByteOffset(probe))
                    let line = lines[i]
                    XCTAssertTrue(line.range.contains(ByteOffset(probe)) || line.start.rawValue <= probe,
                                  "seed \(seed): offset \(probe) mapped to \(line.range)")
                }
            }
        }
    }

    func testLineStartsAreGraphemeBoundaries() {
        var rng = SplitMix(state: 99)
        let text = Self.randomText(&rng, words: 400)
        let content = Self.content([text])
        let bounds = Set(Graphemes.boundaries(in: text))
        for width in [2, 5, 11] {
            let lines = TextLayout.layout(content, range: content.fullRange, options: LayoutOptions(width: width))
            for line in lines.lines {
                XCTAssertTrue(bounds.contains(line.start.rawValue), "line at \(line.start) splits a cluster")
            }
        }
    }

    // MARK: Examples

    func testSimpleGreedyWrapWithHangingSpaces() {
        let lines = TextLayout.layout("aaa bbb ccc ddd", options: LayoutOptions(width: 7))
        let c = Self.content(["aaa bbb ccc ddd"])
        XCTAssertEqual(lines.lines.map { c.string(in: $0.range) }, ["aaa bbb ", "ccc ddd"])
        XCTAssertEqual(lines.lines.map(\.width), [7, 7])
    }

    func testEmergencyBreakInLongWord() {
        let c = Self.content([String(repeating: "x", count: 25)])
        let lines = TextLayout.layout(c, range: c.fullRange, options: LayoutOptions(width: 10))
        XCTAssertEqual(lines.lines.map(\.length), [10, 10, 5])
        XCTAssertTrue(lines[0].flags.contains(.emergencyBreak))
        XCTAssertFalse(lines[2].flags.contains(.emergencyBreak))
    }

    /// The lines of `text` at `width` by both fitters (they must agree).
    func lineTexts(_ text: String, width: Int) -> [String] {
        let c = Self.content([text])
        let options = LayoutOptions(width: width)
        let lazy = TextLayout.layout(c, range: c.fullRange, options: options)
        let analysis = TextLayout.analyze(c, range: c.fullRange, lineBreakStyle: options.lineBreakStyle)
        let fitted = TextLayout.fit(analysis, in: c, options: options)
        XCTAssertEqual(fitted.lines.map(\.range), lazy.lines.map(\.range), "segment fitter = lazy fitter")
        return lazy.lines.map { c.string(in: $0.range) }
    }

    func testNoNonstarterAfterAClosingQuoteStartsALine() {
        // Issue #13 (14): 水浒传 at width 20 put '；' at the start of a line after ”.
        let lines = lineTexts("满县人都称他做“美髯公”；原是本处富户，只因他。", width: 22)
        XCTAssertEqual(lines, ["满县人都称他做“美髯", "公”；原是本处富户，只", "因他。"])
        for width in 8...30 {  // narrower, "公”；" (6 cells) cannot stay together
            for line in lineTexts("满县人都称他做“美髯公”；原是本处富户，只因他。", width: width) {
                XCTAssertFalse(line.hasPrefix("；") || line.hasPrefix("，") || line.hasPrefix("。"), "width \(width): \(line)")
            }
        }
    }

    func testEmergencyBreakDoesNotLeaveClosingPunctuationAlone() {
        // Issue #13 (14): `《www.tianyabook.com》` at width 20 left '》' alone on a line.
        XCTAssertEqual(lineTexts("《www.tianyabook.com》", width: 20), ["《www.tianyabook.co", "m》"])
        XCTAssertEqual(lineTexts("(see www.example.com/a/b)", width: 10), ["(see ", "www.exampl", "e.com/a/b)"])
        XCTAssertEqual(lineTexts("www.example.com)", width: 15), ["www.example.co", "m)"])
        for width in 6...24 {  // narrower, "m》。" (5 cells) cannot stay together
            for line in lineTexts("《www.tianyabook.com》。下一句", width: width).dropFirst() {
                XCTAssertFalse(line.hasPrefix("》") || line.hasPrefix("。"), "width \(width): \(line)")
            }
        }
    }

    func testWideCharactersNeverOverflow() {
        let c = Self.content([String(repeating: "漢", count: 9)])
        let lines = TextLayout.layout(c, range: c.fullRange, options: LayoutOptions(width: 5))
        XCTAssertEqual(lines.lines.map(\.width), [4, 4, 4, 4, 2])
    }

    func testBlankLinesBetweenParagraphsAndHeadings() {
        let c = Self.content(["Title", "one", "two"], kinds: [.heading, .paragraph, .paragraph])
        let spaced = TextLayout.layout(c, range: c.fullRange, options: LayoutOptions(width: 20))
        XCTAssertEqual(spaced.lines.map { $0.flags.contains(.blank) }, [false, true, false, true, false])
        let compact = TextLayout.layout(c, range: c.fullRange, options: LayoutOptions(width: 20, paragraphSpacing: false))
        XCTAssertEqual(compact.lines.map { $0.flags.contains(.blank) }, [false, true, false, false])
    }

    func testFirstLineIndentAndBlockquoteIndent() {
        let c = Self.content(["word word word word", "quoted text here"], kinds: [.paragraph, .blockquote])
        let lines = TextLayout.layout(c, range: c.fullRange, options: LayoutOptions(width: 12, firstLineIndent: 4))
        let text = lines.lines.filter { !$0.flags.contains(.blank) }
        XCTAssertEqual(text.map(\.indent), [4, 0, 0, 2, 2])
        for l in text { XCTAssertLessThanOrEqual(l.totalWidth, 12) }
    }

    func testHardBreakInsideBlock() {
        let c = Self.content(["first\nsecond"])
        let lines = TextLayout.layout(c, range: c.fullRange, options: LayoutOptions(width: 40))
        XCTAssertEqual(lines.lines.map { c.string(in: $0.range) }, ["first\n", "second"])
        XCTAssertTrue(lines[0].flags.contains(.hardBreak))
        XCTAssertEqual(lines[0].width, 5)
    }

    func testPreformattedKeepsLinesAndWrapsAtWidth() {
        let c = Self.content(["  code  line\n\nabcdefghij"], kinds: [.preformatted])
        let lines = TextLayout.layout(c, range: c.fullRange, options: LayoutOptions(width: 6))
        XCTAssertEqual(lines.lines.map { c.string(in: $0.range) }, ["  code", "  line\n", "\n", "abcdef", "ghij"])
    }

    func testTabsExpandToTabStops() {
        let c = Self.content(["a\tb"])
        let o = LayoutOptions(width: 20, tabWidth: 4)
        let lines = TextLayout.layout(c, range: c.fullRange, options: o)
        XCTAssertEqual(lines[0].width, 5)
        var columns: [Int] = []
        TextLayout.forEachCluster(of: lines[0], in: c, options: o) { columns.append($0.column) }
        XCTAssertEqual(columns, [0, 1, 4])
    }

    func testJustificationFillsTheWidth() {
        let c = Self.content(["aa bb cc dd ee ff gg"])
        let o = LayoutOptions(width: 10, justify: true)
        let lines = TextLayout.layout(c, range: c.fullRange, options: o)
        XCTAssertGreaterThan(lines.count, 1)
        for line in lines.lines.dropLast() {
            var end = 0
            TextLayout.forEachCluster(of: line, in: c, options: o) { end = max(end, $0.column + $0.width) }
            XCTAssertEqual(end, 10, "justified line \(c.string(in: line.range).debugDescription)")
        }
    }

    func testPositionSurvivesWidthChanges() {
        var rng = SplitMix(state: 7)
        let c = Self.content((0..<20).map { _ in Self.randomText(&rng, words: 60) })
        let position = ByteOffset(c.bytes.count / 2)
        var top = position
        for width in [100, 60, 100, 37, 132, 100] {
            let lines = TextLayout.layout(c, range: c.fullRange, options: LayoutOptions(width: width))
            let i = lines.lineIndex(containing: top)
            top = max(top, lines[i].start)  // the first visible byte is kept, never moved backwards across
            XCTAssertTrue(lines[i].range.contains(position) || lines[i].start <= position)
        }
    }

    func testRangeClipsBlocks() {
        let c = Self.content(["alpha beta gamma", "delta epsilon"])
        let r = ByteRange(6, 22)
        let lines = TextLayout.layout(c, range: r, options: LayoutOptions(width: 80))
        XCTAssertEqual(lines.lines.filter { !$0.flags.contains(.blank) }.map { c.string(in: $0.range) },
                       ["beta gamma", "delta"])
    }

    /// The fitter accepts a segment without measuring it when its byte count fits in the
    /// room left: that is only right if no code point is wider than its UTF-8 length.
    func testNoScalarHasMoreCellsThanBytes() {
        for v in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            XCTAssertLessThanOrEqual(CellWidth.of(scalar), String(scalar).utf8.count, "U+\(String(v, radix: 16))")
        }
    }

    func testContainsTabAtEveryPosition() {
        for length in 0..<40 {
            let plain = [UInt8](repeating: 0x61, count: length)
            plain.withUnsafeBufferPointer { XCTAssertFalse(LineFitter.containsTab($0)) }
            for position in 0..<length {
                var bytes = plain
                bytes[position] = 0x09
                bytes.withUnsafeBufferPointer { XCTAssertTrue(LineFitter.containsTab($0), "tab at \(position) of \(length)") }
                bytes[position] = 0x89  // a byte whose low bits match but is not a tab
                bytes.withUnsafeBufferPointer { XCTAssertFalse(LineFitter.containsTab($0)) }
            }
        }
    }

    func testMemoryPerLineIsAtMost16Bytes() {
        XCTAssertLessThanOrEqual(LineCollection.bytesPerLine, 16)
    }
}
