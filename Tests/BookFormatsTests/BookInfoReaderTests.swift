import Foundation
import XCTest
import TextContent
@testable import BookFormats

/// `reader add`'s metadata reader on TXT files: only the head is read, and a head that
/// ends inside a multibyte character still decodes (the cut goes back to a line end).
final class BookInfoReaderTests: XCTestCase {
    func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("info-\(UUID().uuidString).txt")
        try Data(bytes).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    /// Shift_JIS text (あいう and a line feed, over and over) whose 16 KiB mark falls on
    /// the second byte of a character.
    func shiftJISBook() -> [UInt8] {
        var bytes: [UInt8] = Array("Wagahai\n\n".utf8)
        let line: [UInt8] = [0x82, 0xA0, 0x82, 0xA2, 0x82, 0xA4, 0x82, 0xA0, 0x0A]   // あいうあ LF
        while bytes.count < BookInfoReader.textHeadBytes * 2 { bytes += line }
        // Make the 16 KiB mark fall one byte into a character.
        var offset = 0
        while (BookInfoReader.textHeadBytes - 9 - offset) % 9 != 1 { offset += 1; bytes.insert(0x41, at: 8) }
        XCTAssertTrue(bytes[BookInfoReader.textHeadBytes - 1] == 0x82, "the head ends on a lead byte")
        return bytes
    }

    func testAHeadCutInsideAShiftJISCharacterStillDecodes() throws {
        let path = try temporaryFile(shiftJISBook())
        let metadata = try BookInfoReader.read(path: path)
        XCTAssertEqual(metadata.format, .txt)
        XCTAssertEqual(metadata.encoding, "Shift_JIS")
    }

    func testWholeLinesKeepsUTF16LineFeedsWhole() {
        let utf16le: [UInt8] = [0x61, 0x00, 0x0A, 0x00, 0x62, 0x00]
        XCTAssertEqual(BookInfoReader.wholeLines(utf16le, truncated: true), [0x61, 0x00, 0x0A, 0x00])
        XCTAssertEqual(BookInfoReader.wholeLines(utf16le, truncated: false), utf16le, "a whole file is kept whole")
        XCTAssertEqual(BookInfoReader.wholeLines([0x61, 0x62], truncated: true), [0x61, 0x62], "no line end: as it is")
    }
}
