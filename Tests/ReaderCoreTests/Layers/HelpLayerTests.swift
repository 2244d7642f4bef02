import XCTest
import TextContent
@testable import ReaderCore

final class HelpLayerTests: XCTestCase {
    func model() -> ReaderModel {
        ReaderModel(content: PagerTests.book(chapters: 2, paragraphs: 4), position: .zero, columns: 60, rows: 12)
    }

    func testScrollsWithinTheHelpAndAnyOtherKeyCloses() throws {
        let m = model()
        m.handle(.character("?"))
        XCTAssertEqual((m.snapshot.views.last as? HelpView)?.lines, Array(KeyHelp.lines.prefix(10)) + [HelpLayer.moreBelow],
                       "the last row says there is more")
        m.handle(.up)
        XCTAssertEqual((m.topLayer as? HelpLayer)?.scroll, 0)
        for _ in 0..<300 { m.handle(.wheelDown) }
        let bottom = KeyHelp.lines.count - 11
        XCTAssertEqual((m.topLayer as? HelpLayer)?.scroll, bottom, "stops with the last line on the last text row")
        XCTAssertEqual((m.snapshot.views.last as? HelpView)?.lines.last, KeyHelp.lines.last)
        m.handle(.character("k"))
        XCTAssertEqual((m.topLayer as? HelpLayer)?.scroll, bottom - 1)
        XCTAssertEqual(m.handle(.character(" ")), [], "closes without turning the page")
        XCTAssertTrue(m.topLayer is ReadingLayer)
        XCTAssertEqual(m.position, .zero)
    }
}
