import Foundation
import TestSupport
import XCTest
@testable import BookFormats

/// The byte-wise searches that replaced Foundation's `range(of:options:)` (`.backwards`,
/// `.caseInsensitive`) find what it found, but for a match followed by a combining mark,
/// which Foundation (comparing whole characters) did not find.
final class StringSearchMoreTests: XCTestCase {
    func testAgreesWithFoundationWithoutCombiningMarks() {
        let alphabet = ["n", "o", "t", "e", "<", "/", "h", "H", "E", "A", "D", "é", "」", "水", "準", "、", " ", "\u{1F600}", "\u{212A}"]
        let needles = ["note", "e", "」", "水準", "、", "</head", "e<"]
        var rng = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let hay = (0..<rng.below(11)).map { _ in alphabet[rng.below(alphabet.count)] }.joined()
            let needle = needles[rng.below(needles.count)]
            XCTAssertEqual(hay.lastByteRange(of: needle), hay.range(of: needle, options: .backwards), "\(hay) / \(needle)")
            XCTAssertEqual(hay.firstByteRangeIgnoringASCIICase(of: needle), hay.range(of: needle, options: .caseInsensitive), "\(hay) / \(needle)")
        }
    }

    func testEdgeCases() {
        XCTAssertNil("".lastByteRange(of: "a"))
        XCTAssertEqual("abcabc".lastByteRange(of: "bc").map { "abcabc".utf8.distance(from: "abcabc".startIndex, to: $0.lowerBound) }, 4)
        let s = "x</HeAd>"
        XCTAssertEqual(s.firstByteRangeIgnoringASCIICase(of: "</head").map { String(s[$0]) }, "</HeAd")
        let sub = "「甲」「乙」"[...].dropFirst()
        XCTAssertEqual(sub.lastByteRange(of: "」").map { String(sub[..<$0.lowerBound]) }, "甲」「乙")
    }
}
