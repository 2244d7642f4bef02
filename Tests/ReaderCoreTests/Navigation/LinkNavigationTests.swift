import XCTest
import Screen
import TextContent
@testable import ReaderCore

/// Tab / Shift-Tab select the links of the page in reading order, across pages; Enter
/// follows the selected one: a note opens a popup, a link jumps (and Ctrl-O comes back),
/// a link out of the book shows its URL, a broken one says so.
final class LinkNavigationTests: XCTestCase {
    func selectedText(_ m: ReaderModel) -> String? {
        m.context.selectedLink.map { m.content.string(in: $0) }
    }

    func testTabWalksTheLinksOfThePageInReadingOrder() {
        let m = LinkBook.model()
        XCTAssertEqual(m.context.visibleLinks().map { m.content.string(in: $0.range) },
                       ["1", "to chapter two", "the website", "nowhere", "2"])
        var seen: [String] = []
        for _ in 0..<5 {
            m.handle(.tab)
            seen.append(selectedText(m) ?? "-")
        }
        XCTAssertEqual(seen, ["1", "to chapter two", "the website", "nowhere", "2"])
        XCTAssertEqual(m.message, "Note 5/5: Enter opens it")
        m.handle(.backTab)
        XCTAssertEqual(selectedText(m), "nowhere")
        XCTAssertEqual(m.message, "Link 4/5: target not found")
        m.handle(.backTab)
        XCTAssertEqual(m.message, "Link 3/5: " + LinkBook.url)
        m.handle(.backTab)
        XCTAssertEqual(m.message, "Link 2/5: → Chapter 2")
    }

    func testTheSelectedLinkIsHighlightedOnThePage() {
        let m = LinkBook.model()
        m.handle(.tab); m.handle(.tab)
        let page = m.snapshot.page!
        let selected = page.lines.flatMap(\.clusters).filter(\.isSelected).map(\.text).joined()
        XCTAssertEqual(selected, "tochaptertwo", "the clusters of the selected link (spaces are not clusters)")
        m.handle(.escape)
        XCTAssertNil(m.context.selectedLink)
        XCTAssertFalse(m.snapshot.page!.lines.flatMap(\.clusters).contains(where: \.isSelected))
    }

    func testTabAfterTheLastLinkOfThePageTurnsToTheNextLink() {
        let m = LinkBook.model()
        for _ in 0..<5 { m.handle(.tab) }
        let before = m.position
        m.handle(.tab)
        XCTAssertEqual(selectedText(m), "to the start", "the next link is in chapter 2, pages ahead")
        XCTAssertGreaterThan(m.position, before)
        XCTAssertTrue(m.context.visibleLinks().contains { $0.range == m.context.selectedLink })
        m.handle(.backTab)
        XCTAssertEqual(selectedText(m), "2", "back to the last link before that page")
        XCTAssertTrue(m.context.visibleLinks().contains { $0.range == m.context.selectedLink })
    }

    func testNoMoreLinksSaysSo() {
        let m = LinkBook.model()
        m.handle(.end)
        m.context.selectedLink = nil
        for _ in 0..<3 { m.handle(.tab) }
        let last = m.context.selectedLink
        m.handle(.tab)
        XCTAssertEqual(m.context.selectedLink, last)
        XCTAssertEqual(m.message, "No more links after this page")
    }

    func testEnterFollowsALinkAndCtrlOComesBack() {
        let m = LinkBook.model()
        m.handle(.tab); m.handle(.tab)
        let start = m.position
        let effects = m.handle(.enter)
        XCTAssertEqual(effects, [.positionChanged])
        XCTAssertEqual(m.content.chapters[m.progress.chapter].title, "Chapter 2")
        m.handle(.control("o"))
        XCTAssertEqual(m.position, start)
    }

    func testEnterWithoutASelectionScrollsALine() {
        let m = LinkBook.model(), j = LinkBook.model()
        m.handle(.enter)
        j.handle(.character("j"))
        XCTAssertEqual(m.position, j.position)
        XCTAssertGreaterThan(m.position, .zero)
    }

