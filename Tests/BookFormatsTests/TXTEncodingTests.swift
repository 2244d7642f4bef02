import XCTest
@testable import BookFormats
import TextContent

/// Encoding detection and decoding of the TXT fixtures.
final class TXTEncodingTests: XCTestCase {
    func testManifestIsComplete() {
        XCTAssertGreaterThanOrEqual(TXTFixtures.books.count, 20)
        let encodings = Set(TXTFixtures.books.compactMap(\.encoding))
        for e in ["UTF-8", "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE", "GB18030", "Big5", "Shift_JIS", "EUC-JP", "EUC-KR", "windows-1252"] {
            XCTAssertTrue(encodings.contains(e), "no fixture in \(e)")
        }
    }

    func testDetectsTheEncodingOfEveryFixture() throws {
        for entry in TXTFixtures.books {
            let content = try TXTFixtures.read(entry.file)
            XCTAssertEqual(content.metadata.encoding, entry.encoding, entry.file)
            XCTAssertEqual(content.metadata.format, .txt)
        }
    }

    func testDecodedTextEqualsExpectedText() throws {
        for entry in TXTFixtures.books {
            let (decoded, warnings) = try TextDecoding.decode(TXTFixtures.bytes(entry.file), name: entry.file, override: nil)
            XCTAssertEqual(warnings, [], entry.file)
            // Lines re-joined with LF: CRLF and lone CR are line ends, the BOM is gone.
            let got = decoded.lines.map { String(decoding: decoded.utf8[$0.start..<$0.end], as: UTF8.self) }.joined(separator: "\n")
            var expected = TXTFixtures.text(entry.expected!)
            if expected.hasSuffix("\n") { expected.removeLast() }
            XCTAssertEqual(got, expected, entry.file)
        }
    }

    func testBOMAndZeroBytePatterns() {
        func verdict(_ bytes: [UInt8]) -> String? {
            bytes.withUnsafeBufferPointer { EncodingDetector.bom($0)?.encoding.displayName }
        }
        XCTAssertEqual(verdict([0xEF, 0xBB, 0xBF, 0x41]), "UTF-8")
        XCTAssertEqual(verdict([0xFF, 0xFE, 0x41, 0x00]), "UTF-16LE")
        XCTAssertEqual(verdict([0xFF, 0xFE, 0x00, 0x00]), "UTF-32LE")
        XCTAssertEqual(verdict([0xFE, 0xFF, 0x00, 0x41]), "UTF-16BE")
        XCTAssertEqual(verdict([0x00, 0x00, 0xFE, 0xFF]), "UTF-32BE")
        XCTAssertNil(verdict([0x41, 0x42]))
        let le = Array("Hello, world.\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        XCTAssertEqual(le.withUnsafeBufferPointer { EncodingDetector.unicodeWithoutBOM($0)?.displayName }, "UTF-16LE")
        let ascii = Array("Hello, world.\n".utf8)
        XCTAssertNil(ascii.withUnsafeBufferPointer { EncodingDetector.unicodeWithoutBOM($0) })
    }

    func testPlausibilityPrefersTheRightCJKEncoding() {
        // Each sample decodes without error in several legacy encodings; the scorer must pick.
        let samples: [(String, [UInt8])] = [
            ("GB18030", [0xC0, 0xCF, 0xC8, 0xCB, 0xC3, 0xBF, 0xCC, 0xEC, 0xB0, 0xF8, 0xCD, 0xED, 0xB6, 0xBC, 0xBB, 0xE1, 0xC5, 0xC0,
                         0xC9, 0xCF, 0xB5, 0xC6, 0xCB, 0xFE, 0xA3, 0xAC, 0xB0, 0xD1, 0xC4, 0xC7, 0xD5, 0xB5, 0xBE, 0xC9, 0xB5, 0xC6,
                         0xB5, 0xE3, 0xC1, 0xC1, 0xA1, 0xA3, 0xBA, 0xA3, 0xC3, 0xE6, 0xBA, 0xDC, 0xB0, 0xB2, 0xBE, 0xB2, 0xA1, 0xA3]),
            ("Big5", [0xA6, 0xD1, 0xA4, 0x48, 0xA8, 0x43, 0xA4, 0xD1, 0xB3, 0xC4, 0xB1, 0xDF, 0xB3, 0xA3, 0xB7, 0x7C, 0xAA, 0xA6,
                      0xA4, 0x57, 0xBF, 0x4F, 0xB6, 0xF0, 0xA1, 0x41, 0xA7, 0xE2, 0xA8, 0xBA, 0xB7, 0xF8, 0xC2, 0xC2, 0xBF, 0x4F,
                      0xC2, 0x49, 0xAB, 0x47, 0xA1, 0x43, 0xAE, 0xFC, 0xAD, 0xB1, 0xAB, 0xDC, 0xA6, 0x77, 0xC0, 0x52, 0xA1, 0x43]),
            ("EUC-KR", [0xB9, 0xE3, 0xB8, 0xB6, 0xB4, 0xD9, 0x20, 0xB3, 0xEB, 0xC0, 0xCE, 0xC0, 0xBA, 0x20, 0xB5, 0xEE, 0xB4, 0xEB,
                        0xBF, 0xA1, 0x20, 0xBF, 0xC3, 0xB6, 0xF3, 0x20, 0xBF, 0xC0, 0xB7, 0xA1, 0xB5, 0xC8, 0x20, 0xB5, 0xEE, 0xBA,
                        0xD2, 0xC0, 0xBB, 0x20, 0xC4, 0xD7, 0xB4, 0xD9, 0x2E]),
            ("EUC-JP", [0xC5, 0xF4, 0xC2, 0xE6, 0xA4, 0xCE, 0xC8, 0xD6, 0xBF, 0xCD, 0xA4, 0xCF, 0xA1, 0xA2, 0xCB, 0xE8, 0xC8, 0xD5,
                        0xC6, 0xB1, 0xA4, 0xB8, 0xBB, 0xFE, 0xB9, 0xEF, 0xA4, 0xCB, 0xB3, 0xAC, 0xC3, 0xCA, 0xA4, 0xF2, 0xBE, 0xE5,
                        0xA4, 0xC3, 0xA4, 0xBF, 0xA1, 0xA3]),
        ]
        for (expected, bytes) in samples {
            let ranked = bytes.withUnsafeBufferPointer { EncodingDetector.rankLegacy($0) }
            XCTAssertGreaterThan(ranked.count, 1, "\(expected): the sample should be ambiguous")
            XCTAssertEqual(ranked.first?.displayName, expected)
        }
    }

    func testOverrideEncoding() throws {
        let content = try TXTFixtures.read("zh_hant_big5.txt", encoding: "CP950")
        XCTAssertEqual(content.metadata.encoding, "CP950")
        XCTAssertTrue(content.string(in: content.fullRange).contains("老人每天傍晚都會爬上燈塔"))
        // Forcing a wrong but valid encoding decodes (to nonsense) rather than failing.
        XCTAssertNoThrow(try TXTFixtures.read("zh_hant_big5.txt", encoding: "ISO-8859-1"))
    }

    func testUnknownEncodingIsAnError() {
        XCTAssertThrowsError(try TXTFixtures.read("en_utf8_lf.txt", encoding: "NO-SUCH-CODESET-42")) { error in
            XCTAssertEqual(error as? BookError, .unknownEncoding(name: "NO-SUCH-CODESET-42"))
        }
    }

    func testEmptyFileIsAnError() {
        XCTAssertThrowsError(try TXTFixtures.read("empty.txt")) { error in
            XCTAssertEqual(error as? BookError, .empty(path: "empty.txt"))
        }
        XCTAssertThrowsError(try PlainTextReader.read(path: TXTFixtures.directory.appendingPathComponent("empty.txt").path, encoding: nil)) { error in
            guard case .empty = error as? BookError else { return XCTFail("\(error)") }
        }
    }

    func testUndecodableFileIsAnError() {
        XCTAssertThrowsError(try TXTFixtures.read("undecodable.txt")) { error in
            guard case .undecodable(let path, let reason)? = error as? BookError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "undecodable.txt")
            XCTAssertFalse(reason.isEmpty)
        }
        // Binary data with NUL bytes.
        XCTAssertThrowsError(try PlainTextReader.read(bytes: [0x7F, 0x45, 0x4C, 0x46, 0, 0, 1, 0, 0x80, 0x81], name: "a.out", encoding: nil))
    }

