import XCTest
import Screen
import TextContent
import TextLayout
@testable import ReaderCore

/// Ruby on the page: a golden screen in each mode, the rows above lines, switching modes
/// in the reader keeps the top line, a page never ends on a ruby row.
final class RubyPageTests: XCTestCase {
    static func book(paragraphs: Int = 1) -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "猫", language: "ja", format: .txt))
        b.beginChapter(title: "一", source: "@0")
        b.beginBlock(.heading, level: 3)
        b.append("一")
        for p in 0..<paragraphs {
            b.beginBlock(.paragraph)
            b.appendRuby(base: "吾輩", reading: "わがはい")
            b.append("は猫である。名前はまだ無い。どこで")
            b.appendRuby(base: "生", reading: "うま")
            b.append("れたかとんと")
            b.appendRuby(base: "見当", reading: "けんとう")
            b.append("がつかぬ。")
            let start = b.currentOffset
            b.append("大事")
            b.addEmphasisMarks(over: ByteRange(start, b.currentOffset), mark: .sesame)
            b.append("な話\(p)。")
        }
        return b.finish()
    }

    func model(_ mode: RubyMode, paragraphs: Int = 1, rows: Int = 12, position: ByteOffset = .zero) -> ReaderModel {
        ReaderModel(content: Self.book(paragraphs: paragraphs), position: position, columns: 28, rows: rows, preferredWidth: 24,
                    baseOptions: LayoutOptions(wrap: .optimal, ruby: mode))
    }

    func testAPageInEachMode() throws {
        for mode in RubyMode.allCases {
            let shot = RenderGoldenTests.snapshot(model(mode))
            try RenderGoldenTests.assertGolden("ruby-\(mode.name)-28x12", shot)
            switch mode {
            case .above:
                XCTAssertTrue(shot.contains("わがはい"), shot)
                XCTAssertTrue(shot.contains("\u{FE45}\u{FE45}"), "sesame dots over 大事")
                XCTAssertFalse(shot.contains("（"))
            case .inline:
                XCTAssertTrue(shot.contains("吾輩（わがはい）"), shot)
                XCTAssertFalse(shot.contains("\u{FE45}"))
            case .off:
                XCTAssertFalse(shot.contains("わがはい") || shot.contains("（"), shot)
            }
        }
    }

    func testReadingsAreDimmedOnTheRowAndInline() {
        for mode in [RubyMode.above, .inline] {
            let page = model(mode).snapshot.page!
            let readings = page.lines.flatMap(\.clusters).filter { $0.styles.contains(.reading) }.map(\.text).joined()
            XCTAssertTrue(readings.contains("わがはい"), "\(mode): \(readings)")
            XCTAssertFalse(readings.contains("吾"), "\(mode): the base is not dimmed")
        }
    }

    func testSwitchingModesInTheReaderKeepsTheTopLine() {
        let m = model(.above, paragraphs: 40, rows: 10)
        for _ in 0..<7 { m.handle(.pageDown) }
        let top = m.position
        let firstText = { (m: ReaderModel) -> String in
            m.snapshot.page!.lines.first { !$0.clusters.contains { $0.styles.contains(.reading) } && !$0.clusters.isEmpty }!
                .clusters.prefix(3).map(\.text).joined()
        }
        let before = firstText(m)
        m.handle(.character("o"))
        for _ in 0..<ReaderSetting.allCases.firstIndex(of: .ruby)! { m.handle(.down) }
        for expected in [RubyMode.inline, .off, .above] {
            m.handle(.right)
            XCTAssertEqual(m.layoutOptions.ruby, expected)
            XCTAssertEqual(m.settings.changed["ruby"], expected.name, "recorded for the book")
            XCTAssertEqual(m.position, top, "\(expected): the same top")
        }
        m.handle(.escape)
        XCTAssertEqual(firstText(m), before)
    }

    func testAPageNeverEndsOnARubyRowAndScrollingMovesALineWithItsRow() {
        for rows in 4...12 {
            let m = model(.above, paragraphs: 6, rows: rows)
            for _ in 0..<6 {
                let lines = m.context.visibleLines()
                if lines.count > 1 { XCTAssertFalse(lines.last!.line.flags.contains(.rubyRow), "rows \(rows)") }
                m.handle(.pageDown)
            }
        }
        let m = model(.above, paragraphs: 6, rows: 8)
        var tops: [ByteOffset] = []
        for _ in 0..<12 {
            m.handle(.character("j"))
            tops.append(m.position)
            let first = m.context.visibleLines().first!.line
            let lines = m.context.layouts.lines(ofChapter: 0)
            let index = lines.lineIndex(containing: first.start)
            XCTAssertFalse(index > 0 && lines[index - 1].flags.contains(.rubyRow) && lines[index - 1].start == first.start
                           && !first.flags.contains(.rubyRow), "a line shown without its row on top")
        }
        XCTAssertEqual(tops, tops.sorted(), "j always moves on")
        XCTAssertGreaterThan(Set(tops).count, 8, "j is never stuck on a line and its row")
    }
}