    func testExternalAndBrokenLinksStayAndSaySo() {
        let m = LinkBook.model()
        for _ in 0..<3 { m.handle(.tab) }
        let start = m.position
        XCTAssertEqual(m.handle(.enter), [])
        XCTAssertEqual(m.message, "External link (open it from the terminal): " + LinkBook.url)
        m.handle(.tab)
        m.handle(.enter)
        XCTAssertEqual(m.message, "Link target not found")
        XCTAssertEqual(m.position, start)
    }

    func testEnterOnANoteReferenceOpensItsPopup() {
        let m = LinkBook.model()
        m.handle(.tab)
        m.handle(.enter)
        let popup = try? XCTUnwrap(m.topLayer as? NotePopupLayer)
        XCTAssertEqual(popup.map { m.content.string(in: $0.note) }, LinkBook.shortNote + " ↩")
        XCTAssertEqual(m.position, .zero, "a note does not move the page")
    }

    func testAClickOnALinkFollowsItAndElsewhereDoesNothing() {
        let m = LinkBook.model()
        let link = m.context.visibleLinks()[1]
        let cell = m.context.cell(of: link.range)!
        XCTAssertEqual(m.context.offset(atRow: cell.row, column: cell.column), link.range.lowerBound)
        m.handle(.click(row: cell.row, column: cell.column + 3))
        XCTAssertEqual(m.content.chapters[m.progress.chapter].title, "Chapter 2")
        let here = m.position
        m.handle(.click(row: 3, column: 0))
        m.handle(.click(row: 200, column: 200))
        XCTAssertEqual(m.position, here)
    }

    func testAClickOnANoteReferenceOpensThePopup() {
        let m = LinkBook.model()
        let ref = m.context.visibleLinks()[0]
        let cell = m.context.cell(of: ref.range)!
        m.handle(.click(row: cell.row, column: cell.column))
        XCTAssertTrue(m.topLayer is NotePopupLayer)
    }

    func testLinksOutOfTheBookAreDrawnAsHyperlinksAndOthersAreNot() throws {
        let m = LinkBook.model()
        var buffer = ScreenBuffer(width: m.columns, height: m.screenRows)
        Renderer(theme: .dark).render(m.snapshot, into: &buffer)
        var linked: [String: String] = [:]
        for row in 0..<buffer.height {
            for col in 0..<buffer.width {
                if let url = buffer.hyperlink(row: row, col: col) { linked[url, default: ""] += buffer[row, col].grapheme }
            }
        }
        XCTAssertEqual(linked, [LinkBook.url: "the website"], "the cells of the external link, spaces included, and no others")
    }

    func testThousandsOfLinksOnAPageAndLinksToThemselves() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Dense", format: .epub))
        b.beginChapter(title: "One", source: "1")
        b.beginBlock(.paragraph)
        for i in 0..<5000 {
            b.defineTarget("self\(i)")
            let t = b.beginStyle(i % 2 == 0 ? .link : .noteReference, targetKey: "self\(i)")
            b.append("x")
            b.endStyle(t)
        }
        let m = ReaderModel(content: b.finish(), position: .zero, columns: 200, rows: 60)
        XCTAssertGreaterThan(m.context.visibleLinks().count, 4000)
        m.handle(.character("F"))
        XCTAssertEqual((m.topLayer as? HintLayer)?.labels.count, HintLabels.limit)
        m.handle(.escape)
        m.handle(.tab)
        XCTAssertEqual(m.handle(.enter), [], "a link to itself goes nowhere")
        XCTAssertEqual(m.jumps.entries, [], "and is no jump")
        m.handle(.tab)
        m.handle(.enter)
        XCTAssertTrue(m.topLayer is NotePopupLayer, "a note that is the reference itself: its block")
        var buffer = ScreenBuffer(width: 200, height: 60)
        Renderer(theme: .dark).render(m.snapshot, into: &buffer)
    }
}
