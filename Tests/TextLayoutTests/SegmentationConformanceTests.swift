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

    /// Runs `boundaries` over every case; returns how many passed.
    func check(_ cases: [BreakTestCase], _ boundaries: (UnsafeBufferPointer<UInt8>) -> [Int]) -> Int {
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
        let cases = try BreakTestFile.cases(at: Self.wordPath)
        XCTAssertEqual(cases.count, 1823, "WordBreakTest.txt for Unicode 15.0 has 1,823 cases")
        let passed = check(cases) { WordBoundaries.boundaries(in: $0, dictionary: false, tailored: false) }
        XCTAssertEqual(passed, cases.count)
    }

    func testSentenceBreakTestFile() throws {
        let cases = try BreakTestFile.cases(at: Self.sentencePath)
        XCTAssertEqual(cases.count, 502, "SentenceBreakTest.txt for Unicode 15.0 has 502 cases")
        let passed = check(cases) { SentenceBoundaries.boundaries(in: $0) }
        XCTAssertEqual(passed, cases.count)
    }

    /// The starts are the boundaries but the end, on every case of the sentence file.
    func testSentenceStartsAreTheBoundariesButTheEnd() throws {
        for c in try BreakTestFile.cases(at: Self.sentencePath) {
            var utf8 = Array(c.text.utf8)
            let starts = utf8.withUnsafeMutableBufferPointer { SentenceBoundaries.starts(in: UnsafeBufferPointer($0)) }
            XCTAssertEqual(starts, Array(c.boundaries.dropLast()), "line \(c.line)")
        }
    }
}