    func testAFewBadBytesInUTF8AreReplacedWithAWarning() throws {
        var bytes = Array(String(repeating: "Ein schöner Tag am Meer. ", count: 800).utf8)
        bytes[100] = 0xFF
        let content = try PlainTextReader.read(bytes: bytes, name: "x.txt", encoding: nil)
        XCTAssertEqual(content.metadata.encoding, "UTF-8")
        XCTAssertEqual(content.warnings.count, 1)
        XCTAssertTrue(content.string(in: content.fullRange).contains("\u{FFFD}"))
    }

    func testMissingFileIsUnreadable() {
        XCTAssertThrowsError(try PlainTextReader.read(path: "/nonexistent/book.txt", encoding: nil)) { error in
            guard case .unreadable = error as? BookError else { return XCTFail("\(error)") }
        }
    }

    func testIconvCheckpointsAreCharacterBoundaries() throws {
        let bytes = TXTFixtures.bytes("zh_single_line_gb18030.txt")
        let out = try bytes.withUnsafeBufferPointer { try IconvDecoder(.gb18030)!.decode($0, lenient: false, window: 1001) }
        XCTAssertGreaterThan(out.checkpoints.count, 150)
        for cp in out.checkpoints.dropFirst() where cp.utf8 < out.utf8.count {
            // The UTF-8 side is at a scalar boundary and the source side decodes from there.
            XCTAssertNotEqual(out.utf8[cp.utf8] & 0xC0, 0x80)
            let tail = Array(bytes[cp.source..<min(bytes.count, cp.source + 8)])
            let t = try tail.withUnsafeBufferPointer { try IconvDecoder(.gb18030)!.decode($0, lenient: false, allowTruncatedEnd: true) }
            XCTAssertEqual(Array(t.utf8.prefix(3)), Array(out.utf8[cp.utf8..<min(out.utf8.count, cp.utf8 + 3)]))
        }
    }

    func testLineSplittingAgreesBetweenSourceAndDecodedText() throws {
        for text in ["a\r\nb\rc\n\nd", "a\r\nb\r\n", "one\ntwo\n", "x\ry\r", "\u{10A}\u{A0D}\n\u{D0A}z", "no newline"] {
            let utf8 = Array(text.utf8)
            let lines = DecodedText.splitLines(utf8)
            let utf8Starts = utf8.withUnsafeBufferPointer { DecodedText.sourceLineStarts($0, unitWidth: 1, bigEndian: false) }
            XCTAssertEqual(lines.count, utf8Starts.count, text)
            for big in [false, true] {
                let units = Array(text.utf16)
                let bytes = units.flatMap { big ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
                let starts = bytes.withUnsafeBufferPointer { DecodedText.sourceLineStarts($0, unitWidth: 2, bigEndian: big) }
                // Same lines, at twice the offsets (all BMP).
                XCTAssertEqual(starts, utf8Starts.map { o in 2 * String(decoding: utf8[..<o], as: UTF8.self).utf16.count }, text)
            }
        }
    }
}
