import XCTest
import TextContent
import TextLayout
@testable import ReaderCore

final class PagerTests: XCTestCase {
    /// A book of `chapters` chapters, each a heading and `paragraphs` paragraphs of prose.
    static func book(chapters: Int = 5, paragraphs: Int = 12) -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Pager", format: .txt))
        for c in 1...chapters {
            b.beginChapter(title: "Chapter \(c)", source: "@\(c)")
            b.beginBlock(.heading, level: 1)
            b.append("Chapter \(c)")
            for p in 1...paragraphs {
                b.beginBlock(.paragraph)
                b.append((1...(p * 3 % 17 + 5)).map { "word\(c)-\(p)-\($0)" }.joined(separator: " "))
            }
        }
        return b.finish()
    }

    func testResizeKeepsTheTopTextExactly() {
        let content = Self.book()
        let layouts = ChapterLayouts(content: content, options: LayoutOptions(width: 100))
        var pager = Pager(anchor: .zero, rows: 20)
        pager.scroll(by: 37, in: layouts)
        let before = pager.visibleLines(in: layouts).first!.line
        for width in [60, 100, 37, 132, 100] {
            layouts.setOptions(LayoutOptions(width: width))
            let top = pager.visibleLines(in: layouts).first!.line
            XCTAssertTrue(top.range.contains(pager.anchor) || top.start == pager.anchor, "width \(width)")
        }
        let after = pager.visibleLines(in: layouts).first!.line
        XCTAssertEqual(after, before, "100 → 60 → 100 … columns must show the same top line")
    }

    func testScrollingCrossesChaptersAndComesBack() {
        let content = Self.book()
        let layouts = ChapterLayouts(content: content, options: LayoutOptions(width: 40))
        var pager = Pager(anchor: .zero, rows: 10)
        let firstCount = layouts.lines(ofChapter: 0).count
        pager.scroll(by: firstCount + 3, in: layouts)
        XCTAssertEqual(pager.top(in: layouts), LineAddress(chapter: 1, line: 3))
        pager.scroll(by: -(firstCount + 3), in: layouts)
        XCTAssertEqual(pager.top(in: layouts), LineAddress(chapter: 0, line: 0))
        pager.scroll(by: -5, in: layouts)
        XCTAssertEqual(pager.anchor, .zero)
    }

    func testScrollStopsAtTheLastPage() {
        let content = Self.book(chapters: 2, paragraphs: 3)
        let layouts = ChapterLayouts(content: content, options: LayoutOptions(width: 40))
        var pager = Pager(anchor: .zero, rows: 8)
        pager.scroll(by: 100_000, in: layouts)
        let visible = pager.visibleLines(in: layouts)
        XCTAssertEqual(visible.count, 8, "the last page is full")
        let lastChapter = layouts.lines(ofChapter: 1)
        XCTAssertEqual(visible.last!.line, lastChapter[lastChapter.count - 1])
        let topBefore = pager.anchor
        pager.scroll(by: 1, in: layouts)
        XCTAssertEqual(pager.anchor, topBefore)
    }

    func testJumpKeepsTheExactOffsetAsAnchor() {
        let content = Self.book()
        let layouts = ChapterLayouts(content: content, options: LayoutOptions(width: 50))
        var pager = Pager(anchor: .zero, rows: 10)
        let target = content.chapters[3].range.lowerBound + 57
        pager.jump(to: target)
        XCTAssertEqual(pager.anchor, target)
        let top = pager.visibleLines(in: layouts).first!
        XCTAssertEqual(top.address.chapter, 3)
        XCTAssertTrue(top.line.range.contains(target))
    }

    func testProgressFieldsHaveFixedWidths() {
        let content = Self.book(chapters: 12)
        var widths = Set<Int>()
        var chapterWidths = Set<Int>()
        for offset in stride(from: 0, to: content.bytes.count, by: 97) {
            let p = Progress(offset: ByteOffset(offset), in: content)
            widths.insert(p.percentText.count)
            chapterWidths.insert(p.chapterText.count)
        }
        widths.insert(Progress(chapter: 11, chapterCount: 12, perMille: 1000).percentText.count)
        XCTAssertEqual(widths, [6])
        XCTAssertEqual(chapterWidths, [5])
        XCTAssertEqual(Progress(chapter: 8, chapterCount: 12, perMille: 427).percentText, " 42.7%")
        XCTAssertEqual(Progress(chapter: 8, chapterCount: 12, perMille: 427).chapterText, " 9/12")
    }

    func testPercentJumpTargetsTheRightOffset() {
        let content = Self.book()
        XCTAssertEqual(Progress.offset(forPercent: 0, in: content), .zero)
        XCTAssertEqual(Progress.offset(forPercent: 50, in: content).rawValue, content.bytes.count / 2)
        XCTAssertEqual(Progress.offset(forPercent: 150, in: content).rawValue, content.bytes.count)
    }
}

final class ChapterLayoutsSourceTests: XCTestCase {
    func testLinesComeFromTheSourceWhenItMatches() {
        let content = PagerTests.book(chapters: 3)
        let options = LayoutOptions(width: 40)
        var asked: [Int] = []
        let layouts = ChapterLayouts(content: content, options: options)
        layouts.source = { o, i in
            asked.append(i)
            return TextLayout.layout(content, range: content.chapters[i].range, options: o)
        }
        let fresh = ChapterLayouts(content: content, options: options)
        for i in 0..<3 { XCTAssertEqual(layouts.lines(ofChapter: i), fresh.lines(ofChapter: i)) }
        XCTAssertEqual(asked, [0, 1, 2])
    }

    func testASourceForOtherOptionsOrRangesIsIgnored() {
        let content = PagerTests.book(chapters: 3)
        let layouts = ChapterLayouts(content: content, options: LayoutOptions(width: 40))
        layouts.source = { _, i in TextLayout.layout(content, range: content.chapters[i].range, options: LayoutOptions(width: 30)) }
        XCTAssertEqual(layouts.lines(ofChapter: 1).options.width, 40)
        layouts.source = { o, _ in TextLayout.layout(content, range: content.chapters[0].range, options: o) }
        XCTAssertEqual(layouts.lines(ofChapter: 2).range.lowerBound, content.chapters[2].range.lowerBound)
    }
}
