import XCTest
import TextContent
import TextLayout
@testable import ReaderCore

/// Vertical text in the pager (issue #23): `V`, the direction of paging, the place kept
/// across switches and resizes, what the page shows.
final class VerticalReadingTests: XCTestCase {
    static func japaneseBook() -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "猫", language: "ja", format: .txt))
        for c in 1...3 {
            b.beginChapter(title: "第\(c)章", source: "c\(c)")
            b.beginBlock(.heading); b.append("第\(c)章"); b.endBlock()
            for p in 1...12 {
                b.beginBlock(.paragraph)
                b.append("吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。その\(p)番目の段落。")
                b.endBlock()
            }
        }
        return b.finish()
    }

    func model(rows: Int = 12, columns: Int = 40) -> ReaderModel {
        ReaderModel(content: Self.japaneseBook(), position: .zero, columns: columns, rows: rows)
    }

    /// The text of the page on screen, column by column from the right.
    func columnsShown(_ m: ReaderModel) -> [String] {
        guard let page = m.snapshot.page else { return [] }
        var byColumn: [Int: String] = [:]
        for line in page.lines { for c in line.clusters { byColumn[c.column, default: ""] += c.text } }
        return byColumn.keys.sorted(by: >).map { byColumn[$0]! }
    }

    func testVSwitchesAndKeepsThePlace() {
        let m = model()
        m.handle(.pageDown)
        m.handle(.pageDown)
        let place = m.pager.anchor
        m.handle(.character("V"))
        XCTAssertTrue(m.context.isVertical)
        XCTAssertEqual(m.pager.anchor, place, "switching moves nothing")
        let page = m.context.verticalPage!
        XCTAssertLessThanOrEqual(page.start, place)
        XCTAssertTrue(page.columns[0].cells.contains { $0.range.contains(place.rawValue) } || page.start == place, "the right-hand column holds the place")
        m.handle(.character("V"))
        XCTAssertFalse(m.context.isVertical)
        XCTAssertEqual(m.pager.anchor, place)
    }

    func testPagesTurnToTheLeft() {
        let m = model()
        m.handle(.character("V"))
        let first = m.pager.anchor
        XCTAssertEqual(m.handle(.left), [.positionChanged], "← is the next page in vertical text")
        let second = m.pager.anchor
        XCTAssertGreaterThan(second, first)
        m.handle(.character(" "))
        XCTAssertGreaterThan(m.pager.anchor, second)
        m.handle(.right)
        XCTAssertEqual(m.pager.anchor, second, "→ goes back")
        m.handle(.character("b"))
        XCTAssertEqual(m.pager.anchor, first)
        XCTAssertEqual(m.handle(.right), [], "nothing before the start")
        m.handle(.character("j"))
        XCTAssertEqual(m.pager.anchor, second, "a line scroll turns a page")
    }

    func testThePageShowsColumnsFromTheRight() {
        let m = model(rows: 9, columns: 24)   // 8 rows of text; 20 cells of text column: 7 columns
        m.handle(.character("V"))
        let columns = columnsShown(m)
        XCTAssertEqual(columns.first, "第1章", "the heading in the rightmost column")
        XCTAssertEqual(columns.dropFirst().first, "吾輩は猫であ", "after it the first paragraph, one row down (る goes down with its 。; the heading's empty column has no cells)")
        let page = m.snapshot.page!
        let rightmost = page.lines.flatMap(\.clusters).map(\.column).max()!
        XCTAssertEqual(rightmost, m.context.textWidth - 2)
        XCTAssertEqual(page.lines.count, 8)
    }

    func testPagingThroughTheBookShowsAllTheTextOnce() {
        let m = model(rows: 10, columns: 30)
        m.handle(.character("V"))
        var shown = ""
        var pages = 0
        while true {
            shown += columnsShown(m).joined()
            pages += 1
            let before = m.pager.anchor
            m.handle(.pageDown)
            if m.pager.anchor == before { break }
        }
        let content = m.context.content
        let text = content.blocks.map { content.string(in: $0.range) }.joined()
            .replacingOccurrences(of: "。", with: "︒")
        XCTAssertEqual(shown, text)
        XCTAssertGreaterThan(pages, 3)
        XCTAssertEqual(m.snapshot.status.percent, "100.0%")
    }

    /// Back, page by page from the end, shows the pages forward showed: a chapter's last
    /// page is the one paging from its start made (maybe a single column), not a full page
    /// ending at the chapter's end.
    func testBackwardShowsThePagesForwardShowed() {
        let m = model(rows: 10, columns: 30)
        m.handle(.character("V"))
        var forward = [m.pager.anchor]
        while true {
            m.handle(.pageDown)
            if m.pager.anchor == forward.last { break }
            forward.append(m.pager.anchor)
        }
        var backward = [m.pager.anchor]
        while true {
            m.handle(.pageUp)
            if m.pager.anchor == backward.last { break }
            backward.append(m.pager.anchor)
        }
        XCTAssertGreaterThan(forward.count, 6)
        XCTAssertEqual(Array(backward.reversed()), forward)
    }

    func testResizeKeepsTheTextOnScreen() {
        let m = model()
        m.handle(.character("V"))
        m.handle(.pageDown); m.handle(.pageDown)
        let place = m.pager.anchor
        m.resize(columns: 30, rows: 8)
        XCTAssertEqual(m.pager.anchor, place)
        let page = m.context.verticalPage!
        XCTAssertLessThanOrEqual(page.start, place)
        XCTAssertTrue(page.columns.flatMap(\.cells).contains { $0.range.contains(place.rawValue) } || page.start == place,
                      "the text at the place is on the page after the resize")
    }

    func testTheChoiceIsRememberedAndCanBeSetByTheHost() {
        let m = model()
        XCTAssertEqual(m.handle(.character("V")), [.settingsChanged])
        XCTAssertEqual(m.context.settings.changed["writing-mode"], "vertical")
        m.handle(.character("V"))
        XCTAssertEqual(m.context.settings.changed["writing-mode"], "horizontal")
        m.setWritingMode(.vertical)
        XCTAssertTrue(m.context.isVertical)
        XCTAssertEqual(m.snapshot.page?.lines.count, m.context.textRows)
    }

    func testAJumpLandsOnTheRightHandColumn() {
        let m = model()
        m.handle(.character("V"))
        let content = m.context.content
        let target = content.blocks[20].range.lowerBound + 9   // inside a paragraph of chapter 2
        m.context.jump(to: target)
        m.update()
        let page = m.context.verticalPage!
        XCTAssertTrue(page.columns[0].cells.contains { $0.range.contains(target.rawValue) }, "the column holding the place is at the right")
        m.handle(.pageDown)
        let next = m.pager.anchor
        m.handle(.pageUp)
        m.handle(.pageDown)
        XCTAssertEqual(m.pager.anchor, next, "forward, back and forward again within a chapter")
    }

    func testIdleTimeLaysOutTheNextChapter() {
        let m = model()
        m.handle(.character("V"))
        while m.context.hasMatchesToCount || m.layouts.hasPendingAnalysis { m.doIdleWork() }
        XCTAssertEqual(m.context.verticalLayouts.chapterToLayOut(near: m.pager.anchor), 1)
        XCTAssertTrue(m.hasIdleWork)
        m.doIdleWork()
        XCTAssertNil(m.context.verticalLayouts.chapterToLayOut(near: m.pager.anchor), "chapter 1 is laid out; there is no chapter before 0")
        m.handle(.character("V"))
        XCTAssertFalse(m.hasIdleWork, "nothing vertical to do in lines")
    }

    /// A chapter with no text (a part title page of pictures, an empty document) is passed
    /// over by a page turn: idle work lays out the chapter after it too, so the turn that
    /// skips it costs no layout (古文觀止's slowest press before this).
    func testIdleWorkLooksPastChaptersWithoutText() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", language: "ja", format: .txt))
        for c in 0..<3 {
            b.beginChapter(title: "\(c)", source: "c\(c)")
            if c == 1 { continue }
            b.beginBlock(.paragraph); b.append(String(repeating: "吾輩は猫である。", count: 20)); b.endBlock()
        }
        let content = b.finish()
        XCTAssertEqual(content.chapters.count, 3)
        let m = ReaderModel(content: content, position: .zero, columns: 40, rows: 12)
        m.handle(.character("V"))
        let layouts = m.context.verticalLayouts
        XCTAssertEqual(layouts.chapterToLayOut(near: .zero), 1)
        XCTAssertTrue(layouts.columns(ofChapter: 1).isEmpty, "chapter 1 has no text")
        XCTAssertEqual(layouts.chapterToLayOut(near: .zero), 2, "past the empty chapter")
        _ = layouts.columns(ofChapter: 2)
        XCTAssertNil(layouts.chapterToLayOut(near: .zero))
    }

    /// The paced reveal in columns: cells appear in reading order (columns from the right,
    /// rows down), nothing at or after the revealed offset is drawn, the page turns to the
    /// left when it is all shown, and `V` during a reveal keeps what was revealed.
    func testThePacedRevealRunsInColumns() {
        let m = model()
        m.handle(.character("V"))
        m.startReveal(at: 0)
        XCTAssertTrue(m.context.isRevealing)
        func shown() -> [PageCluster] { m.snapshot.page!.lines.flatMap(\.clusters) }
        let order = m.context.verticalPage!.columns.flatMap(\.cells).filter { !$0.range.isEmpty }
        _ = m.advance(to: 1.5)
        let revealed = m.context.reveal!.revealed
        XCTAssertGreaterThan(shown().count, 0)
        XCTAssertLessThan(shown().count, order.count, "part of the page so far")
        // The cells drawn are the page's first ones in reading order, up to the revealed offset.
        let prefix = order.prefix { $0.range.lowerBound < revealed.rawValue }
        XCTAssertEqual(shown().count, prefix.count, "exactly the cells before the revealed offset")
        XCTAssertEqual(Set(shown().map(\.text)), Set(prefix.map(\.text)))
        m.handle(.character("V"))
        XCTAssertTrue(m.context.isRevealing, "V keeps the reveal going")
        _ = m.advance(to: 1.6)
        XCTAssertGreaterThanOrEqual(m.context.reveal!.revealed, revealed, "what was revealed stays revealed")
        m.handle(.character("V"))
        let start = m.pager.anchor
        var t = 2.0
        while m.pager.anchor == start && t < 600 { _ = m.advance(to: t); t += 0.5 }
        XCTAssertGreaterThan(m.pager.anchor, start, "the page turned once it was all shown")
        XCTAssertTrue(m.context.isVertical)
        m.handle(.character("r"))
        XCTAssertFalse(m.context.isRevealing, "r stops it, as in lines")
    }

    /// Columns come from the session's source (the layout cache) before any layout: the
    /// source is asked with the column height and the readings setting, and what it gives
    /// is what the page shows.
    func testColumnsComeFromTheSourceFirst() {
        let m = model(rows: 12)
        var asked: [(Int, Bool, Int)] = []
        let marker = VerticalColumn(cells: [VerticalCell(text: "源", range: 0..<3, isCombined: false)], indent: 0)
        m.verticalSource = { height, readings, chapter in
            asked.append((height, readings, chapter))
            return chapter == 0 ? [marker] : nil
        }
        m.handle(.character("V"))
        XCTAssertEqual(columnsShown(m).first, "源", "the page shows the source's column")
        XCTAssertEqual(asked.first.map { [$0.0, $0.2] }, [11, 0], "asked for chapter 0 at 11 rows (12 less the status line)")
        XCTAssertEqual(asked.first?.1, true)
        XCTAssertEqual(m.verticalLayoutSize?.height, 11)
        let count = asked.count
        _ = m.context.verticalLayouts.columns(ofChapter: 0)
        XCTAssertEqual(asked.count, count, "a chapter found is kept: the source is not asked again")
        // A chapter the source does not have is laid out as usual.
        XCTAssertEqual(m.context.verticalLayouts.columns(ofChapter: 1),
                       VerticalPages.columns(ofChapter: 1, in: m.context.content, height: 11))
        m.handle(.character("V"))
        XCTAssertNil(m.verticalLayoutSize, "no vertical size in lines")
    }
}
