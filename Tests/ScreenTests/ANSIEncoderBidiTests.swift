import XCTest
@testable import Screen

/// The encoder never writes a bidi formatting character (U+061C, U+200E/F, U+202A–E,
/// U+2066–9): a terminal that applies bidi itself could otherwise reorder the screen.
final class ANSIEncoderBidiTests: XCTestCase {
    static let controls: [Unicode.Scalar] = ["\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}",
                                             "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"]

    func testBidiControlsAreNeverWritten() {
        for c in Self.controls {
            var b = ScreenBuffer(width: 6, height: 1)
            b.put(String(c), width: 1, row: 0, col: 0)
            b.put("a" + String(c), width: 1, row: 0, col: 2)  // inside a cluster with text
            let out = String(decoding: ANSIEncoder().encodeFull(b), as: UTF8.self)
            XCTAssertFalse(out.unicodeScalars.contains(c), "U+\(String(c.value, radix: 16)) written")
            XCTAssertTrue(out.contains("a"), "the rest of the cluster is kept")
        }
    }

    func testOtherScriptsAreUntouched() {
        var b = ScreenBuffer(width: 8, height: 1)
        b.put("ש", width: 1, row: 0, col: 0)
        b.put("ع", width: 1, row: 0, col: 1)
        b.put("\u{2014}", width: 1, row: 0, col: 2)  // E2 80 94: same lead bytes as the controls
        b.put("\u{2070}", width: 1, row: 0, col: 3)  // E2 81 B0
        let out = String(decoding: ANSIEncoder().encodeFull(b), as: UTF8.self)
        XCTAssertTrue(out.hasSuffix("שع\u{2014}\u{2070}"), out.debugDescription)
    }
}
