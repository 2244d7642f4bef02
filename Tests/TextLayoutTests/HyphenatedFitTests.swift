import XCTest
import TextContent
@testable import TextLayout
import TestSupport

/// Total fit with hyphenation (a stand-in hyphenator: a point every third letter of words
/// of six letters or more, none within two letters of an end) and with soft hyphens: a
/// hyphenated line shows a "-" cell that is no byte of the text, never goes over the
/// width, never three in a row, and the lines get more even.
final class HyphenatedFitTests: XCTestCase {
    final class EveryThird: WordHyphenating {
        func points(in word: UnsafeBufferPointer<UInt8>, into points: inout [Int]) {
            guard word.count >= 6, word.allSatisfy({ $0 < 0x80 }) else { return }
            for p in stride(from: 3, to: word.count - 2, by: 3) { points.append(p) }
        }
    }

    static let setting = HyphenationSetting(language: "test", patterns: "every-third", hyphenator: EveryThird())

    func options(_ width: Int, hyphenate: Bool = true) -> LayoutOptions {
        LayoutOptions(width: width, wrap: .optimal, hyphenation: hyphenate ? Self.setting : nil)
    }

    func book(_ text: String) -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .txt))
        for p in text.components(separatedBy: "\n") { b.beginBlock(.paragraph); b.append(p); b.endBlock() }
        return b.finish()
    }

    static let prose = """
    It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity, it was the season of Light, it was the season of Darkness, it was the spring of hope, it was the winter of despair, we had everything before us, we had nothing before us, we were all going direct to Heaven, we were all going direct the other way.
    There were a king with a large jaw and a queen with a plain face, on the throne of England; there were a king with a large jaw and a queen with a fair face, on the throne of France. In both countries it was clearer than crystal to the lords of the State preserves of loaves and fishes, that things in general were settled for ever.
    """

    /// Each line as drawn: its clusters' texts (the hyphen included) in order.
    func drawn(_ line: Line, _ content: TextContent, _ o: LayoutOptions) -> String {
        var s = ""
        var col = line.indent
        TextLayout.forEachLogicalCluster(of: line, in: content, options: o) { c in
            s += String(repeating: " ", count: max(0, c.column - col)) + (c.text ?? content.string(in: c.range))
            col = c.column + c.width
        }
        return s
    }

    func testHyphenatedLinesShowAHyphenFitAndKeepTheText() {
        let content = book(Self.prose)
        var hyphenated = 0
        for width in [20, 27, 33, 41, 60] {
            let o = options(width)
            let lines = TextLayout.layout(content, range: content.fullRange, options: o).lines
            var run = 0
            for line in lines where !line.flags.contains(.blank) {
                let shown = drawn(line, content, o)
                XCTAssertLessThanOrEqual(line.indent + line.width, width, "width \(width): \(shown)")
                XCTAssertEqual(shown.count, line.indent + line.width, "the width counts the hyphen's cell: \(shown)")
                if line.flags.contains(.hyphen) {
                    hyphenated += 1
                    run += 1
                    XCTAssertTrue(shown.hasSuffix("-"), shown)
                    XCTAssertTrue(content.string(in: line.range).last!.isLetter, "the hyphen is not in the text")
                } else {
                    run = 0
                }
                XCTAssertLessThanOrEqual(run, 2, "three hyphenated lines in a row at width \(width)")
            }
            // The bytes of the lines are the text, in order.
            let joined = lines.filter { !$0.flags.contains(.blank) }.map { content.string(in: $0.range) }.joined()
            XCTAssertEqual(joined.replacingOccurrences(of: "\n", with: ""), content.string(in: content.fullRange).replacingOccurrences(of: "\n", with: ""))
        }
        XCTAssertGreaterThanOrEqual(hyphenated, 4, "hyphenation was used")
    }

    func testHyphenationMakesTheLinesMoreEven() {
        let content = book(Self.prose)
        func ragged(_ o: LayoutOptions) -> Int {
            TextLayout.layout(content, range: content.fullRange, options: o).lines
                .filter { !$0.flags.contains(.blank) && !$0.flags.contains(.blockEnd) }
                .map { (o.width - $0.width) * (o.width - $0.width) }.reduce(0, +)
        }
        for width in [24, 30, 40] {
            XCTAssertLessThan(ragged(options(width)), ragged(options(width, hyphenate: false)), "width \(width)")
        }
    }

    func testASoftHyphenIsABreakThatShowsAHyphenOnlyWhenUsed() {
        let content = book("An extra\u{AD}ordinary circum\u{AD}stance indeed")
        let o = options(14, hyphenate: false)
        let lines = TextLayout.layout(content, range: content.fullRange, options: o).lines
        let shown = lines.map { drawn($0, content, o) }
        XCTAssertTrue(shown.contains { $0.hasSuffix("-") }, "\(shown)")
        for (line, text) in zip(lines, shown) {
            XCTAssertEqual(line.flags.contains(.hyphen), text.hasSuffix("-"))
            XCTAssertLessThanOrEqual(line.width, 14)
        }
        let wide = TextLayout.layout(content, range: content.fullRange, options: options(80, hyphenate: false)).lines
        XCTAssertEqual(wide.count, 1)
        XCTAssertFalse(drawn(wide[0], content, options(80)).contains("-"), "an unused soft hyphen shows nothing")
    }

    func testTheCacheKeyNamesTheHyphenation() {
        XCTAssertTrue(options(40).keyFields.hasSuffix(";wrap=optimal;hyphen=test:every-third"), options(40).keyFields)
        XCTAssertNotEqual(options(40), options(40, hyphenate: false))
        XCTAssertEqual(options(40), LayoutOptions(width: 40, wrap: .optimal,
                                                  hyphenation: HyphenationSetting(language: "test", patterns: "every-third", hyphenator: EveryThird())))
    }

    func testEveryPathGivesTheSameHyphenatedLines() {
        let content = book(Self.prose)
        let cache = LayoutAnalysisCache()
        for width in [22, 35] {
            let reference = TextLayout.layout(content, range: content.fullRange, options: options(width))
            XCTAssertEqual(TextLayout.layout(content, range: content.fullRange, options: options(width), analyses: cache), reference)
        }
    }
}

/// Soft hyphens at the edges: after a word that fills the line, at the end of a paragraph.
final class SoftHyphenEdgeTests: XCTestCase {
    func testASoftHyphenAfterAWordThatFillsTheLineOrEndsTheParagraph() {
        for text in ["abcdefghij\u{AD}klm", "abcdefghij\u{AD}", "abc abcdefghij\u{AD} abc", "\u{AD}\u{AD}abc\u{AD}"] {
            var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .txt))
            b.beginBlock(.paragraph); b.append(text)
            let content = b.finish()
            for width in 1...14 {
                let lines = TextLayout.layout(content, range: content.fullRange, options: LayoutOptions(width: width, wrap: .optimal)).lines
                XCTAssertEqual(lines.reduce(0) { $0 + $1.length }, content.bytes.count, "\(text.debugDescription) width \(width)")
                XCTAssertFalse(lines.last!.flags.contains(.hyphen), "the paragraph's last line shows no hyphen")
                for line in lines where line.flags.contains(.hyphen) {
                    XCTAssertLessThanOrEqual(line.indent + line.width, max(width, 2), "\(text.debugDescription) width \(width)")
                }
            }
        }
    }
}
