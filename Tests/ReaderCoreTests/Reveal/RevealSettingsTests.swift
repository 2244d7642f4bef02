import XCTest
@testable import ReaderCore

final class RevealSettingsTests: XCTestCase {
    func testRateParsing() {
        XCTAssertEqual(RevealSettings.parseRate("45"), 45)
        XCTAssertEqual(RevealSettings.parseRate("12.5"), 12.5)
        XCTAssertEqual(RevealSettings.parseRate("300wpm"), 30)
        XCTAssertEqual(RevealSettings.parseRate("250WPM"), 25)
        XCTAssertEqual(RevealSettings.parseRate("60cps"), 60)
        XCTAssertNil(RevealSettings.parseRate("0"))
        XCTAssertNil(RevealSettings.parseRate("5000"))
        XCTAssertNil(RevealSettings.parseRate("fast"))
        XCTAssertNil(RevealSettings.parseRate("wpm"))
        XCTAssertNil(RevealSettings.parseRate("nan"))
    }

    func testFasterAndSlowerStepAndStayInRange() {
        XCTAssertEqual(RevealSettings.faster(30), 38)
        XCTAssertEqual(RevealSettings.slower(38), 30)
        XCTAssertEqual(RevealSettings.faster(1), 2)
        XCTAssertEqual(RevealSettings.slower(1), 1)
        XCTAssertEqual(RevealSettings.faster(1000), 1000)
        var r = 30.0
        for _ in 0..<100 { let n = RevealSettings.faster(r); XCTAssertGreaterThanOrEqual(n, r); r = n }
        XCTAssertEqual(r, 1000)
    }

    func testStatusFieldHasAFixedWidthInEveryState() {
        let content = PagerTests.book(chapters: 2, paragraphs: 3)
        let m = ReaderModel(content: content, position: .zero, columns: 60, rows: 12, revealSettings: RevealSettings(rate: 5))
        m.startReveal(at: 0)
        var widths: Set<Int> = []
        func record() { widths.insert(RevealStatus(state: m.reveal!).text.count) }
        record()
        XCTAssertEqual(RevealStatus(state: m.reveal!).state, "reveal")
        m.handle(.character(" "), at: 0.5); record()
        XCTAssertEqual(RevealStatus(state: m.reveal!).state, "page→ ")
        m.handle(.character("p"), at: 1); record()
        XCTAssertEqual(RevealStatus(state: m.reveal!).state, "paused")
        m.handle(.character("p"), at: 1)
        m.handle(.character(">"), at: 1); record()
        XCTAssertEqual(RevealStatus(state: m.reveal!).state, "ff×10 ")
        for _ in 0..<12 { m.handle(.character("+"), at: 1) }
        record()
        XCTAssertEqual(RevealStatus(state: m.reveal!).speed, "  76 cps", "5 cps, twelve steps of 25 %")
        m.advance(to: 1_000_000); record()
        XCTAssertEqual(RevealStatus(state: m.reveal!).state, "end   ")
        XCTAssertEqual(widths, [15])
    }
}
