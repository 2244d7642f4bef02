import XCTest
import Screen
import TextContent
import TextLayout
@testable import ReaderCore

/// The reveal inside the reader, driven with an injected clock (plain numbers).
final class ReaderModelRevealTests: XCTestCase {
    let settings = RevealSettings(rate: 30, pauses: false, pageWait: 1.5)

    func model(rows: Int = 12, columns: Int = 60) -> ReaderModel {
        ReaderModel(content: PagerTests.book(chapters: 3, paragraphs: 6), position: .zero, columns: columns, rows: rows,
                    revealSettings: settings)
    }

    /// The text rows of the rendered screen.
    func textRows(_ m: ReaderModel) -> [String] {
        var buffer = ScreenBuffer(width: m.columns, height: m.screenRows)
        Renderer(theme: .plain).render(m.snapshot, into: &buffer)
        return (0..<m.textRows).map { row in buffer.rowText(row) }
    }

    func testRevealedCountIsRateTimesElapsedTime() {
        let m = model()
        m.startReveal(at: 100)
        m.advance(to: 101)
        XCTAssertEqual(m.reveal!.shownCount, 30)
        m.advance(to: 102.5)
        XCTAssertEqual(m.reveal!.shownCount, 75)
        XCTAssertEqual(m.reveal!.graphemesRevealed, 75)
    }

    func testLateAndIrregularFramesGiveTheSameResultAsOneFrame() {
        let a = model(), b = model()
        a.startReveal(at: 0)
        b.startReveal(at: 0)
        var t = 0.0
        for step in [0.016, 0.016, 0.9, 0.002, 0.25, 0.016, 3.1, 0.4] { t += step; a.advance(to: t) }
        b.advance(to: t)
        XCTAssertEqual(a.reveal!.revealed, b.reveal!.revealed)
        XCTAssertEqual(a.pager.anchor, b.pager.anchor)
    }

