import TextLayout
import XCTest
import TestSupport

/// `GraphemeCursor` against the reference `Graphemes.boundaries` on random mixed-script
/// text, and the consistency of widths (sum over clusters = width of the whole).
final class GraphemeCursorTests: XCTestCase {

    /// Code points chosen to exercise every rule: every Grapheme_Cluster_Break value,
    /// pictographs, emoji modifiers, variation selectors, and several scripts.
    static let pool: [UInt32] = [
        0x41, 0x61, 0x20, 0x2C, 0x0D, 0x0A, 0x09, 0x01, 0x7F, 0x85, 0xAD,   // ASCII, controls
        0xE9, 0x301, 0x308, 0x20E3,                                          // Latin, Extend
        0x200D, 0x200B, 0x200C, 0xFE0E, 0xFE0F, 0xE0061,                     // ZWJ, formats, VS, tag
        0x1F1EF, 0x1F1F5, 0x1F1FA,                                           // regional indicators
        0x0600, 0x0D4E, 0x110BD,                                             // Prepend
        0x0903, 0x093F, 0x0E33,                                              // SpacingMark
        0x1100, 0x1112, 0x1161, 0x11A8, 0x11AB, 0xAC00, 0xAC01, 0xD55C,      // Hangul L V T LV LVT
        0x6F22, 0x5B57, 0x3002, 0xFF0C,                                      // CJK
        0x0628, 0x0650, 0x0651, 0x0633,                                      // Arabic
        0x0915, 0x094D, 0x0937, 0x0928,                                      // Devanagari
        0x0E2A, 0x0E31, 0x0E49, 0x0E14,                                      // Thai
        0x263A, 0x2764, 0x231A, 0x1F44D, 0x1F468, 0x1F469, 0x1F3FB, 0x1F3FD, // emoji
        0x00A9, 0x1F6D1,
    ]

    static func randomString(_ rng: inout SplitMix64) -> String {
        var s = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...24, using: &rng) {
            var cp: UInt32
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: cp = UInt32.random(in: 0...0x10FFFF, using: &rng)  // anything, assigned or not
            case 1: cp = UInt32.random(in: 0x20...0x7E, using: &rng)
            default: cp = pool.randomElement(using: &rng)!
            }
            if let scalar = Unicode.Scalar(cp) { s.append(scalar) }
        }
        return String(s)
    }

    func walk(_ text: String, start: Int = 0) -> [(end: Int, width: Int)] {
        var copy = text
        return copy.withUTF8 { bytes in
            var cursor = GraphemeCursor(bytes, start: start)
            var out: [(end: Int, width: Int)] = []
            while let c = cursor.next() { out.append(c) }
            return out
        }
    }

    func testCursorAgreesWithBoundariesOnRandomText() {
        var rng = SplitMix64(state: 0x5EED_0029)
        for iteration in 0..<20_000 {
            let text = Self.randomString(&rng)
            let expected = Graphemes.boundaries(in: text)
            let clusters = walk(text)
            let got = [0] + clusters.map(\.end)
            if got != expected {
                XCTFail("iteration \(iteration): \(text.unicodeScalars.map { String($0.value, radix: 16) }) expected \(expected) got \(got)")
                return
            }
            // Widths: 0...2 each; the sum is the width of the whole; each cluster has the
            // same width on its own; resuming at a boundary gives the same tail.
            let utf8 = Array(text.utf8)
            var total = 0
            for (k, c) in clusters.enumerated() {
                XCTAssertTrue((0...2).contains(c.width))
                total += c.width
                let start = k == 0 ? 0 : clusters[k - 1].end
                let piece = String(decoding: utf8[start..<c.end], as: UTF8.self)
                XCTAssertEqual(CellWidth.of(piece), c.width, "cluster \(piece.unicodeScalars.map { String($0.value, radix: 16) })")
            }
            XCTAssertEqual(CellWidth.of(text), total)
            if clusters.count > 1 {
                let from = clusters[clusters.count / 2 - 1].end
                XCTAssertEqual(walk(text, start: from).map(\.end), clusters[(clusters.count / 2)...].map(\.end))
            }
        }
    }

    func testEmptyAndASCII() {
        XCTAssertEqual(Graphemes.boundaries(in: ""), [0])
        XCTAssertTrue(walk("").isEmpty)
        XCTAssertEqual(Graphemes.boundaries(in: "ab\r\nc"), [0, 1, 2, 4, 5])
        XCTAssertEqual(walk("ab\r\nc").map(\.width), [1, 1, 0, 1])
        XCTAssertEqual(walk("e\u{301}x").map(\.end), [3, 4])
    }

    func testPositionTracksClusters() {
        var text = "a👨‍👩‍👧b"
        text.withUTF8 { bytes in
            var cursor = GraphemeCursor(bytes)
            XCTAssertEqual(cursor.position, 0)
            XCTAssertEqual(cursor.next()?.end, 1)
            XCTAssertEqual(cursor.position, 1)
            let family = cursor.next()
            XCTAssertEqual(family?.end, 1 + 18)
            XCTAssertEqual(family?.width, 2)
            XCTAssertEqual(cursor.next()?.end, 20)
            XCTAssertNil(cursor.next())
            XCTAssertEqual(cursor.position, 20)
        }
    }
}
