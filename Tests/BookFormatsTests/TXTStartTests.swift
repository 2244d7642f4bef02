import Foundation
import TextContent
import XCTest
@testable import BookFormats

/// A big TXT read from its start first (issue #20): the start's text is the whole text's
/// start in every encoding, cut at a line end.
final class TXTStartTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("txt-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A novel-like text: a title, then chapters of paragraphs, `lineEnd` between lines.
    func novel(_ words: [String], lineEnd: String) -> String {
        var lines = ["THE LONG WATCH", "", "by A. Keeper", ""]
        for c in 1...40 {
            lines += ["CHAPTER \(c)", ""]
            for p in 0..<8 {
                lines.append((0..<(40 + (c * p) % 30)).map { words[($0 * 7 + c + p) % words.count] }.joined(separator: " ") + ".")
                lines.append("")
            }
        }
        return lines.joined(separator: lineEnd)
    }

    func write(_ name: String, _ data: Data) throws -> String {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    func assertStartIsTheWholeStart(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let start = try XCTUnwrap(try PlainTextReader.readStart(path: path, bytes: 24 << 10, encoding: nil), file: file, line: line)
        let whole = try PlainTextReader.read(path: path, encoding: nil)
        XCTAssertGreaterThan(start.bytes.count, 4 << 10, file: file, line: line)
        XCTAssertLessThan(start.bytes.count, whole.bytes.count, file: file, line: line)
        // Every block but the last (perhaps cut) is the whole text's, at the same offsets.
        let kept = start.blocks.dropLast()
        XCTAssertGreaterThan(kept.count, 10, file: file, line: line)
        XCTAssertEqual(Array(kept), Array(whole.blocks.prefix(kept.count)), file: file, line: line)
        let end = try XCTUnwrap(kept.last).range.upperBound.rawValue
        XCTAssertEqual(Array(start.bytes[0..<end]), Array(whole.bytes[0..<end]), file: file, line: line)
        XCTAssertEqual(start.metadata.encoding, whole.metadata.encoding, file: file, line: line)
        XCTAssertEqual(start.metadata.title, whole.metadata.title, file: file, line: line)
    }

    func testTheStartIsTheWholeTextsStartInEveryEncoding() throws {
        let english = "the keeper climbed the tower stair each night and counted ships beyond the reef".split(separator: " ").map(String.init)
        let text = novel(english, lineEnd: "\n")
        try assertStartIsTheWholeStart(try write("utf8.txt", Data(text.utf8)))
        try assertStartIsTheWholeStart(try write("utf8-crlf.txt", Data(novel(english, lineEnd: "\r\n").utf8)))
        let le = try XCTUnwrap(novel(english, lineEnd: "\r\n").data(using: .utf16LittleEndian))
        try assertStartIsTheWholeStart(try write("utf16le.txt", Data([0xFF, 0xFE]) + le))
        let be = try XCTUnwrap(text.data(using: .utf16BigEndian))
        try assertStartIsTheWholeStart(try write("utf16be.txt", Data([0xFE, 0xFF]) + be))
        try assertStartIsTheWholeStart(try write("utf16le-nobom.txt", le))
        let japanese = "吾輩 は 猫 で ある 名前 は まだ 無い どこ で 生れた か とんと 見当 が つか ぬ".split(separator: " ").map(String.init)
        let sjis = try XCTUnwrap(novel(japanese, lineEnd: "\r\n").data(using: .shiftJIS))
        try assertStartIsTheWholeStart(try write("sjis.txt", sjis))
    }

    func testNoStartWhereThereIsNoLineEndToCutAtOrTheFileIsSmall() throws {
        let single = TXTFixtures.directory.appendingPathComponent("zh_single_line_gb18030.txt").path
        XCTAssertNil(try PlainTextReader.readStart(path: single, bytes: 24 << 10, encoding: nil), "one 200 KB line")
        let small = try write("small.txt", Data("A short book.\n\nIts only paragraph.\n".utf8))
        XCTAssertNil(try PlainTextReader.readStart(path: small, bytes: 24 << 10, encoding: nil))
        let utf32 = try write("utf32.txt", Data([0xFF, 0xFE, 0, 0]) + Data(repeating: 0x41, count: 64 << 10))
        XCTAssertNil(PlainTextReader.lineEnd(before: 24 << 10, in: Array(try Data(contentsOf: URL(fileURLWithPath: utf32)))))
    }

    func testAPartialTextBookReadsTheWholeTextBehindAndOpensOnlyAtItsStart() throws {
        let english = "the lamp turned and the sea kept its own slow time".split(separator: " ").map(String.init)
        let path = try write("book.txt", Data(novel(english, lineEnd: "\n").utf8))
        let partial = try XCTUnwrap(try PartialBook.open(path: path, at: nil, minimumBytes: 0))
        XCTAssertEqual(partial.documents, 0..<1)
        XCTAssertEqual(partial.documentCount, 2, "the start and the rest")
        XCTAssertEqual(try partial.readWhole().bytes, try PlainTextReader.read(path: path, encoding: nil).bytes)
        XCTAssertNotNil(try PartialBook.open(path: path, at: DocumentPlace(source: path, offset: 100), minimumBytes: 0))
        XCTAssertNil(try PartialBook.open(path: path, at: DocumentPlace(source: path, offset: 60_000), minimumBytes: 0),
                     "a place past the start needs the whole text")
        XCTAssertNil(try PartialBook.open(path: path, at: nil, minimumBytes: 1 << 30), "a small file is read whole")
    }
}
