import XCTest
import TextContent
@testable import TextLayout

/// Ruby in the layout: bases never split, readings drawn inline or on a row above, the
/// three layout paths identical, `off` identical to the text without ruby.
final class RubyLayoutTests: XCTestCase {
    /// A paragraph of `parts`: plain text, or (base, reading).
    static func book(_ parts: [(String, String?)], marks: [(String, EmphasisMark)] = []) -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", language: "ja", format: .txt))
        b.beginBlock(.paragraph)
        for (text, reading) in parts {
            if let reading { b.appendRuby(base: text, reading: reading) } else {
                let start = b.currentOffset
                b.append(text)
                if let mark = marks.first(where: { $0.0 == text })?.1 {
                    b.addEmphasisMarks(over: ByteRange(start, b.currentOffset), mark: mark)
                }
            }
        }
        let content = b.finish()
        XCTAssertEqual(content.validate(), [])
        return content
    }

    static let neko: [(String, String?)] = [
        ("吾輩", "わがはい"), ("は猫である。名前はまだ無い。どこで", nil), ("生", "うま"), ("れたかとんと", nil),
        ("見当", "けんとう"), ("がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは", nil),
        ("記憶", "きおく"), ("している。", nil), ("咽", "む"), ("せぽくて実に弱った。", nil),
    ]

    /// The line as drawn (clusters at their columns, blanks as spaces).
    static func draw(_ line: Line, _ content: TextContent, _ options: LayoutOptions) -> String {
        var out = ""
        var col = 0
        TextLayout.forEachCluster(of: line, in: content, options: options) { c in
            if c.column > col { out += String(repeating: " ", count: c.column - col); col = c.column }
            out += c.isBlank ? String(repeating: " ", count: c.width) : (c.text ?? content.string(in: c.range))
            col += c.width
        }
        return out
    }

    /// The ruby row over `line` as a string.
    static func row(_ line: Line, _ content: TextContent, _ options: LayoutOptions) -> String {
        var out = ""
        var col = 0
        for p in TextLayout.rubyRow(over: line, in: content, options: options) {
            XCTAssertGreaterThanOrEqual(p.column, col, "pieces overlap")
            out += String(repeating: " ", count: max(0, p.column - col)) + p.text
            col = p.column + p.width
        }
        return out
    }

    func testNoLineBreaksInsideABaseInAnyModeAtAnyWidth() {
        let content = Self.book(Self.neko)
        for mode in RubyMode.allCases where mode != .off {
            for wrap in [WrapStyle.greedy, .optimal] {
                for width in 8...60 {
                    let options = LayoutOptions(width: width, wrap: wrap, ruby: mode)
                    let lines = TextLayout.layout(content, range: content.fullRange, options: options)
                    let all = lines.lines
                    for (i, line) in all.enumerated() where !line.flags.contains(.rubyRow) {
                        // (Only a unit wider than the whole line is cut: an emergency break.)
                        if i > 0 && all[i - 1].flags.contains(.emergencyBreak) { continue }
                        for ruby in content.rubies {
                            XCTAssertFalse(ruby.base.lowerBound < line.start && line.start < ruby.base.upperBound,
                                           "\(mode) \(wrap) width \(width): a line starts inside base \(content.string(in: ruby.base))")
                        }
                    }
                }
            }
        }
    }

    func testInlineReadingsAreDrawnAfterTheirBasesAndCountInTheWidth() {
        let content = Self.book(Self.neko)
        let options = LayoutOptions(width: 40, ruby: .inline)
        let lines = TextLayout.layout(content, range: content.fullRange, options: options)
        let drawn = lines.lines.map { Self.draw($0, content, options) }
        let text = drawn.joined()
        for expected in ["吾輩（わがはい）", "生（うま）", "見当（けんとう）", "記憶（きおく）", "咽（む）"] {
            XCTAssertTrue(text.contains(expected), "\(expected) missing from \(drawn)")
        }
        XCTAssertFalse(lines.lines.contains { $0.flags.contains(.rubyRow) })
        for (line, shown) in zip(lines.lines, drawn) {
            XCTAssertEqual(CellWidth.of(shown), line.indent + line.width, shown)
            XCTAssertLessThanOrEqual(line.totalWidth, 40, shown)
        }
    }

    func testAboveAddsARowOverEachLineWithReadingsOnly() {
        let content = Self.book(Self.neko)
        let options = LayoutOptions(width: 30)
        let lines = TextLayout.layout(content, range: content.fullRange, options: options).lines
        XCTAssertTrue(lines.first!.flags.contains(.rubyRow))
        for (i, line) in lines.enumerated() where line.flags.contains(.rubyRow) {
            XCTAssertEqual(line.length, 0)
            let base = lines[i + 1]
            XCTAssertFalse(base.flags.contains(.rubyRow))
            XCTAssertEqual(base.start, line.start)
            XCTAssertFalse(Self.row(base, content, options).isEmpty)
        }
        for (i, line) in lines.enumerated() where !line.flags.contains(.rubyRow) {
            let carries = content.rubies.contains { line.range.contains($0.base.lowerBound) }
            XCTAssertEqual(carries, i > 0 && lines[i - 1].flags.contains(.rubyRow), "line \(i)")
        }
        let first = Self.row(lines[1], content, options)
        XCTAssertTrue(first.hasPrefix("わがはい"), first)   // at the line start it cannot overhang left
        XCTAssertEqual(Self.draw(lines[1], content, options).prefix(2), "吾輩")
    }

    func testOffIsTheTextWithoutRuby() {
        let content = Self.book(Self.neko)
        let plain = Self.book(Self.neko.map { ($0.0, nil) })
        for wrap in [WrapStyle.greedy, .optimal] {
            for width in [9, 20, 37, 60] {
                let options = LayoutOptions(width: width, wrap: wrap, ruby: .off)
                XCTAssertEqual(TextLayout.layout(content, range: content.fullRange, options: options).lines,
                               TextLayout.layout(plain, range: plain.fullRange, options: options).lines)
            }
        }
    }

    func testTheThreeLayoutPathsAgreeInEveryMode() {
        let content = Self.book(Self.neko + [(" and Latin text with ", nil), ("ruby", "RUBY"), (" too.", nil)])
        for mode in RubyMode.allCases {
            let cache = LayoutAnalysisCache()
            let analysis = TextLayout.analyze(content, range: content.fullRange, lineBreakStyle: .strict, ruby: mode)
            for wrap in [WrapStyle.greedy, .optimal] {
                for width in [6, 11, 20, 33, 50] {
                    let options = LayoutOptions(width: width, wrap: wrap, ruby: mode)
                    let reference = TextLayout.layout(content, range: content.fullRange, options: options)
                    XCTAssertEqual(TextLayout.layout(content, range: content.fullRange, options: options, analyses: cache), reference,
                                   "\(mode) \(wrap) \(width) cached")
                    if wrap == .greedy {
                        XCTAssertEqual(TextLayout.fit(analysis, in: content, options: options), reference, "\(mode) \(width) fit")
                    }
                }
            }
        }
    }

    func testALineIndexLandsOnTheRubyRowAboveTheLine() {
        let content = Self.book(Self.neko)
        let lines = TextLayout.layout(content, range: content.fullRange, options: LayoutOptions(width: 30))
        XCTAssertEqual(lines.lineIndex(containing: .zero), 0)
        XCTAssertTrue(lines[0].flags.contains(.rubyRow))
        XCTAssertEqual(lines.lineIndex(containing: ByteOffset(3)), 0, "inside the line: still its row")
        let plain = (0..<lines.count).first { i in !lines[i].flags.contains(.rubyRow) && (i == 0 || !lines[i - 1].flags.contains(.rubyRow)) }!
        XCTAssertEqual(lines.lineIndex(containing: lines[plain].start), plain, "a line without a row: the line")
    }

    func testEmphasisMarksGoOverEachMarkedCharacter() {
        let content = Self.book([("これは", nil), ("大事", nil), ("なことだ。", nil)], marks: [("大事", .sesame)])
        let options = LayoutOptions(width: 40)
        let lines = TextLayout.layout(content, range: content.fullRange, options: options).lines
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].flags.contains(.rubyRow))
        XCTAssertEqual(Self.row(lines[1], content, options), "      \u{FE45}\u{FE45}")
        // Side lines are a style, not a row.
        let lined = Self.book([("これは", nil), ("大事", nil)], marks: [("大事", .sideLine)])
        XCTAssertEqual(TextLayout.layout(lined, range: lined.fullRange, options: options).count, 1)
    }
}
