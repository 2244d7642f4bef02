import XCTest
import Screen
import TextContent
import TextLayout
@testable import ReaderCore

/// Update does the work, draw only draws: every layout — and every read of the layout
/// cache through `layouts.source` — happens while the model handles an input, a resize or
/// time, never while a frame is rendered; the snapshot is ready before the render.
final class RendererPurityTests: XCTestCase {
    func testNoLayoutIsAskedWhileRenderingAndTheSnapshotIsBuiltBefore() throws {
        let content = PagerTests.book(chapters: 8, paragraphs: 12)
        let m = ReaderModel(content: content, position: .zero, columns: 60, rows: 12,
                            revealSettings: RevealSettings(rate: 30, pauses: false, pageWait: 1))
        var rendering = false
        var asked: [Int] = []
        m.layouts.source = { _, chapter in
            XCTAssertFalse(rendering, "chapter \(chapter) asked for while rendering")
            asked.append(chapter)
            return nil   // not cached: laid out now
        }
        let renderer = Renderer(theme: .dark)
        var buffer = ScreenBuffer(width: 1, height: 1)

        /// Runs `update`, then renders with the source guarded; returns the chapters the
        /// update laid out.
        @discardableResult
        func frame(_ what: String, _ update: () -> Void) -> [Int] {
            let before = asked.count
            update()
            let during = Array(asked[before...])
            let snapshot = m.snapshot
            XCTAssertEqual(asked.count, before + during.count, "\(what): the snapshot was not ready after the update")
            rendering = true
            renderer.render(snapshot, into: &buffer)
            rendering = false
            XCTAssertEqual(asked.count, before + during.count, "\(what): laid out while rendering")
            return during
        }

        XCTAssertEqual(frame("first page") { _ = m.snapshot }, [0], "the first snapshot lays out the first chapter")
        XCTAssertEqual(frame("next chapter") { m.handle(.character("]")) }, [1])
        XCTAssertEqual(frame("resize") { m.resize(columns: 44, rows: 10) }, [1], "the new width is laid out during the resize")
        frame("end of the book") { m.handle(.character("G")) }
        XCTAssertEqual(asked.last, 7)
        XCTAssertEqual(frame("contents") { m.handle(.character("t")) }, [], "the list needs no layout")
        frame("contents entry") { m.handle(.up); m.handle(.up) }
        XCTAssertEqual(frame("jump from the contents") { m.handle(.enter) }, [5])
        frame("search") { for c in "/word3-2-1" { m.handle(.character(c)) }; m.handle(.enter) }
        XCTAssertEqual(m.content.chapterIndex(containing: try XCTUnwrap(m.currentMatch).lowerBound), 2)
        XCTAssertTrue(asked.contains(2))
        frame("help") { m.handle(.character("?")) }
        frame("back") { m.handle(.escape) }
        frame("reveal") { m.startReveal(at: 0) }
        let turned = frame("reveal, pages turning") { _ = m.advance(to: 10_000) }
        XCTAssertTrue(turned.contains(3) && turned.contains(4), "the reveal turned through chapters 3 and 4 during the advance: \(turned)")
        XCTAssertEqual(m.reveal?.phase, .done)
        XCTAssertEqual(m.progress.chapter, 7)
        frame("resize while revealing") { m.resize(columns: 70, rows: 20) }
    }

    func testASnapshotIsAValue() {
        let m = ReaderModel(content: PagerTests.book(), position: .zero, columns: 50, rows: 10)
        let renderer = Renderer(theme: .plain)
        let first = m.snapshot
        var a = ScreenBuffer(width: 50, height: 10)
        renderer.render(first, into: &a)
        m.handle(.character(" "))
        m.handle(.character("t"))
        var b = ScreenBuffer(width: 50, height: 10)
        renderer.render(first, into: &b)
        XCTAssertEqual((0..<10).map { a.rowText($0) }, (0..<10).map { b.rowText($0) },
                       "a snapshot taken earlier still draws the same frame")
    }

    func testTheSnapshotHoldsWhatTheStatusLineShows() {
        let content = PagerTests.book(chapters: 12)
        let m = ReaderModel(content: content, position: .zero, columns: 60, rows: 12)
        m.jumpToChapter(8)
        let status = m.snapshot.status
        XCTAssertEqual(status.title, "Chapter 9")
        XCTAssertEqual(status.chapter, " 9/12")
        XCTAssertEqual(status.percent, m.progress.percentText)
        XCTAssertNil(status.message)
        XCTAssertNil(status.reveal)
        XCTAssertNil(status.prompt)
        XCTAssertEqual(m.snapshot.geometry, ScreenGeometry(columns: 60, rows: 12, textRows: 11, textWidth: 56))
        let page = try! XCTUnwrap(m.snapshot.page)
        XCTAssertEqual(page.lines.count, 11)
        // The blank line between chapters is not shown at the top of the page.
        XCTAssertTrue(content.chapters[8].range.contains(page.lines[0].start))
        XCTAssertEqual(page.lines[0].kind, .heading)
        XCTAssertEqual(page.lines[0].clusters.map(\.text).joined(), "Chapter9")
        XCTAssertEqual(page.lines[0].clusters.map(\.column), [0, 1, 2, 3, 4, 5, 6, 8])
    }
}
