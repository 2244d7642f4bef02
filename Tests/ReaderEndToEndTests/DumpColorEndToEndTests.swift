import Foundation
import XCTest

/// End-to-end: `reader dump --color` styles the text as the full-screen reader does — not
/// only headings but emphasis, strong, links, note references, code and quotes (issue #13,
/// item 6) — and `NO_COLOR` keeps the attributes without colours.
final class DumpColorEndToEndTests: XCTestCase {
    let book = TmuxSessionTests.fixtures.appendingPathComponent("epub/epub3-features.epub").path

    /// Runs `reader dump --color book` and returns its stdout.
    func dump(environment extra: [String: String] = [:]) throws -> String {
        try ReaderRun.stdout(["dump", "--color", book, "--width", "80"], environment: extra)
    }

    func testInlineStylesAsInTheReader() throws {
        let text = try dump()
        // The dark theme (the reader's default): see Theme.dark.
        for expected in ["\u{1B}[1;93mOne: The Lamp\u{1B}[0m",            // heading
                         "at \u{1B}[3mdusk\u{1B}[0m, ",                    // emphasis
                         "\u{1B}[1mcounting\u{1B}[0m each",                // strong
                         "step.\u{1B}[96m1\u{1B}[0m",                      // note reference
                         "See \u{1B}[4;96mthe harbour\u{1B}[0m and",       // link
                         "Code: \u{1B}[92mlight()\u{1B}[0m, ",             // inline code
                         "\u{1B}[3;37mA quoted line.\u{1B}[0m"] {          // block quote
            XCTAssertTrue(text.contains(expected), "missing \(expected.debugDescription) in:\n\(text.debugDescription)")
        }
        // Every line ends in the default rendition: its last escape is a reset.
        for line in text.split(separator: "\n") where line.contains("\u{1B}[") {
            XCTAssertTrue(line.components(separatedBy: "\u{1B}[").last?.hasPrefix("0m") == true, line.debugDescription)
        }
    }

    func testNoColorKeepsAttributes() throws {
        let text = try dump(environment: ["NO_COLOR": "1"])
        XCTAssertTrue(text.contains("\u{1B}[1mOne: The Lamp\u{1B}[0m"), text.debugDescription)
        XCTAssertTrue(text.contains("at \u{1B}[3mdusk\u{1B}[0m, "), text.debugDescription)
        XCTAssertTrue(text.contains("See \u{1B}[4mthe harbour\u{1B}[0m"), text.debugDescription)
        // Only attribute parameters (reset, bold, dim, italic, underline, reverse), no colours.
        for sequence in text.components(separatedBy: "\u{1B}[").dropFirst() {
            let parameters = sequence.prefix { $0 != "m" }.split(separator: ";")
            XCTAssertTrue(parameters.allSatisfy { ["0", "1", "2", "3", "4", "7"].contains($0) }, sequence.debugDescription)
        }
    }
}
