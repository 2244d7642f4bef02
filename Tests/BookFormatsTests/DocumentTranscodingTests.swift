import Foundation
import TestSupport
import XCTest
@testable import BookFormats

/// `DocumentTranscoding` must give what Foundation's `String(data:encoding:)` gave an EPUB
/// document (`.utf16` after a byte-order mark, `.isoLatin1`, `.windowsCP1252`).
final class DocumentTranscodingTests: XCTestCase {
    private func foundation(_ bytes: [UInt8], _ encoding: String.Encoding) -> [UInt8]? {
        String(data: Data(bytes), encoding: encoding).map { Array($0.utf8) }
    }

    func testUTF16AsFoundation() {
        var rng = SplitMix64(seed: 16)
        let likely: [UInt8] = [0xD8, 0xDC, 0xDB, 0xDF, 0xFE, 0xFF, 0x00]
        for round in 0..<20_000 {
            var bytes: [UInt8] = round % 2 == 0 ? [0xFF, 0xFE] : [0xFE, 0xFF]
            for _ in 0..<rng.below(13) { bytes.append(rng.below(10) < 3 ? likely[rng.below(likely.count)] : UInt8(rng.below(256))) }
            XCTAssertEqual(DocumentTranscoding.utf8(fromUTF16: bytes), foundation(bytes, .utf16), "\(bytes)")
        }
        XCTAssertEqual(DocumentTranscoding.utf8(fromUTF16: [0xFF, 0xFE, 0x41, 0x00, 0x42]), Array("A".utf8))
        XCTAssertNil(DocumentTranscoding.utf8(fromUTF16: [0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00]))
    }

    func testSingleByteEncodingsAsFoundation() {
        for b in 0...255 {
            let byte = [UInt8(b)]
            XCTAssertEqual(DocumentTranscoding.utf8(fromLatin1: byte), foundation(byte, .isoLatin1), "\(b)")
            XCTAssertEqual(DocumentTranscoding.utf8(fromWindows1252: byte), foundation(byte, .windowsCP1252), "\(b)")
        }
        var rng = SplitMix64(seed: 1252)
        for _ in 0..<2_000 {
            let bytes = (0..<rng.below(20)).map { _ in UInt8(rng.below(256)) }
            XCTAssertEqual(DocumentTranscoding.utf8(fromLatin1: bytes), foundation(bytes, .isoLatin1))
            XCTAssertEqual(DocumentTranscoding.utf8(fromWindows1252: bytes), foundation(bytes, .windowsCP1252))
        }
    }
}
