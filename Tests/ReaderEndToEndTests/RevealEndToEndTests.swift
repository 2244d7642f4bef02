import Foundation
import XCTest

/// End-to-end paced reveal: `reader --reveal=RATE` in tmux, the pane read at two moments.
/// No wall-clock asserts: only that the second moment shows more, that both are prefixes
/// of the full page (row by row, in whole characters), and that Space completes the page.
extension TmuxSessionTests {
    /// The text rows of a capture (without the status line), right-trimmed.
    func textRows(_ s: [String]) -> [String] {
        let rows = s.count >= 2 ? Array(s.prefix(29)) : s
        return rows.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    func visibleCount(_ rows: [String]) -> Int { rows.joined().filter { !$0.isWhitespace }.count }

    /// Row by row, `partial` is the start of `full` in whole Characters (a half-shown
    /// grapheme would be a different Character).
    func assertPrefix(_ partial: [String], of full: [String], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for (p, f) in zip(partial, full) where !p.isEmpty {
            XCTAssertTrue(Array(f).starts(with: Array(p)), "\(what): '\(p)' is not the start of '\(f)'", file: file, line: line)
        }
    }

    func testRevealShowsAGrowingPrefixThenTheWholePage() throws {
        let book = folder.appendingPathComponent("reveal.txt")
        try """
        Reveal

        The family 👨‍👩‍👧‍👦 waved flags 🇯🇵🇫🇷 at the café (cafe\u{301}) and read 漢字かな交じり文。 Then مَرْحَبًا said hello. \
        This sentence goes on for a while so that the reveal has enough to show over several seconds of time.

        A second paragraph with more words, more words, and yet more words to reveal at a steady pace.
        """.write(to: book, atomically: true, encoding: .utf8)
        try start(book.path, extra: "--reveal=25 --no-pauses")
        // Moment 1: some text is shown (the status line says reveal).
        let first = try waitForScreen("some revealed text") { self.visibleCount(self.textRows($0)) >= 8 && self.statusLine($0).contains("reveal") }
        XCTAssertTrue(statusLine(first).contains("  25 cps"), statusLine(first))
        let one = textRows(first)
        // Moment 2: more is shown.
        let second = try waitForScreen("more revealed text") { self.visibleCount(self.textRows($0)) > self.visibleCount(one) + 20 }
        let two = textRows(second)
        assertPrefix(one, of: two, "moment 1 within moment 2")
        // Space: the whole page at once.
        try tmux(["send-keys", "Space"])
        let whole = try waitForScreen("the whole page") { $0.contains { $0.contains("steady pace.") } }
        let full = textRows(whole)
        assertPrefix(two, of: full, "moment 2 within the page")
        XCTAssertGreaterThan(visibleCount(full), visibleCount(two))
        XCTAssertTrue(statusLine(whole).contains("page→"), statusLine(whole))
        // r leaves reveal mode (the status field goes), q quits cleanly.
        try tmux(["send-keys", "r"])
        _ = try waitForScreen("reveal off") { !self.statusLine($0).contains("cps") }
        try tmux(["send-keys", "q"])
        XCTAssertEqual(waitForFile(folder.appendingPathComponent("exit.code"))?.trimmingCharacters(in: .whitespacesAndNewlines), "0")
        XCTAssertEqual(waitForFile(folder.appendingPathComponent("stty.before")), waitForFile(folder.appendingPathComponent("stty.after")))
    }

    func testRevealRateOptionIsChecked() throws {
        let book = Self.fixtures.appendingPathComponent("sample/sample.txt").path
        try start(book, extra: "--reveal=fast")
        XCTAssertEqual(waitForFile(folder.appendingPathComponent("exit.code"))?.trimmingCharacters(in: .whitespacesAndNewlines), "2")
    }
}
