import XCTest
@testable import TerminalGraphics

/// Detection against canned terminal answers.
final class GraphicsDetectionTests: XCTestCase {
    private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    func testKittyAnswersItsQuery() {
        let kitty = bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c")
        XCTAssertTrue(GraphicsDetection.isComplete(kitty))
        XCTAssertEqual(GraphicsDetection.terminalVersion(kitty), "kitty(0.26.5)")
        XCTAssertEqual(GraphicsDetection.choose(answer: kitty, environment: [:]), .kitty)
    }

    func testXtermVT340HasSixel() {
        let xterm = bytes("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;16;22;28c")
        XCTAssertEqual(GraphicsDetection.deviceAttributes(xterm), [63, 1, 2, 4, 6, 9, 15, 16, 22, 28])
        XCTAssertEqual(GraphicsDetection.choose(answer: xterm, environment: ["TERM": "xterm"]), .sixel)
        XCTAssertEqual(GraphicsDetection.choose(answer: xterm, environment: ["TMUX": "/tmp/tmux-0/default,1,0"]), .symbols,
                       "tmux's own DA1 says nothing about the outer terminal")
    }

    func testITermAndPlainTerminals() {
        let da1 = bytes("\u{1B}[?62;22c")
        XCTAssertEqual(GraphicsDetection.choose(answer: da1, environment: ["TERM_PROGRAM": "iTerm.app"]), .iterm)
        XCTAssertEqual(GraphicsDetection.choose(answer: bytes("\u{1B}P>|iTerm2 3.5.0\u{1B}\\") + da1, environment: [:]), .iterm)
        XCTAssertEqual(GraphicsDetection.choose(answer: da1, environment: [:]), .symbols)
        XCTAssertEqual(GraphicsDetection.choose(answer: [], environment: [:]), .symbols, "no answer in time")
        XCTAssertFalse(GraphicsDetection.isComplete(bytes("\u{1B}_Gi=31;OK\u{1B}\\")))
    }

    func testQueriesEndWithDA1() {
        XCTAssertTrue(GraphicsDetection.queries.starts(with: KittyGraphics.query))
        XCTAssertEqual(Array(GraphicsDetection.queries.suffix(3)), bytes("\u{1B}[c"))
    }

    func testVersionKeepsNoControls() {
        XCTAssertEqual(GraphicsDetection.terminalVersion(bytes("\u{1B}P>|evil\u{07}\u{9B}name\u{1B}\\")), "evilname")
    }
}
