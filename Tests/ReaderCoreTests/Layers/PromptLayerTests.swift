import XCTest
import Screen
import TextContent
@testable import ReaderCore

final class PromptLayerTests: XCTestCase {
    func model() -> ReaderModel {
        ReaderModel(content: PagerTests.book(chapters: 6, paragraphs: 10), position: .zero, columns: 60, rows: 12)
    }

    func type(_ text: String, into m: ReaderModel) {
        for c in text { m.handle(.character(c)) }
    }

    func testWhatIsTypedIsOnTheStatusLineOverTheText() {
        let m = model()
        type("/wor", into: m)
        XCTAssertEqual(m.snapshot.status.prompt, "/wor")
        XCTAssertNotNil(m.snapshot.page, "the text stays visible")
        m.handle(.backspace)
        XCTAssertEqual((m.topLayer as? PromptLayer)?.text, "wo")
        XCTAssertEqual(m.snapshot.status.prompt, "/wo")
    }

    func testThePromptReplacesTheStatusLineWithACursor() {
        let m = model()
        type(":chap", into: m)
        var buffer = ScreenBuffer(width: 60, height: 12)
        Renderer(theme: .plain).render(m.snapshot, into: &buffer)
        XCTAssertEqual(buffer.rowText(11, trimmed: true), ":chap▏")
        XCTAssertEqual(buffer[11, 59].style, Theme.plain.status)
    }

    func testBackspaceOnAnEmptyLineAndEscapeCancel() {
        let m = model()
        type(":", into: m)
        m.handle(.backspace)
        XCTAssertTrue(m.topLayer is ReadingLayer)
        XCTAssertNil(m.snapshot.status.prompt)
        for cancel in [Input.escape, .control("c"), .control("g")] {
            type(":3", into: m)
            XCTAssertEqual(m.handle(cancel), [])
            XCTAssertTrue(m.topLayer is ReadingLayer)
            XCTAssertEqual(m.position, .zero, "not run")
        }
    }

    func testArrowsAreSwallowedWhileTyping() {
        let m = model()
        type(":", into: m)
        XCTAssertEqual(m.handle(.pageDown), [])
        XCTAssertEqual(m.position, .zero)
        XCTAssertTrue(m.topLayer is PromptLayer)
    }

    func testAnEmptySearchRepeatsTheLastOne() throws {
        let m = model()
        type("/word4-3-2", into: m)
        m.handle(.enter)
        let first = try XCTUnwrap(m.currentMatch)
        type("/", into: m)
        m.handle(.enter)
        XCTAssertEqual(m.currentMatch, first, "the only match, found again")
        XCTAssertEqual(m.message, "Search wrapped to the start")
    }

    func testACommandThatMovesReportsThePositionChange() {
        let m = model()
        type(":3", into: m)
        XCTAssertEqual(m.handle(.enter), [.positionChanged])
        XCTAssertEqual(m.progress.chapter, 2)
        type(":q", into: m)
        XCTAssertEqual(m.handle(.enter), [])
        XCTAssertEqual(m.message, "Press q to quit")
    }
}
