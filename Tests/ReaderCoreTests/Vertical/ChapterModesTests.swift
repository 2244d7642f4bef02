import XCTest
import TextContent
import TextLayout
@testable import ReaderCore

/// A book whose chapters are not all one way (issue #23): with the mode on auto, each
/// chapter is set as it asks — columns, lines — and paging crosses between them as a book
/// does: forward to the next chapter's first page, back to the previous one's last page.
final class ChapterModesTests: XCTestCase {
    /// A vertical book: chapters 0 and 2 in columns, 1 and 3 (a note page, a colophon) in lines.
    static func mixedBook() -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "猫", language: "ja", format: .epub, verticalWriting: true))
        let titles = ["第一章", "凡例", "第二章", "奥付"]
        for (c, title) in titles.enumerated() {
            b.beginChapter(title: title, source: "c\(c).xhtml")
            b.beginBlock(.heading); b.append(title); b.endBlock()
            for p in 1...(c % 2 == 0 ? 10 : 6) {
                b.beginBlock(.paragraph)
                b.append(c % 2 == 0 ? "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。その\(p)番目。"
                                    : "This page is set in lines, paragraph \(p) of the \(title) page, long enough to wrap.")
                b.endBlock()
            }
        }
        var content = b.finish()
        content.chapters[1].verticalWriting = false
        content.chapters[3].verticalWriting = false
        return content
    }

    func model() -> ReaderModel {
        let m = ReaderModel(content: Self.mixedBook(), position: .zero, columns: 40, rows: 12)
        m.followChapterWritingModes()
        return m
    }

    /// (chapter, vertical) at the reading position.
    func place(_ m: ReaderModel) -> (Int, Bool) {
        (m.context.content.chapterIndex(containing: m.pager.anchor)!, m.context.isVertical)
    }

    /// Every page's start from the first to the last with `pageDown`.
    func forwardPages(_ m: ReaderModel) -> [ByteOffset] {
        var starts = [m.pager.anchor]
        while true {
            m.handle(.pageDown)
            if m.pager.anchor == starts.last { return starts }
            starts.append(m.pager.anchor)
        }
    }

    func testEachChapterIsSetAsItAsks() {
        let m = model()
        XCTAssertEqual(place(m).1, true, "the book's first chapter in columns")
        var seen: [Int: Bool] = [:]
        var firstPages: [Int: ByteOffset] = [:]
        for start in forwardPages(m) {
            let c = m.context.content.chapterIndex(containing: start)!
            if firstPages[c] == nil { firstPages[c] = start }
        }
        // Again, noting the mode on each page.
        m.jumpToChapter(0)
        repeat {
            let (c, vertical) = place(m)
            XCTAssertEqual(seen[c] ?? vertical, vertical, "chapter \(c) is one way throughout")
            seen[c] = vertical
            let before = m.pager.anchor
            m.handle(.pageDown)
            if m.pager.anchor == before { break }
        } while true
        XCTAssertEqual(seen, [0: true, 1: false, 2: true, 3: false])
        for c in 0..<4 {
            XCTAssertEqual(firstPages[c], m.context.content.chapters[c].range.lowerBound, "chapter \(c) starts on its first page")
        }
    }

    /// The end of the last block of chapter `c`.
    func chapterTextEnd(_ m: ReaderModel, _ c: Int) -> Int {
        m.context.content.blocks.last { $0.range.lowerBound < m.context.content.chapters[c].range.upperBound }!.range.upperBound.rawValue
    }

    /// The end of the text on the page shown (columns or lines).
    func pageTextEnd(_ m: ReaderModel) -> Int {
        if m.context.isVertical {
            return m.context.verticalPage!.columns.flatMap(\.cells).map(\.range.upperBound).max()!
        }
        return m.context.visibleLines().map { $0.line.range.upperBound.rawValue }.max()!
    }

    /// Backward across a change of mode lands on the previous chapter's last page, in its
    /// mode (not where a page of the other mode would end); forward and back through the
    /// whole book visit every chapter.
    func testBackwardLandsOnThePreviousChaptersLastPage() {
        let m = model()
        XCTAssertGreaterThan(forwardPages(m).count, 8)
        var crossings = 0
        while true {
            let (from, _) = place(m)
            let before = m.pager.anchor
            m.handle(.pageUp)
            if m.pager.anchor == before { break }
            let (to, vertical) = place(m)
            XCTAssertEqual(vertical, m.context.chapterIsVertical(to))
            if to != from {
                crossings += 1
                XCTAssertEqual(to, from - 1)
                XCTAssertEqual(pageTextEnd(m), chapterTextEnd(m, to), "chapter \(to)'s last page shows its end")
                // The page a book set all in that mode shows going back from the next chapter.
                let reference = ReaderModel(content: m.context.content, position: .zero, columns: 40, rows: 12)
                reference.setWritingMode(vertical ? .vertical : .horizontal)
                reference.jumpToChapter(from)
                reference.handle(.pageUp)
                XCTAssertEqual(m.pager.anchor, reference.pager.anchor, "chapter \(to)'s last page, as in a one-way book")
            }
        }
        XCTAssertEqual(crossings, 3)
        XCTAssertEqual(m.pager.anchor, .zero)
        XCTAssertTrue(m.context.isVertical, "back at the start, in columns")
    }

    func testLinesThenColumnsByTheKeysOfEach() {
        let m = model()
        // Through chapter 0 with ←, the next page in columns.
        while place(m).0 == 0 { m.handle(.left) }
        XCTAssertEqual(place(m).0, 1)
        XCTAssertFalse(m.context.isVertical, "the note page in lines")
        XCTAssertEqual(m.pager.anchor, m.context.content.chapters[1].range.lowerBound)
        XCTAssertEqual(m.snapshot.page!.lines.first?.clusters.map(\.text).joined(), "凡例", "its heading, in a line")
        m.handle(.character("b"))
        XCTAssertEqual(place(m).0, 0)
        XCTAssertTrue(m.context.isVertical)
    }

    func testJumpsTakeTheModeOfWhereTheyLand() {
        let m = model()
        m.jumpToChapter(3)
        XCTAssertEqual(place(m).0, 3)
        XCTAssertFalse(m.context.isVertical)
        m.jumpToChapter(2)
        XCTAssertTrue(m.context.isVertical)
        m.context.jump(to: m.context.content.chapters[1].range.lowerBound + 10)   // as a search or bookmark does
        m.update()
        XCTAssertFalse(m.context.isVertical)
    }

    /// `V` sets one mode for the whole book: following stops.
    func testVSetsOneModeForTheBook() {
        let m = model()
        m.handle(.character("V"))
        XCTAssertFalse(m.context.isVertical)
        XCTAssertFalse(m.context.followsChapterModes)
        m.jumpToChapter(2)
        XCTAssertFalse(m.context.isVertical, "chapter 2 in lines too")
        m.followChapterWritingModes()
        XCTAssertTrue(m.context.isVertical)
        m.setWritingMode(.horizontal)
        m.jumpToChapter(0)
        XCTAssertFalse(m.context.isVertical, "setWritingMode is one mode too")
    }

    /// A book that is one way (every book without chapter modes) is as before: auto in a
    /// horizontal book is lines everywhere.
    func testAOneWayBookIsUnchanged() {
        var content = Self.mixedBook()
        for c in content.chapters.indices { content.chapters[c].verticalWriting = nil }
        content.metadata.verticalWriting = false
        let m = ReaderModel(content: content, position: .zero, columns: 40, rows: 12)
        m.followChapterWritingModes()
        for c in 0..<4 {
            m.jumpToChapter(c)
            XCTAssertFalse(m.context.isVertical)
        }
    }
}
