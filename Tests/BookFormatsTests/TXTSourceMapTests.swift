import XCTest
@testable import BookFormats
import TextContent

/// TXT source map: content offset → byte offset of the original file.
final class TXTSourceMapTests: XCTestCase {
    /// The first scalar of the original file at `offset`, decoded in `encoding`.
    private func originalScalar(_ bytes: [UInt8], at offset: Int, encoding: TextEncoding) -> Unicode.Scalar? {
        let tail = Array(bytes[offset..<min(bytes.count, offset + 8)])
        if encoding.isUTF8 { return String(decoding: tail, as: UTF8.self).unicodeScalars.first }
        guard let out = try? tail.withUnsafeBufferPointer({ try IconvDecoder(encoding)!.decode($0, lenient: true, allowTruncatedEnd: true) }) else { return nil }
        return String(decoding: out.utf8, as: UTF8.self).unicodeScalars.first
    }

    private func encoding(named name: String) -> TextEncoding {
        [TextEncoding.utf8, .utf16LE, .utf16BE, .utf32LE, .utf32BE, .gb18030, .big5, .shiftJIS, .eucJP, .eucKR, .windows1252]
            .first { $0.displayName == name }!
    }

    func testBlockStartsMapBackToTheSameCharacter() throws {
        for entry in TXTFixtures.books {
            let bytes = TXTFixtures.bytes(entry.file)
            let content = try TXTFixtures.read(entry.file)
            let enc = encoding(named: entry.encoding!)
            var exact = 0
            for block in content.blocks {
                guard let loc = content.sourceMap.location(of: block.range.lowerBound) else {
                    return XCTFail("\(entry.file): no location for \(block.range)")
                }
                XCTAssertEqual(loc.path, entry.file)
                guard loc.isExact else { continue }
                exact += 1
                let expected = content.string(in: block.range).unicodeScalars.first
                XCTAssertEqual(originalScalar(bytes, at: loc.offset, encoding: enc), expected,
                               "\(entry.file) block at \(block.range.lowerBound) → byte \(loc.offset)")
            }
            // All but a few blocks (text after an Aozora gaiji or a non-ASCII noise prefix, a
            // cut inside a long line of a legacy encoding) are exact.
            if !entry.file.contains("single_line") {
                XCTAssertGreaterThanOrEqual(exact * 10, content.blocks.count * 7, entry.file)
            }
            if entry.encoding!.hasPrefix("UTF") { XCTAssertEqual(exact, content.blocks.count, entry.file) }
        }
    }

    func testEveryOffsetOfAUTF8BookIsExact() throws {
        let bytes = TXTFixtures.bytes("zh_hans_utf8_bom_crlf.txt")
        let content = try TXTFixtures.read("zh_hans_utf8_bom_crlf.txt")
        for block in content.blocks {
            var o = block.range.lowerBound.rawValue
            while o < block.range.upperBound.rawValue {
                let loc = content.sourceMap.location(of: ByteOffset(o))!
                XCTAssertTrue(loc.isExact)
                XCTAssertEqual(bytes[loc.offset], content.bytes[o], "content \(o) → \(loc.offset)")
                o += 1
            }
        }
    }

    func testOffsetsInsideALongLegacyLineAreExactAtCheckpoints() throws {
        let file = "zh_single_line_gb18030.txt"
        let bytes = TXTFixtures.bytes(file)
        let content = try TXTFixtures.read(file)
        XCTAssertGreaterThan(content.sourceMap.count, 40)
        // Probe offsets: each maps to a source offset not after the true one, exact ones match.
        var exact = 0
        for o in stride(from: 0, to: content.bytes.count, by: 997) where content.bytes[o] & 0xC0 != 0x80 {
            let loc = content.sourceMap.location(of: ByteOffset(o))!
            if loc.isExact {
                exact += 1
                XCTAssertEqual(originalScalar(bytes, at: loc.offset, encoding: .gb18030),
                               String(decoding: content.bytes[o..<min(o + 4, content.bytes.count)], as: UTF8.self).unicodeScalars.first)
            }
        }
        XCTAssertGreaterThan(exact, 0)
        // Monotonic.
        var previous = -1
        for o in stride(from: 0, to: content.bytes.count, by: 4093) {
            let loc = content.sourceMap.location(of: ByteOffset(o))!
            XCTAssertGreaterThanOrEqual(loc.offset, previous)
            previous = loc.offset
        }
    }

    func testChapterSourcesPointAtHeadingLines() throws {
        let file = "en_utf16le_bom_crlf.txt"
        let bytes = TXTFixtures.bytes(file)
        let content = try TXTFixtures.read(file)
        for chapter in content.chapters.dropFirst() {
            let offset = Int(chapter.source.dropFirst())!
            let units = stride(from: offset, to: min(bytes.count, offset + 2 * chapter.title.utf16.count), by: 2)
                .map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
            XCTAssertEqual(String(decoding: units, as: UTF16.self), chapter.title)
        }
    }
}
