import Foundation
import TestSupport
import XCTest
@testable import BookFormats

/// `Base64` must decode as Foundation's `Data(base64Encoded:options: .ignoreUnknownCharacters)`
/// did (FB2 binaries before), damaged input included: checked against Foundation itself.
final class FoundationBase64Tests: XCTestCase {
    private func ours(_ bytes: [UInt8]) -> [UInt8]? { bytes.withUnsafeBufferPointer { FoundationBase64.decode($0) } }

    private func foundation(_ bytes: [UInt8]) -> [UInt8]? {
        Data(base64Encoded: Data(bytes), options: .ignoreUnknownCharacters).map { Array($0) }
    }

    func testDecodesWellFormedInputWithLineBreaks() {
        XCTAssertEqual(ours(Array("QUJD\nRA==\n".utf8)), Array("ABCD".utf8))
        XCTAssertEqual(ours(Array("  QUJD\r\n  RA==  ".utf8)), Array("ABCD".utf8))
        XCTAssertEqual(ours([]), [])
        var rng = SplitMix64(seed: 1)
        for length in 0..<200 {
            let data = Data((0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
            let encoded = Array(data.base64EncodedData(options: [.lineLength64Characters, .endLineWithLineFeed]))
            XCTAssertEqual(ours(encoded), Array(data))
        }
    }

    func testDamagedInputAsFoundation() {
        // Padding is required, what follows a complete last group is ignored, a rest of
        // skipped bytes alone is refused.
        XCTAssertNil(ours(Array("QUJDRA".utf8)))
        XCTAssertEqual(ours(Array("QQ==QUJD".utf8)), [0x41])
        XCTAssertNil(ours(Array("   ".utf8)))
        XCTAssertEqual(ours(Array("    ".utf8)), [])
        XCTAssertNil(ours(Array("=QUJD".utf8)))
    }

    func testAgreesWithFoundationOnEveryShortString() {
        let alphabet = Array("QA=!".utf8)
        var strings: [[UInt8]] = [[]]
        var level: [[UInt8]] = [[]]
        for _ in 0..<7 {
            level = level.flatMap { s in alphabet.map { s + [$0] } }
            strings += level
        }
        for s in strings { XCTAssertEqual(ours(s), foundation(s), String(decoding: s, as: UTF8.self)) }
    }

    func testAgreesWithFoundationOnRandomInput() {
        let valid = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var rng = SplitMix64(seed: 20)
        for round in 0..<20_000 {
            let bytes = (0..<rng.below(41)).map { _ -> UInt8 in
                let r = rng.below(100)
                switch round % 3 {
                case 0: return r < 70 ? valid[rng.below(valid.count)] : r < 85 ? UInt8(ascii: "=") : r < 95 ? [0x20, 0x0A, 0x0D, 0x09][rng.below(4)] : UInt8(rng.below(256))
                case 1: return r < 90 ? valid[rng.below(valid.count)] : r < 93 ? UInt8(ascii: "=") : 0x0A
                default: return UInt8(rng.below(256))
                }
            }
            XCTAssertEqual(ours(bytes), foundation(bytes), "\(bytes)")
        }
    }
}
