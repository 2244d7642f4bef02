import Foundation
import XCTest
@testable import TextLayout
import UnicodeData

/// Runs the official UAX #14 conformance file against `LineBreaks.opportunities(in:)`.
/// No case is skipped: every one of the 7654 lines of LineBreakTest-15.0.0 must pass.
final class LineBreakConformanceTests: XCTestCase {
    static let path = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    /// One line of LineBreakTest.txt.
    struct Case {
        var line: Int
        var scalars: [Unicode.Scalar]
        /// Expected break before scalar i (index 0 = start of text, count = end of text).
        var breaks: [Bool]
        var comment: String
    }

    static func loadCases() throws -> [Case] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            XCTFail("""
                \(path) is missing or unreadable: install Debian's unicode-data package \
                (apt-get install unicode-data) — the conformance test cannot run without it.
                """)
            throw CocoaError(.fileNoSuchFile)
        }
        var cases: [Case] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let parts = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let body = parts[0].trimmingCharacters(in: .whitespaces)
            if body.isEmpty { continue }
            var scalars: [Unicode.Scalar] = []
            var breaks: [Bool] = []
            for token in body.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch token {
                case "÷": breaks.append(true)
                case "×": breaks.append(false)
                default:
                    guard let v = UInt32(token, radix: 16), let s = Unicode.Scalar(v) else {
                        XCTFail("line \(index + 1): bad code point \(token)")
                        continue
                    }
                    scalars.append(s)
                }
            }
            XCTAssertEqual(breaks.count, scalars.count + 1, "line \(index + 1): malformed")
            cases.append(Case(line: index + 1, scalars: scalars, breaks: breaks,
                              comment: parts.count > 1 ? String(parts[1]) : ""))
        }
        return cases
    }

    func testLineBreakTestFile() throws {
        let cases = try Self.loadCases()
        XCTAssertEqual(cases.count, 7654, "LineBreakTest-15.0.0 has 7654 cases")
        var failures = 0
        for c in cases {
            var text = ""
            text.unicodeScalars.append(contentsOf: c.scalars)
            var offsets: [Int] = []     // UTF-8 offset of each scalar, then of the end of text
            var offset = 0
            for s in c.scalars {
                offsets.append(offset)
                offset += String(s).utf8.count
            }
            offsets.append(offset)
            let expected = c.breaks.indices.filter { c.breaks[$0] }.map { offsets[$0] }
            let got = LineBreaks.opportunities(in: text).map(\.offset)
            if got != expected {
                failures += 1
                let rules = LineBreaks.explain(c.scalars, set: .uax14)
                var detail: [String] = []
                for i in 1..<c.scalars.count {
                    let want = c.breaks[i], have = got.contains(offsets[i])
                    if want != have {
                        let left = String(c.scalars[i - 1].value, radix: 16, uppercase: true)
                        let right = String(c.scalars[i].value, radix: 16, uppercase: true)
                        detail.append("\(left) \(want ? "÷" : "×") \(right) expected, got \(have ? "÷" : "×") by \(rules[i - 1])")
                    }
                }
                XCTFail("LineBreakTest.txt line \(c.line): \(detail.joined(separator: "; ")) — \(c.comment)")
            }
        }
        XCTAssertEqual(failures, 0, "\(cases.count - failures)/\(cases.count) passed")
    }
}
