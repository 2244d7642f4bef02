import XCTest
@testable import Dictionaries

/// No control character or escape sequence survives `EntryText.clean`.
final class EntryTextTests: XCTestCase {
    static func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    func testControlsAndEscapeSequencesAreRemoved() {
        XCTAssertEqual(EntryText.clean("a \u{1B}[31mred\u{1B}[0m word"), "a red word")
        XCTAssertEqual(EntryText.clean("osc \u{1B}]0;title\u{07}after"), "osc after")
        XCTAssertEqual(EntryText.clean("osc \u{1B}]8;;http://x\u{1B}\\link"), "osc link")
        XCTAssertEqual(EntryText.clean("c1 \u{9B}2Jcsi \u{9D}title\u{9C}end"), "c1 csi end")
        XCTAssertEqual(EntryText.clean("bell\u{07} nul\u{00} del\u{7F} c1\u{85}"), "bell nul del c1")
        XCTAssertEqual(EntryText.clean("esc 7\u{1B}7 charset\u{1B}(B done"), "esc 7 charset done")
        XCTAssertEqual(EntryText.clean("dcs \u{1B}Pq#0;2;0;0;0\u{1B}\\ after"), "dcs  after")
    }

    func testLineEndsAndTabs() {
        XCTAssertEqual(EntryText.clean("a\r\nb\rc\n"), "a\nb\nc")
        XCTAssertEqual(EntryText.clean("\ta\tb"), "    a    b")
        XCTAssertEqual(EntryText.clean("\n\nx  \n\n\n\ny\n\n"), "x\n\ny", "blank lines: one in a row, none at the ends")
    }

    func testInvalidUTF8BecomesReplacementCharacters() {
        XCTAssertEqual(EntryText.clean([0x61, 0xFF, 0x62, 0xC2]), "a\u{FFFD}b\u{FFFD}")
    }

    func testAnEscapeAtTheEndAndCutSequences() {
        for text in ["end\u{1B}", "end\u{1B}[", "end\u{1B}[12;", "end\u{1B}]0;never ends", "end\u{9B}"] {
            let clean = EntryText.clean(text)
            XCTAssertEqual(clean, "end", text.debugDescription)
        }
        XCTAssertEqual(EntryText.clean("a\u{1B}[1\nb"), "a\nb", "a line end ends a cut sequence")
    }

    func testTheFixtureEntryWithControls() {
        let entries = Fixtures.tiny.lookUp("control")
        XCTAssertEqual(entries.count, 1)
        let text = entries[0].text
        XCTAssertFalse(Self.hasControls(text), text.debugDescription)
        XCTAssertEqual(text, "control\n    n 1: a red word with controls OSC\n     2: C1  CSI and DEL , lone CR\nline")
    }
}
