import TextContent
import XCTest
import TestSupport

/// `TextBytesCheck` against slow references: the standard library's UTF-8 validation and a
/// byte loop over `TextSanitizer.isForbiddenByte`.
final class TextBytesCheckTests: XCTestCase {
    private func check(_ bytes: [UInt8]) -> TextBytesCheck {
        bytes.withUnsafeBufferPointer { TextBytesCheck.check($0) }
    }

    private func reference(_ bytes: [UInt8]) -> (valid: Bool, control: Int?, c1: Int?) {
        let valid = String(validating: bytes, as: UTF8.self) != nil
        let control = bytes.firstIndex(where: TextSanitizer.isForbiddenByte)
        // In valid UTF-8, C2 is always a lead byte, so C2 80…9F is a C1 control.
        let c1 = bytes.indices.dropLast().first { bytes[$0] == 0xC2 && (0x80...0x9F).contains(bytes[$0 + 1]) }
        return (valid, control, c1)
    }

    func testCleanTextInAllScripts() {
        let text = "Plain ASCII\twith tab and\nline feeds, 汉字かな, עברית, العربية, 👩‍👩‍👧 e\u{301} \u{10FFFF}."
        let result = check(Array(text.utf8))
        XCTAssertTrue(result.isClean, "\(result)")
    }

    func testFindsControlsInTheFastAndSlowPaths() {
        for position in 0..<20 {
            for bad: UInt8 in [0x00, 0x01, 0x1B, 0x0D, 0x7F] {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: 20)
                bytes[position] = bad
                XCTAssertEqual(check(bytes).firstControl, position, "byte \(bad) at \(position)")
                XCTAssertNil(check(bytes).firstInvalidUTF8)
            }
        }
        // Tab and line feed are allowed, also inside an eight-byte word.
        XCTAssertNil(check(Array("abc\tdef\nghijklmnop".utf8)).firstControl)
    }

    func testFindsC1Controls() {
        let bytes = Array("abcdefghij".utf8) + [0xC2, 0x9B] + Array("31m".utf8)
        XCTAssertEqual(check(bytes).firstC1, 10)
        XCTAssertNil(check(bytes).firstInvalidUTF8)
        XCTAssertNil(check(Array("\u{A0}\u{BF}".utf8)).firstC1)  // C2 A0 and C2 BF are not C1
    }

    func testRejectsMalformedUTF8() {
        let cases: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
        ]
        for bad in cases {
            let bytes = Array("12345678".utf8) + bad + Array("tail".utf8)
            XCTAssertEqual(check(bytes).firstInvalidUTF8, 8, "\(bad)")
        }
    }

    func testAgreesWithReferencesOnRandomBytes() {
        var rng = SplitMix64(state: 0x9E37_79B9_7F4A_7C15)
        func next() -> UInt64 { rng.next() }
        // Mostly valid text with a few random bytes spliced in, so both paths are exercised.
        // The two- and three-byte runs taken a load at a time, and the edges of that path:
        // E0 and ED leads, C2 before and after A0, runs ending a few bytes before the end.
        let pieces: [[UInt8]] = ["the quick brown fox ", "汉字", "漢字かな漢字", "Война и мир", "עברית", "العربية",
                                 "👩‍👩‍👧", "\u{C2}\u{A0}", "\u{BF}\u{C0}", "\u{800}", "\u{FFF}", "\u{D7FF}", "\u{E000}",
                                 "\u{FFFD}", "e\u{301}", "\n", "\t"].map { Array($0.utf8) }
            + [[0xC2, 0x85], [0xC2, 0x9F], [0xED, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xE4, 0xB8], [0xD0]]
        for _ in 0..<6000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(next() % 12) {
                if next() % 5 == 0 { bytes.append(UInt8(truncatingIfNeeded: next())) } else { bytes += pieces[Int(next() % UInt64(pieces.count))] }
            }
            let got = check(bytes)
            let want = reference(bytes)
            XCTAssertEqual(got.firstInvalidUTF8 == nil, want.valid, "\(bytes)")
            XCTAssertEqual(got.firstControl, want.control, "\(bytes)")
            if want.valid { XCTAssertEqual(got.firstC1, want.c1, "\(bytes)") }
        }
    }
}
