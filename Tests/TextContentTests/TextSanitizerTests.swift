import XCTest
@testable import TextContent

final class TextSanitizerTests: XCTestCase {
    func testCleanTextPassesThroughUnchanged() {
        let s = "Hello, 世界 — שלום, مرحبا\tend\n"
        XCTAssertEqual(TextSanitizer.sanitize(s), s)
    }

    func testC0ControlsAndDELAreRemovedButTabAndLFKept() {
        XCTAssertEqual(TextSanitizer.sanitize("a\u{0}b\u{7}c\u{8}d\u{7F}e\tf\ng\rh"), "abcde\tf\ngh")
    }

    func testCSISequencesAreRemovedWhole() {
        XCTAssertEqual(TextSanitizer.sanitize("red \u{1B}[31mtext\u{1B}[0m!"), "red text!")
        XCTAssertEqual(TextSanitizer.sanitize("\u{1B}[2J\u{1B}[H\u{1B}[?1049lclear"), "clear")
    }

    func testOSCAndDCSStringsAreRemovedWhole() {
        XCTAssertEqual(TextSanitizer.sanitize("a\u{1B}]0;evil title\u{7}b"), "ab")
        XCTAssertEqual(TextSanitizer.sanitize("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b"), "alinkb")
        XCTAssertEqual(TextSanitizer.sanitize("a\u{1B}Pq#0;2;0;0;0\u{1B}\\b"), "ab")
    }

    func testC1ControlsAndC1CSIAreRemoved() {
        XCTAssertEqual(TextSanitizer.sanitize("a\u{85}b\u{9B}31mc\u{9D}0;t\u{9C}d"), "abcd")
    }

    func testUnterminatedOSCDropsOnlyTheIntroducer() {
        let long = String(repeating: "x", count: 5000)
        let out = TextSanitizer.sanitize("a\u{1B}]" + long)
        XCTAssertEqual(out, "a" + long)
    }

    func testOutputNeverContainsForbiddenBytesForRandomInput() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let scalars = (0..<40).map { _ -> Unicode.Scalar in
                let pick = Int.random(in: 0..<6, using: &rng)
                switch pick {
                case 0: return Unicode.Scalar(UInt8.random(in: 0...0x20, using: &rng))
                case 1: return Unicode.Scalar(UInt32.random(in: 0x80...0x9F, using: &rng))!
                case 2: return "\u{1B}"
                case 3: return "["
                default: return Unicode.Scalar(UInt32.random(in: 0x20...0x3000, using: &rng)) ?? "x"
                }
            }
            var s = ""
            s.unicodeScalars.append(contentsOf: scalars)
            let out = Array(TextSanitizer.sanitize(s).utf8)
            XCTAssertTrue(TextSanitizer.isClean(out), "unclean output for \(s.debugDescription)")
        }
    }
}
