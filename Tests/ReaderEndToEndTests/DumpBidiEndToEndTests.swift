import Foundation
import XCTest

/// End-to-end: `reader dump` on the Arabic/Hebrew fixture EPUB prints right-to-left
/// paragraphs in visual order, aligned right (the default), or in logical order aligned left
/// (`--logical`); `--arabic-shaping` picks presentation forms or base letters.
final class DumpBidiEndToEndTests: XCTestCase {
    let book = TmuxSessionTests.fixtures.appendingPathComponent("epub/rtl-arabic-hebrew.epub").path
    let hebrew = "הגן היה שקט מתחת לאור הירח."

    /// Runs `reader dump book --width 40 extra…` and returns its stdout lines.
    func dump(_ extra: [String]) throws -> [String] {
        try ReaderRun.lines(["dump", book, "--width", "40"] + extra)
    }

    func testVisualOrderAlignedRightByDefault() throws {
        let lines = try dump(["--arabic-shaping", "off"])
        // The sentence reversed by characters (no digits or Latin in it; "." ends up at
        // the left), its last cell at the right edge of the 40 columns.
        let visual = String(hebrew.reversed())
        let line = try XCTUnwrap(lines.first { $0.hasSuffix(visual) }, "no visual Hebrew line in:\n\(lines.joined(separator: "\n"))")
        XCTAssertEqual(line.count, 40, "right-aligned: the line fills the column")
        XCTAssertTrue(line.hasPrefix(" "))
    }

    func testLogicalOrderAlignedLeft() throws {
        let lines = try dump(["--logical", "--arabic-shaping", "off"])
        XCTAssertTrue(lines.contains(hebrew), "logical Hebrew line missing in:\n\(lines.joined(separator: "\n"))")
    }

    func testArabicShapingOnAndOff() throws {
        func presentationForms(_ lines: [String]) -> Int {
            lines.joined().unicodeScalars.filter { (0xFB50...0xFDFF).contains($0.value) || (0xFE70...0xFEFF).contains($0.value) }.count
        }
        XCTAssertGreaterThan(presentationForms(try dump([])), 20, "default: shaped")
        XCTAssertEqual(presentationForms(try dump(["--arabic-shaping", "off"])), 0)
        XCTAssertEqual(presentationForms(try dump(["--logical", "--arabic-shaping", "off"])), 0)
    }
}
