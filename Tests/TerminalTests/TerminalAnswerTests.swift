import XCTest
@testable import Terminal

/// The answer to a query told apart from keys typed after it.
final class TerminalAnswerTests: XCTestCase {
    /// The DA1 reply (`CSI ? digits/; c`) somewhere in `bytes`, as GraphicsDetection.isComplete.
    static func hasDA1(_ bytes: [UInt8]) -> Bool {
        let s = String(decoding: bytes, as: UTF8.self)
        return s.range(of: "\u{1B}\\[\\?[0-9;]*c", options: .regularExpression) != nil
    }

    let kittyOK = Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)
    let version = Array("\u{1B}P>|kitty(0.26.5)\u{1B}\\".utf8)
    let da1 = Array("\u{1B}[?62;22c".utf8)

    func testShortestCompletePrefixIsTheAnswer() {
        let answer = kittyOK + version + da1
        let parts = TerminalAnswer.split(answer + Array("jq\u{1B}[A".utf8), isComplete: Self.hasDA1)
        XCTAssertEqual(parts.answer, answer)
        XCTAssertEqual(parts.input, Array("jq\u{1B}[A".utf8))
        XCTAssertEqual(TerminalAnswer.split(answer, isComplete: Self.hasDA1).input, [])
    }

    func testCompleteLengthSearchesAfterTheKnownPrefix() {
        let bytes = da1 + Array("x".utf8)
        var calls = 0
        let length = TerminalAnswer.completeLength(bytes, after: 3) { calls += 1; return Self.hasDA1($0) }
        XCTAssertEqual(length, da1.count)
        XCTAssertLessThan(calls, 6, "bisection, not every length")
        XCTAssertNil(TerminalAnswer.completeLength(Array(da1.dropLast()), isComplete: Self.hasDA1))
    }

    func testIncompleteWithoutEscapeIsAllKeys() {
        let parts = TerminalAnswer.split(Array("jj".utf8), isComplete: Self.hasDA1)
        XCTAssertEqual(parts.answer, [])
        XCTAssertEqual(parts.input, Array("jj".utf8))
    }

    func testIncompleteWithEscapeIsAllAnswer() {
        let partial = kittyOK + Array("\u{1B}[?62".utf8)
        let parts = TerminalAnswer.split(partial, isComplete: Self.hasDA1)
        XCTAssertEqual(parts.answer, partial)
        XCTAssertEqual(parts.input, [])
    }
}