    func testTheScreenShowsAPrefixThatGrowsAndNeverHalfAGrapheme() {
        let m = model()
        let full = textRows(m)
        m.startReveal(at: 0)
        XCTAssertTrue(textRows(m).allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }, "nothing at the start")
        var previous = ""
        for t in stride(from: 0.1, through: 8, by: 0.37) {
            m.advance(to: t)
            let shown = textRows(m).joined(separator: "\n")
            // Row by row, what is shown is the start of the full row.
            for (s, f) in zip(textRows(m), full) {
                let trimmed = s.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
                XCTAssertTrue(f.hasPrefix(trimmed), "'\(trimmed)' is not a prefix of '\(f)'")
            }
            XCTAssertGreaterThanOrEqual(shown.filter { !$0.isWhitespace }.count, previous.filter { !$0.isWhitespace }.count)
            previous = shown
        }
        m.advance(to: 1000)
        XCTAssertEqual(m.reveal!.page.count > 0, true)
    }

    func testSpaceShowsTheRestThenTurnsThePage() {
        let m = model()
        let full = textRows(m)
        m.startReveal(at: 0)
        m.advance(to: 1)
        XCTAssertEqual(m.handle(.character(" "), at: 1), [])
        XCTAssertEqual(textRows(m), full, "the whole page at once")
        let top = m.pager.anchor
        XCTAssertEqual(m.handle(.enter, at: 1.2), [.positionChanged])
        XCTAssertNotEqual(m.pager.anchor, top, "a second press turns the page")
        XCTAssertEqual(m.reveal!.shownCount, 0, "and the reveal starts again there")
    }

    func testARevealPageTurnNeverStartsThePageWithABlankRow() {
        // Issue #13, item 8: the turn moved one screen of lines, often onto the paragraph gap.
        for rows in 6...14 {
            let m = model(rows: rows)
            m.startReveal(at: 0)
            var time = 0.0
            for turn in 0..<40 {
                time += 1
                m.handle(.character(" "), at: time)   // the rest of the page
                let page = textRows(m)
                XCTAssertFalse(page[0].trimmingCharacters(in: .whitespaces).isEmpty,
                               "\(rows) rows, page \(turn) starts with a blank row: \(page)")
                time += 1
                if m.handle(.character(" "), at: time).isEmpty { break }   // turns the page
            }
            XCTAssertEqual(m.progress.perMille, 1000, "the reveal ends on the last page, at 100 %")
        }
    }

    func testPageWaitThenNextPageAndNextChapter() throws {
        let m = model()
        m.startReveal(at: 0)
        let total = m.reveal!.page.total
        let fullAt = total / 30
        m.advance(to: fullAt + 0.001)
        XCTAssertEqual(m.reveal!.phase, .waiting(turnAt: fullAt + 1.5))
        XCTAssertEqual(m.advance(to: fullAt + 1.49), [])
        let top = m.pager.anchor
        XCTAssertEqual(m.advance(to: fullAt + 1.51), [.positionChanged])
        XCTAssertNotEqual(m.pager.anchor, top)
        // The new page started at the turn moment (fullAt + 1.5), not when we looked.
        XCTAssertEqual(m.reveal!.shownCount, 0)
        m.advance(to: fullAt + 1.5 + 1)
        XCTAssertEqual(m.reveal!.shownCount, 30)
        // Catch-up over a long gap: pages turn one after another, across chapters, to the end.
        m.advance(to: 100_000)
        XCTAssertEqual(m.reveal!.phase, .done)
        XCTAssertEqual(m.progress.chapter, m.content.chapters.count - 1)
        XCTAssertEqual(m.reveal!.shownCount, m.reveal!.page.count, "the last page is shown whole")
        XCTAssertNil(m.nextDeadline(after: 100_000), "done: nothing to wake up for")
    }

    func testRateChangesPauseAndFastForwardAreLive() {
        let m = model()
        m.startReveal(at: 0)
        m.advance(to: 1)
        let shown = m.reveal!.shownCount
        m.handle(.character("+"), at: 1)         // 38 cps
        XCTAssertEqual(m.reveal!.shownCount, shown, "no jump when the rate changes")
        m.advance(to: 2)
        XCTAssertEqual(m.reveal!.shownCount, 30 + 38)
        m.handle(.character("p"), at: 2)
        m.advance(to: 50)
        XCTAssertEqual(m.reveal!.shownCount, 68, "paused")
        XCTAssertNil(m.nextDeadline(after: 50), "nothing to wake up for while paused")
        m.handle(.character("p"), at: 50)
        m.handle(.character(">"), at: 50)
        m.advance(to: 50.1)
        XCTAssertEqual(m.reveal!.shownCount, 68 + 38, "fast-forward: 10 × 38 cps for 0.1 s")
        m.handle(.character("-"), at: 50.1)
        m.handle(.character(">"), at: 50.1)
        m.advance(to: 51.1)
        XCTAssertEqual(m.reveal!.shownCount, 106 + 30)
    }

    func testNextChangeIsWhenTheNextGraphemeIsDue() throws {
        let m = model()
        m.startReveal(at: 10)
        XCTAssertEqual(try XCTUnwrap(m.nextDeadline(after: 10)), 10 + 1.0 / 30, accuracy: 1e-9)
        m.advance(to: 10.5)   // 15 shown, the 16th due at 16/30
        XCTAssertEqual(try XCTUnwrap(m.nextDeadline(after: 10.5)), 10 + 16.0 / 30, accuracy: 1e-9)
    }

    func testResizeKeepsTheRevealedCharacter() {
        let m = model(rows: 20, columns: 70)
        m.startReveal(at: 0)
        m.advance(to: 3)
        let revealed = m.reveal!.revealed
        m.resize(columns: 40, rows: 15)
        m.advance(to: 3)
        XCTAssertEqual(m.reveal!.revealed, revealed, "same character after relayout")
        let shownAfter = m.reveal!.shownCount
        m.advance(to: 4)
        XCTAssertEqual(m.reveal!.shownCount, shownAfter + 30, "and it goes on from there")
    }

    func testJumpingToAChapterRestartsThereAndOneLineDownKeepsGoing() {
        let m = model()
        m.startReveal(at: 0)
        m.advance(to: 2)
        let revealed = m.reveal!.revealed
        m.handle(.character("j"), at: 2)
        XCTAssertEqual(m.reveal!.revealed, revealed, "one line down: the revealed point is still on the page")
        m.handle(.character("]"), at: 2)
        XCTAssertEqual(m.progress.chapter, 1)
        XCTAssertEqual(m.reveal!.revealed, m.reveal!.page.start)
        XCTAssertEqual(m.reveal!.shownCount, 0)
        m.advance(to: 3)
        XCTAssertEqual(m.reveal!.shownCount, 30)
    }

    func testOverlaysHoldTheRevealAndRLeavesIt() {
        let m = model()
        let full = textRows(m)
        m.startReveal(at: 0)
        m.advance(to: 1)
        m.handle(.character("?"), at: 1)
        m.advance(to: 20)
        m.handle(.character("q"), at: 20)   // closes the help
        XCTAssertTrue(m.topLayer is ReadingLayer)
        XCTAssertEqual(m.stack.layers.count, 1)
        m.advance(to: 20)
        XCTAssertEqual(m.reveal!.shownCount, 30, "held while the help was shown")
        m.handle(.character("r"), at: 21)
        XCTAssertNil(m.reveal)
        XCTAssertEqual(textRows(m), full)
        m.handle(.character("r"), at: 22)
        XCTAssertNotNil(m.reveal, "r starts it again")
        m.handle(.escape, at: 22)
        XCTAssertNil(m.reveal, "Esc leaves it too")
    }

    func testStoppedTimeIsLeftOut() {
        let m = model()
        m.startReveal(at: 0)
        m.advance(to: 1)
        m.excludeStop(from: 1, to: 601)
        m.advance(to: 601)
        XCTAssertEqual(m.reveal!.shownCount, 30)
        m.advance(to: 602)
        XCTAssertEqual(m.reveal!.shownCount, 60)
    }
}
