import Foundation
import TextLayout
import UnicodeData
import XCTest

/// The official UAX #29 conformance files for words and sentences (Unicode 15.0, from
/// Debian's unicode-data package): `WordBreakTest.txt` against the untailored word rules
/// (`WordBoundaries.boundaries(in:dictionary: false, tailored: false)`) and
/// `SentenceBreakTest.txt` against `SentenceBoundaries.boundaries(in:)`. Every line must
/// pass; nothing is skipped.
final class SegmentationConformanceTests: XCTestCase {
    static let wordPath = "/usr/share/unicode/auxiliary/WordBreakTest.txt"
    static let sentencePath = "/usr/share/unicode/auxiliary/SentenceBreakTest.txt"

    /// One test line: the text and its expected boundaries as UTF-8 offsets.
    struct Case {
        let line: Int
        let text: String
        let boundaries: [Int]
        let source: String
    }

    static func loadCases(_ path: String) throws -> [Case] {
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("\(path) is missing: install Debian's unicode-data package (apt-get install unicode-data).")
            return []
        }
        guard let data = FileManager.default.contents(atPath: path),
              let content = String(data: data, encoding: .utf8) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
        }
        var cases: [Case] = []
        for (n, raw) in content.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let body = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces)
            if body.isEmpty { continue }
            var text = ""
            var offset = 0
            var boundaries: [Int] = []
            for token in body.split(separator: " ") {
                switch token {
                case "÷": boundaries.append(offset)
                case "×": break
                default:
                    let scalar = Unicode.Scalar(UInt32(token, radix: 16)!)!
                    text.unicodeScalars.append(scalar)
                    offset += UTF8.width(scalar)
                }
            }
            cases.append(Case(line: n + 1, text: text, boundaries: boundaries, source: body))
        }
        return cases
    }

    /// Runs `boundaries` over every case; returns how many passed.
    func check(_ cases: [Case], _ boundaries: (UnsafeBufferPointer<UInt8>) -> [Int]) -> Int {
        var passed = 0
        for c in cases {
            var utf8 = Array(c.text.utf8)
            let got = utf8.withUnsafeMutableBufferPointer { boundaries(UnsafeBufferPointer($0)) }
            if got == c.boundaries {
                passed += 1
            } else {
                XCTFail("line \(c.line): \(c.source): expected \(c.boundaries), got \(got)")
            }
        }
        return passed
    }

    func testWordBreakTestFile() throws {
        XCTAssertEqual(unicodeVersion, "15.0.0")
        let cases = try Self.loadCases(Self.wordPath)
        XCTAssertEqual(cases.count, 1823, "WordBreakTest.txt for Unicode 15.0 has 1,823 cases")
        let passed = check(cases) { WordBoundaries.boundaries(in: $0, dictionary: false, tailored: false) }
        XCTAssertEqual(passed, cases.count)
    }

    func testSentenceBreakTestFile() throws {
        let cases = try Self.loadCases(Self.sentencePath)
        XCTAssertEqual(cases.count, 502, "SentenceBreakTest.txt for Unicode 15.0 has 502 cases")
        let passed = check(cases) { SentenceBoundaries.boundaries(in: $0) }
        XCTAssertEqual(passed, cases.count)
    }

    /// The starts are the boundaries but the end, on every case of the sentence file.
    func testSentenceStartsAreTheBoundariesButTheEnd() throws {
        for c in try Self.loadCases(Self.sentencePath) {
            var utf8 = Array(c.text.utf8)
            let starts = utf8.withUnsafeMutableBufferPointer { SentenceBoundaries.starts(in: UnsafeBufferPointer($0)) }
            XCTAssertEqual(starts, Array(c.boundaries.dropLast()), "line \(c.line)")
        }
    }
}
