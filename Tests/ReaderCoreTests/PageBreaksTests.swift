import XCTest
import TestSupport
import TextContent
import TextLayout
@testable import ReaderCore

/// The page rules (issue #13, items 7–9): no blank first row, one chapter a page, a
/// heading kept with two lines of what follows, page turns that go back exactly, and a
/// percentage that only grows while paging forward and reads 100 % on the last page.
final class PageBreaksTests: XCTestCase {
    /// A chapter of one-line paragraphs with a sub-heading after `headingAfter` of them.
    static func bookWithSubheading(headingAfter: Int, paragraphs: Int = 12) -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Headings", format: .txt))
        b.beginChapter(title: "One", source: "@1")
        b.beginBlock(.heading, level: 1)
        b.append("One")
        for p in 1...paragraphs {
            if p == headingAfter + 1 {
                b.beginBlock(.heading, level: 2)
                b.append("Section")
            }
            b.beginBlock(.paragraph)
            b.append("Line \(p).")
        }
        return b.finish()
    }

    /// A random book: chapters at levels 1–3, headings inside chapters, paragraphs of
    /// 1–60 words.
    static func randomBook(_ rng: inout SplitMix64) -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Random", format: .txt))
        for c in 1...(1 + rng.below(6)) {
            b.beginChapter(title: "Chapter \(c)", level: 1 + rng.below(3), source: "@\(c)")
            b.beginBlock(.heading, level: 1)
            b.append("Chapter \(c)")
            for p in 0..<rng.below(14) {
                if rng.below(5) == 0 {
                    b.beginBlock(.heading, level: 2)
                    b.append("Section \(c).\(p)")
                }
                b.beginBlock(rng.below(6) == 0 ? .blockquote : .paragraph)
                b.append((0...rng.below(60)).map { "w\(c)x\(p)x\($0)" }.joined(separator: " "))
            }
        }
        return b.finish()
    }

    private static func isText(_ line: Line) -> Bool { !line.flags.contains(.blank) }

    func testAHeadingInTheLastRowsGoesToTheNextPage() {
        // Lines: One, _, Line 1, _, Line 2, _, Line 3, _, Section, _, Line 4, …: with 10 rows
        // the heading would sit on row 9 with nothing after it.
        let content = Self.bookWithSubheading(headingAfter: 3)
        let layouts = ChapterLayouts(content: content, options: LayoutOptions(width: 40))
        var pager = Pager(anchor: .zero, rows: 10)
        let first = pager.visibleLines(in: layouts)
        XCTAssertFalse(first.contains { $0.line.kind == .heading && $0.address.line > 0 },
                       "the page ends before the heading: \(first.map(\.address.line))")
        XCTAssertEqual(first.count, 7, "blank rows at the bottom instead")
        pager.pageDown(in: layouts)
        let second = pager.visibleLines(in: layouts)
        XCTAssertEqual(second.first?.line.kind, .heading, "the next page starts with the heading")
        XCTAssertGreaterThanOrEqual(second.dropFirst().filter { Self.isText($0.line) }.count, 2)
        pager.pageUp(in: layouts)
        XCTAssertEqual(pager.anchor, .zero, "and page up goes back to the first page")
    }

    func testAHeadingWithTwoLinesAfterItStays() {
        // One, _, Line 1, _, Section, _, Line 2, _, Line 3, _: two lines after the heading.
        let content = Self.bookWithSubheading(headingAfter: 1)
        let layouts = ChapterLayouts(content: content, options: LayoutOptions(width: 40))
        let page = Pager(anchor: .zero, rows: 10).visibleLines(in: layouts)
        XCTAssertEqual(page.count, 10)
        XCTAssertTrue(page.contains { $0.line.kind == .heading && $0.address.line > 0 })
    }

    func testANewChapterStartsAPage() {
        let content = PagerTests.book(chapters: 3, paragraphs: 2)
        let layouts = ChapterLayouts(content: content, options: LayoutOptions(width: 60))
        var pager = Pager(anchor: .zero, rows: 30)
        XCTAssertTrue(pager.visibleLines(in: layouts).allSatisfy { $0.address.chapter == 0 },
                      "the first chapter alone, though the next would fit")
        pager.pageDown(in: layouts)
        let second = pager.visibleLines(in: layouts)
        XCTAssertEqual(second.first?.address.chapter, 1)
        XCTAssertEqual(second.first?.line.kind, .heading, "page down lands on the chapter's heading")
        XCTAssertTrue(content.chapters[1].range.contains(pager.anchor))
        XCTAssertEqual(Progress(offset: pager.anchor, in: content).chapter, 1, "the status line names the chapter shown")
    }

    func testABlankLineAtTheTopIsNotShownAndThePositionStays() {
        let content = PagerTests.book(chapters: 2, paragraphs: 6)
        let layouts = ChapterLayouts(content: content, options: LayoutOptions(width: 50))
        let lines = layouts.lines(ofChapter: 0)
        let blank = lines.lines.firstIndex { $0.flags.contains(.blank) && $0.start.rawValue > 40 }!
        let pager = Pager(anchor: lines[blank].start, rows: 6)
        let shown = pager.visibleLines(in: layouts)
        XCTAssertTrue(Self.isText(shown[0].line), "no empty first row")
        XCTAssertEqual(shown[0].address.line, blank + 1)
        XCTAssertEqual(shown.count, 6, "the page is still full")
        for width in [30, 77, 50] {
            layouts.setOptions(LayoutOptions(width: width))
            XCTAssertTrue(Self.isText(pager.visibleLines(in: layouts)[0].line), "width \(width)")
        }
        XCTAssertEqual(pager.anchor, lines[blank].start, "showing the page does not move the position")
    }

    func testLineScrollingNeverPutsABlankLineOnTop() {
        let content = PagerTests.book(chapters: 3, paragraphs: 5)
        let layouts = ChapterLayouts(content: content, options: LayoutOptions(width: 40))
        var pager = Pager(anchor: .zero, rows: 8)
        var tops: [LineAddress] = []
        for _ in 0..<200 {
            pager.scroll(by: 1, in: layouts)
            let top = pager.top(in: layouts)
            XCTAssertTrue(Self.isText(layouts.lines(ofChapter: top.chapter)[top.line]), "j put \(top) on top")
            if tops.last == top { break }
            tops.append(top)
        }
        for _ in 0..<200 {
            pager.scroll(by: -1, in: layouts)
            let top = pager.top(in: layouts)
            XCTAssertTrue(Self.isText(layouts.lines(ofChapter: top.chapter)[top.line]), "k put \(top) on top")
        }
        XCTAssertEqual(pager.anchor, .zero)
    }

    func testPageUpAfterAResizeStillLeadsBack() {
        let content = PagerTests.book(chapters: 2, paragraphs: 30)
        let layouts = ChapterLayouts(content: content, options: LayoutOptions(width: 60))
        var pager = Pager(anchor: .zero, rows: 12)
        for _ in 0..<4 { pager.pageDown(in: layouts) }
        let anchor = pager.anchor
        layouts.setOptions(LayoutOptions(width: 33))
        pager.rows = 9
        XCTAssertEqual(pager.anchor, anchor, "a resize keeps the position")
        let shown = pager.visibleLines(in: layouts)[0].address
        pager.pageUp(in: layouts)
        XCTAssertEqual(PageBreaks.nextPageTop(after: pager.top(in: layouts), rows: 9, in: layouts), shown,
                       "the remembered turn no longer fits the layout: the page up is computed again")
    }

    /// Paging through random books at random sizes: every rule on every page, every line
    /// of text on some page, page turns that go back exactly, and the percentage.
    func testPagingThroughRandomBooks() {
        var rng = SplitMix64(seed: 13)
        for round in 0..<150 {
            let content = Self.randomBook(&rng)
            let rows = 3 + rng.below(20)
            let layouts = ChapterLayouts(content: content, options: LayoutOptions(width: 16 + rng.below(50)))
            var pager = Pager(anchor: .zero, rows: rows)
            var pages: [[(address: LineAddress, line: Line)]] = []
            var anchors: [ByteOffset] = []
            var percents: [Int] = []
            while pages.count < 10_000 {
                let page = pager.visibleLines(in: layouts)
                pages.append(page)
                anchors.append(pager.anchor)
                percents.append(Progress(offset: pager.anchor, in: content, atEnd: pager.showsEnd(in: layouts)).perMille)
                let before = pager.anchor
                pager.pageDown(in: layouts)
                if pager.anchor == before { break }
            }
            let context = "round \(round), rows \(rows), width \(layouts.options.width)"
            for (i, page) in pages.enumerated() {
                checkRules(page, rows: rows, layouts: layouts, context: "\(context), page \(i)")
                if i > 0 && page.first?.address.chapter != pages[i - 1].first?.address.chapter {
                    let first = PageBreaks.firstShown(from: LineAddress(chapter: page[0].address.chapter, line: 0), rows: rows, in: layouts)
                    XCTAssertEqual(page.first?.address, first, "a chapter starts at the top of a page: \(context)")
                }
            }
            // Every line of text is on a page, once.
            let shown = pages.flatMap { $0 }.filter { Self.isText($0.line) }.map(\.address)
            var all: [LineAddress] = []
            for c in 0..<layouts.chapterCount {
                let lines = layouts.lines(ofChapter: c)
                for l in 0..<lines.count where Self.isText(lines[l]) { all.append(LineAddress(chapter: c, line: l)) }
            }
            XCTAssertEqual(shown, all, "every line of text once: \(context)")
            // The percentage never goes down, and the last page is 100 %.
            XCTAssertEqual(percents, percents.sorted(), "non-decreasing: \(context)")
            XCTAssertEqual(percents.last, 1000, context)
            XCTAssertTrue(percents.dropLast().allSatisfy { $0 < 1000 }, context)
            // Down then up (through the remembered turns), and up then down, come back to
            // the same top.
            for i in stride(from: anchors.count - 1, to: 0, by: -1) {
                pager.pageUp(in: layouts)
                XCTAssertEqual(pager.anchor, anchors[i - 1], "page up after page down: \(context), page \(i)")
            }
            for i in 1..<anchors.count {
                var back = Pager(anchor: anchors[i], rows: rows)
                back.pageUp(in: layouts)
                back.pageDown(in: layouts)
                XCTAssertEqual(back.anchor, anchors[i], "page down after page up: \(context), page \(i)")
            }
        }
    }

    private func checkRules(_ page: [(address: LineAddress, line: Line)], rows: Int, layouts: ChapterLayouts, context: String) {
        guard let first = page.first else { return XCTFail("an empty page: \(context)") }
        XCTAssertLessThanOrEqual(page.count, rows, context)
        XCTAssertTrue(Self.isText(first.line), "no blank first row: \(context)")
        XCTAssertTrue(page.allSatisfy { $0.address.chapter == first.address.chapter }, "one chapter a page: \(context)")
        // A heading below the top has two lines of text after it, unless the chapter ends first.
        guard let last = page.indices.last(where: { page[$0].line.kind == .heading && Self.isText(page[$0].line) }),
              last > 0, page[..<last].contains(where: { $0.line.kind != .heading && Self.isText($0.line) }) else { return }
        let after = page[(last + 1)...].filter { Self.isText($0.line) }.count
        let lines = layouts.lines(ofChapter: first.address.chapter)
        let textLeftInChapter = (page[last].address.line + 1..<lines.count).filter { Self.isText(lines[$0]) }.count
        XCTAssertGreaterThanOrEqual(after, min(PageBreaks.linesKeptWithHeading, textLeftInChapter),
                                    "a heading left alone at the bottom: \(context)")
    }
}
