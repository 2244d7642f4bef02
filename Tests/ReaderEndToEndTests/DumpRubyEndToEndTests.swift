import Foundation
import XCTest

/// `dump --ruby above|inline|off` through the whole program, on the committed Aozora TXT
/// and EPUB fixtures: readings on a row above their base or in parentheses after it,
/// emphasis dots, no Aozora annotation ever shown, and a bad value is a usage error.
final class DumpRubyEndToEndTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")
    static var aozora: String { fixtures.appendingPathComponent("txt/ja_aozora_sjis_crlf.txt").path }
    static var epub: String { fixtures.appendingPathComponent("epub/ruby.epub").path }

    func dump(_ book: String, _ mode: String, width: Int = 40) throws -> [String] {
        try ReaderRun.lines(["dump", book, "--width", String(width), "--ruby", mode])
    }

    func testAboveReadingsSitOnTheRowOverTheirBase() throws {
        let lines = try dump(Self.aozora, "above")
        // (灯台 takes the cells its reading needs beyond its overhang: "灯台  の番人".)
        let base = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("灯台") && $0.contains("の番人") }, lines.joined(separator: "\n"))
        XCTAssertGreaterThan(base, 0)
        let row = lines[base - 1]
        XCTAssertTrue(row.contains("とうだい"), row)
        // Over its base: the reading's columns overlap 灯台's (2 cells a character).
        let baseColumn = 2 * lines[base].prefix { $0 != "灯" }.count
        let readingColumn = row.prefix { $0 != "と" }.reduce(0) { $0 + ($1 == " " ? 1 : 2) }
        XCTAssertLessThanOrEqual(abs(readingColumn - baseColumn), 4, "\(row)\n\(lines[base])")
        XCTAssertTrue(lines.contains { $0.contains("がらすまど") })
        XCTAssertTrue(lines.contains { $0.contains("\u{FE45}") }, "傍点 over 今夜も風が強いね")
        XCTAssertFalse(lines.contains { $0.contains("《") || $0.contains("［＃") || $0.contains("｜") })
    }

    func testInlineKeepsBaseAndReadingTogetherAndOffShowsTheBaseAlone() throws {
        for width in [20, 37, 60] {
            let inline = try dump(Self.aozora, "inline", width: width)
            let joined = inline.joined()
            XCTAssertTrue(joined.contains("灯台（とうだい）"), inline.joined(separator: "\n"))
            XCTAssertTrue(joined.contains("硝子窓（がらすまど）"))
            XCTAssertFalse(inline.contains { $0.hasPrefix("（") || $0.hasSuffix("灯台") }, "width \(width)")
            let off = try dump(Self.aozora, "off", width: width)
            XCTAssertFalse(off.joined().contains("とうだい"))
            XCTAssertEqual(off.joined().filter { !$0.isWhitespace }, inline.joined().replacingOccurrences(of: "（とうだい）", with: "")
                .replacingOccurrences(of: "（がらすまど）", with: "").filter { !$0.isWhitespace }, "the same base text")
        }
    }

    func testAUnitWiderThanTheLineIsCutInItsBaseAndTheReadingStaysWithItsEnd() throws {
        let lines = try dump(Self.aozora, "inline", width: 12)   // 灯台（とうだい）: 16 cells
        let i = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("台（とうだい）") }, lines.joined(separator: "\n"))
        XCTAssertEqual(lines[i - 1], "灯")
    }

    func testEPUBRubyInEachMode() throws {
        let above = try dump(Self.epub, "above")
        let inline = try dump(Self.epub, "inline")
        XCTAssertTrue(inline.joined().contains("（"), inline.joined(separator: "\n"))
        XCTAssertGreaterThan(above.count, try dump(Self.epub, "off").count, "rows added above the lines with readings")
    }

    func testABadRubyValueIsAUsageError() throws {
        let outcome = try ReaderRun.reader(["dump", Self.aozora, "--ruby", "over"])
        XCTAssertEqual(outcome.status, 2)
        XCTAssertTrue(outcome.stderr.contains("--ruby"), outcome.stderr)
    }
}
