import Foundation
import XCTest

/// `dump --writing-mode vertical` through the whole program (issue #23), on the committed
/// Aozora TXT: pages of columns right to left, separated by a blank line, vertical forms,
/// and a bad value is a usage error.
final class DumpVerticalEndToEndTests: XCTestCase {
    private func pages(_ arguments: [String]) throws -> [[String]] {
        let out = try ReaderRun.reader(["dump", DumpRubyEndToEndTests.aozora] + arguments)
        XCTAssertEqual(out.status, 0, out.stderr)
        return out.stdout.components(separatedBy: "\n\n").map { $0.components(separatedBy: "\n") }
    }

    func testPagesAreColumnsRightToLeft() throws {
        let all = try pages(["--writing-mode", "vertical", "--height", "8", "--width", "20"])
        XCTAssertGreaterThan(all.count, 2)
        let title = all[0].joined(separator: "\n")
        // The title page: 灯台守の夜 in the rightmost column (cells 18–19), the author left of it.
        // The character whose cell starts at `x` in each row (ASCII one cell, the rest two).
        func column(_ x: Int) -> String {
            all[0].compactMap { row -> String? in
                var at = 0
                for s in row.unicodeScalars {
                    if at == x { return s == " " ? nil : String(s) }
                    at += s.isASCII ? 1 : 2
                }
                return nil
            }.joined()
        }
        XCTAssertEqual(column(18), "灯台守の夜", title)
        XCTAssertEqual(column(15), "", "an empty column after a heading")
        XCTAssertEqual(column(12), "海野しずく", title)
        let text = all.flatMap { $0 }.joined()
        XCTAssertTrue(text.contains("︒") && text.contains("︑"), "vertical 。 and 、")
        XCTAssertFalse(text.contains("。") || text.contains("、") || text.contains("［＃") || text.contains("《"))
        for page in all {
            XCTAssertLessThanOrEqual(page.filter { !$0.isEmpty }.count, 8, "at most --height rows")
        }
    }

    func testPagesLimitsTheOutputAndBadValuesAreUsageErrors() throws {
        XCTAssertEqual(try pages(["--writing-mode", "vertical", "--height", "8", "--width", "20", "--pages", "2"]).count, 2)
        let bad = try ReaderRun.reader(["dump", DumpRubyEndToEndTests.aozora, "--writing-mode", "sideways"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--writing-mode must be horizontal, vertical or auto"), bad.stderr)
        let low = try ReaderRun.reader(["dump", DumpRubyEndToEndTests.aozora, "--writing-mode", "vertical", "--height", "1"])
        XCTAssertEqual(low.status, 2, low.stderr)
    }
}
