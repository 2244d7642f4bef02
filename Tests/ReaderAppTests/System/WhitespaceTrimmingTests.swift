import Foundation
import XCTest
@testable import ReaderApp

/// The config file's trimming against Foundation's `trimmingCharacters(in:)`, which it
/// replaces, for every scalar of the Basic Multilingual Plane (all of Unicode's spaces are in it).
final class WhitespaceTrimmingTests: XCTestCase {
    func testEveryScalarIsTrimmedAsFoundationTrimsIt() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "\(scalar)a\(scalar)b\(scalar)"
            XCTAssertEqual(text.trimmingWhitespace(), text.trimmingCharacters(in: .whitespacesAndNewlines), "U+\(String(value, radix: 16))")
            XCTAssertEqual(text.trimmingWhitespace(newlines: false), text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
        }
    }

    func testScalarsNotWholeCharacters() {
        // A space that a combining mark follows: the space goes, the mark stays (as in Foundation).
        let text = " \u{301}x \r\n"
        XCTAssertEqual(text.trimmingWhitespace(), text.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertEqual(text.trimmingWhitespace(), "\u{301}x")
        XCTAssertEqual(Substring(" \t\u{3000}").trimmingWhitespace(), "")
        XCTAssertEqual("x\u{0B} ".trimmingWhitespace(newlines: false), "x\u{0B}")
    }
}
