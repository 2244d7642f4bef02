import XCTest
import TextContent
@testable import ReaderCore

/// The bottom layer: reading keys, the keys that push the overlays, the reveal's keys.
final class ReadingLayerTests: XCTestCase {
    let settings = RevealSettings(rate: 30, pauses: false, pageWait: 1.5)

    func model() -> ReaderModel {
        ReaderModel(content: PagerTests.book(chapters: 4, paragraphs: 10), position: .zero, columns: 60, rows: 12,
                    revealSettings: settings)
    }

    func testKeysPushTheirLayers() {
        let pushes: [(Input, (any Layer) -> Bool)] = [
            (.character("t"), { $0 is ContentsLayer }),
            (.character("'"), { $0 is BookmarksLayer }),
            (.character("?"), { $0 is HelpLayer }),
            (.character("/"), { ($0 as? PromptLayer)?.kind == .search }),
            (.character(":"), { ($0 as? PromptLayer)?.kind == .command }),
        ]
        for (input, isExpected) in pushes {
            let m = model()
            XCTAssertEqual(m.handle(input), [], "\(input)")
            XCTAssertTrue(isExpected(m.topLayer), "\(input) pushed \(m.topLayer)")
            XCTAssertEqual(m.stack.layers.count, 2)
        }
    }

    func testAKeyItDoesNotKnowChangesNothing() {
        let m = model()
        XCTAssertEqual(m.handle(.character("§")), [])
        XCTAssertEqual(m.handle(.tab), [])
        XCTAssertEqual(m.position, .zero)
        XCTAssertEqual(m.stack.layers.count, 1)
    }

    func testRStartsTheRevealWithTheModelsSettings() {
        let m = model()
        XCTAssertNil(m.reveal)
        XCTAssertEqual(m.handle(.character("r"), at: 5), [])
        XCTAssertEqual(m.reveal?.settings, settings)
        XCTAssertEqual(m.snapshot.status.reveal, "reveal   30 cps")
        XCTAssertEqual(m.snapshot.page?.lines.count, 0, "nothing revealed yet")
        m.advance(to: 6)
        XCTAssertEqual(m.reveal?.shownCount, 30)
    }

    func testTheRevealsKeysKeepTheMessageOtherKeysClearIt() {
        let m = model()
        m.startReveal(at: 0)
        m.showMessage("hello")
        m.handle(.character("+"), at: 1)
        XCTAssertEqual(m.message, "hello", "a reveal key leaves the message")
        XCTAssertEqual(m.reveal?.settings.rate, 38)
        m.handle(.character("j"), at: 1)
        XCTAssertNil(m.message, "a reading key clears it")
    }

    func testEscapeClearsEveryHighlightAndNSearchesAgain() throws {
        let m = model()
        for c in "/word2-1" { m.handle(.character(c)) }
        m.handle(.enter)
        XCTAssertNotNil(m.currentMatch)
        let marked = { m.snapshot.page!.lines.flatMap(\.clusters).filter { $0.match != .none } }
        XCTAssertTrue(marked().contains { $0.match == .current })
        XCTAssertTrue(marked().contains { $0.match == .match }, "the other matches on the page too")
        m.handle(.escape)
        XCTAssertNil(m.currentMatch)
        XCTAssertTrue(m.search == nil, "the search is put away")
        XCTAssertEqual(marked().count, 0, "no highlight left on the page")
        m.handle(.character(" "))
        XCTAssertEqual(marked().count, 0, "nor on the next page")
        m.handle(.character("g"))
        m.handle(.character("n"))
        XCTAssertEqual(m.content.string(in: try XCTUnwrap(m.currentMatch)), "word2-1", "n searches the last pattern again")
        XCTAssertTrue(marked().contains { $0.match == .match })
    }
}
