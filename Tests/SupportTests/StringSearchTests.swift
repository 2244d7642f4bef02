import Foundation
import XCTest
@testable import Support

final class StringSearchTests: XCTestCase {
    func testAgreesWithFoundationOnRandomText() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [String] = ["a", "b", "é", "本", "\u{1F600}", " ", "ab", "/"]
        for _ in 0..<3_000 {
            let hay = (0..<Int.random(in: 0...20, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            let needle = (0..<Int.random(in: 1...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            let ours = hay.firstByteRange(of: needle)
            let theirs = hay.range(of: needle, options: .literal)
            XCTAssertEqual(ours, theirs, "\(hay) / \(needle)")
            XCTAssertEqual(hay.containsBytes(needle), theirs != nil)
            XCTAssertEqual(hay.replacingBytes(needle, with: "<>"), hay.replacingOccurrences(of: needle, with: "<>", options: .literal), "\(hay) / \(needle)")
        }
    }

    func testEdgeCases() {
        XCTAssertTrue("abc".containsBytes(""))
        XCTAssertFalse("".containsBytes("a"))
        XCTAssertEqual("aaa".replacingBytes("aa", with: "b"), "ba")
        XCTAssertEqual("abc".replacingBytes("", with: "x"), "abc")
        XCTAssertEqual("xabcx"[...].firstByteRange(of: "bc").map { "xabcx"[$0] }, "bc")
        // Bytes, not canonical equivalence: a precomposed é is not e + combining acute.
        XCTAssertFalse("caf\u{E9}".containsBytes("e\u{301}"))
    }

    func testTrimsASCIIWhitespaceOnly() {
        XCTAssertEqual(" \t a b \r\n".trimmingASCIIWhitespace(), "a b")
        XCTAssertEqual("   ".trimmingASCIIWhitespace(), "")
        XCTAssertEqual("\u{3000}x\u{3000}".trimmingASCIIWhitespace(), "\u{3000}x\u{3000}")
        XCTAssertEqual("".trimmingASCIIWhitespace(), "")
    }
}
