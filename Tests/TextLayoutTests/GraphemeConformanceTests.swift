import Foundation
import TextLayout
import UnicodeData
import XCTest

/// The official UAX #29 conformance file, `GraphemeBreakTest.txt` (Unicode 15.0, from
/// Debian's unicode-data package), run against both `Graphemes.boundaries` and
/// `GraphemeCursor`. Every case must pass; nothing is skipped.
final class GraphemeConformanceTests: XCTestCase {
    static let path = "/usr/share/unicode/auxiliary/GraphemeBreakTest.txt"

    func cases() throws -> [BreakTestCase] {
        let all = try BreakTestFile.cases(at: Self.path)
        XCTAssertEqual(all.count, 602, "GraphemeBreakTest.txt for Unicode 15.0 has 602 cases")
        XCTAssertEqual(unicodeVersion, "15.0.0")
        return all
    }

    func testBoundariesPassEveryCase() throws {
        var passed = 0
        let all = try cases()
        for c in all {
            let got = Graphemes.boundaries(in: c.text)
            if got == c.boundaries { passed += 1 } else {
                XCTFail("line \(c.line): \(c.source) — expected \(c.boundaries), got \(got)")
            }
        }
        XCTAssertEqual(passed, all.count)
    }

    func testCursorPassesEveryCase() throws {
        var passed = 0
        let all = try cases()
        for c in all {
            var text = c.text
            let got: [Int] = text.withUTF8 { bytes in
                var cursor = GraphemeCursor(bytes)
                var result = [cursor.position]
                while let cluster = cursor.next() {
                    XCTAssertEqual(cluster.end, cursor.position)
                    XCTAssertTrue((0...2).contains(cluster.width))
                    result.append(cluster.end)
                }
                XCTAssertNil(cursor.next())
                return result
            }
            if got == c.boundaries { passed += 1 } else {
                XCTFail("line \(c.line): \(c.source) — expected \(c.boundaries), got \(got)")
            }
        }
        XCTAssertEqual(passed, all.count)
    }

    /// Starting a cursor at any boundary yields the remaining boundaries.
    func testCursorStartsAtEveryBoundary() throws {
        for c in try cases() {
            var text = c.text
            text.withUTF8 { bytes in
                for (k, start) in c.boundaries.enumerated() {
                    var cursor = GraphemeCursor(bytes, start: start)
                    var rest = [start]
                    while let cluster = cursor.next() { rest.append(cluster.end) }
                    XCTAssertEqual(rest, Array(c.boundaries[k...]), "line \(c.line) from \(start)")
                }
            }
        }
    }
}
