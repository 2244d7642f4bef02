import Foundation
import XCTest
@testable import ReaderApp

/// OSC 52's base64 against Foundation's `base64EncodedString()`, which it replaces.
final class Base64Tests: XCTestCase {
    func testTheTextIsFoundationsBase64() {
        var rng = SystemRandomNumberGenerator()
        for count in 0..<200 {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            XCTAssertEqual(String(decoding: Base64.encode(bytes), as: UTF8.self), Data(bytes).base64EncodedString(), "\(bytes)")
        }
        XCTAssertEqual(String(decoding: Base64.encode(Array("Man".utf8)), as: UTF8.self), "TWFu")
        XCTAssertEqual(String(decoding: Base64.encode(Array("Ma".utf8)), as: UTF8.self), "TWE=")
        XCTAssertEqual(String(decoding: Base64.encode(Array("M".utf8)), as: UTF8.self), "TQ==")
    }
}
