import Foundation
import XCTest

/// `dump --wrap optimal --hyphenate …` through the whole program: hyphenated lines end in
/// "-", the text is the same, `--hyphenate off` and first fit do not hyphenate, total fit
/// with hyphenation is the default, and a bad value is a usage error.
final class DumpTypesetEndToEndTests: XCTestCase {
    static var book: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/sample/sample.txt").path
    }

    func words(_ lines: [String]) -> String {
        lines.map { $0.hasSuffix("-") && $0.count > 1 ? String($0.dropLast()) : $0 + " " }.joined()
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func testOptimalWithHyphenationHyphenatesAndKeepsTheWords() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/hyphen/hyph_en_US.dic") else {
            return XCTFail("hyphen-en-us is not installed (make deps installs it)")
        }
        let hyphenated = try ReaderRun.lines(["dump", Self.book, "--width", "34", "--wrap", "optimal", "--hyphenate", "en-US"])
        let greedy = try ReaderRun.lines(["dump", Self.book, "--width", "34", "--wrap", "greedy"])
        let off = try ReaderRun.lines(["dump", Self.book, "--width", "34", "--wrap", "optimal", "--hyphenate", "off"])
        XCTAssertGreaterThan(hyphenated.filter { $0.last == "-" && $0.dropLast().last?.isLetter == true }.count, 3)
        XCTAssertEqual(greedy.filter { $0.last == "-" && $0.dropLast().last?.isLetter == true }.count,
                       off.filter { $0.last == "-" && $0.dropLast().last?.isLetter == true }.count,
                       "no hyphenation with --hyphenate off or first fit: only the text's own hyphens")
        XCTAssertTrue(hyphenated.allSatisfy { $0.count <= 34 })
        XCTAssertEqual(words(hyphenated), words(off), "the same words, the hyphens aside")
    }

    func testTotalFitHyphenatedInTheBooksLanguageIsTheDefault() throws {
        let plain = try ReaderRun.lines(["dump", Self.book, "--width", "34"])
        XCTAssertEqual(plain, try ReaderRun.lines(["dump", Self.book, "--width", "34", "--wrap", "optimal", "--hyphenate", "auto"]))
        XCTAssertNotEqual(plain, try ReaderRun.lines(["dump", Self.book, "--width", "34", "--wrap", "greedy"]))
        XCTAssertGreaterThan(plain.filter { $0.last == "-" && $0.dropLast().last?.isLetter == true }.count, 0,
                             "the sample (English) is hyphenated by default")
    }

    func testABadHyphenateValueIsAUsageError() throws {
        let outcome = try ReaderRun.reader(["dump", Self.book, "--hyphenate", "en US!"])
        XCTAssertEqual(outcome.status, 2)
        XCTAssertTrue(outcome.stderr.contains("--hyphenate"), outcome.stderr)
    }
}
