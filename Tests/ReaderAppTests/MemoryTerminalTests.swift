import XCTest
import ReaderApp
import Terminal

/// The in-memory terminal's canned answers to queries.
final class MemoryTerminalTests: XCTestCase {
    static func endsWithC(_ bytes: [UInt8]) -> Bool { bytes.last == UInt8(ascii: "c") }

    func testCannedAnswersInOrderWithoutWaiting() throws {
        let clock = ManualClock()
        let terminal = MemoryTerminal(size: TerminalSize(columns: 80, rows: 24), clock: clock)
        terminal.answers = [Array("\u{1B}[?62;4c".utf8)]
        let start = clock.now()
        XCTAssertEqual(try terminal.query(Array("\u{1B}[c".utf8), timeoutMilliseconds: 100, isComplete: Self.endsWithC),
                       Array("\u{1B}[?62;4c".utf8))
        XCTAssertEqual(clock.now(), start, "a complete answer comes at once")
        XCTAssertEqual(terminal.queries, [Array("\u{1B}[c".utf8)])
        XCTAssertEqual(terminal.written, [], "queries are kept apart from frames")
    }

    func testNoAnswerTakesTheTimeoutOnTheClockOnly() throws {
        let clock = ManualClock()
        let terminal = MemoryTerminal(size: TerminalSize(columns: 80, rows: 24), clock: clock)
        let start = clock.now()
        XCTAssertEqual(try terminal.query(Array("\u{1B}[c".utf8), timeoutMilliseconds: 100, isComplete: Self.endsWithC), [])
        XCTAssertEqual(clock.now() - start, 0.1, accuracy: 1e-9)
        terminal.answers = [Array("\u{1B}[?6".utf8)]
        XCTAssertEqual(try terminal.query([], timeoutMilliseconds: 100, isComplete: Self.endsWithC), Array("\u{1B}[?6".utf8),
                       "an incomplete answer is returned after the timeout")
        XCTAssertEqual(clock.now() - start, 0.2, accuracy: 1e-9)
    }
}
