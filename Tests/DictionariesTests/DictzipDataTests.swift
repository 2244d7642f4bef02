import XCTest
@testable import Dictionaries

/// dictzip random access against the whole text: every window, across chunk boundaries,
/// gives the same bytes as the uncompressed file; plain gzip and uncompressed files too.
final class DictzipDataTests: XCTestCase {
    let text = Fixtures.bytes("dictzip/sample.txt")

    func testTheFixtureHasManyChunks() throws {
        let data = try XCTUnwrap(try EntryDataFile.open(Fixtures.path("dictzip/sample.txt.dz")) as? DictzipData)
        XCTAssertEqual(data.chunkCount, (text.count + 49) / 50)
        XCTAssertGreaterThan(data.chunkCount, 10)
    }

    func testEveryWindowMatchesTheWholeText() throws {
        let data = try EntryDataFile.open(Fixtures.path("dictzip/sample.txt.dz"))
        XCTAssertGreaterThan(text.count, 1000)
        for offset in stride(from: 0, to: text.count, by: 7) {
            for length in [0, 1, 13, 49, 50, 51, 100, 157] where offset + length <= text.count {
                XCTAssertEqual(try data.read(offset: offset, length: length), Array(text[offset..<offset + length]), "\(offset)+\(length)")
            }
        }
        XCTAssertEqual(try data.read(offset: 0, length: text.count), text, "the whole text")
    }

    func testReadsPastTheEndThrow() throws {
        let data = try EntryDataFile.open(Fixtures.path("dictzip/sample.txt.dz"))
        XCTAssertThrowsError(try data.read(offset: text.count - 2, length: 3))
        XCTAssertThrowsError(try data.read(offset: text.count + 100, length: 1))
        XCTAssertThrowsError(try data.read(offset: -1, length: 1))
        XCTAssertThrowsError(try data.read(offset: Int.max - 1, length: 10))
    }

    func testPlainGzipIsReadWhole() throws {
        let data = try EntryDataFile.open(Fixtures.path("dictzip/sample.txt.gz"))
        XCTAssertTrue(data is MemoryEntryData)
        XCTAssertEqual(try data.read(offset: 95, length: 120), Array(text[95..<215]))
        XCTAssertThrowsError(try data.read(offset: text.count, length: 1))
    }

    func testAnUncompressedFileIsReadInPlace() throws {
        let data = try EntryDataFile.open(Fixtures.path("dictzip/sample.txt"))
        XCTAssertTrue(data is PlainEntryData)
        XCTAssertEqual(try data.read(offset: 1, length: 60), Array(text[1..<61]))
        XCTAssertThrowsError(try data.read(offset: text.count - 1, length: 2))
    }

    func testTheChunkCacheGivesTheSameBytes() throws {
        let data = try XCTUnwrap(try EntryDataFile.open(Fixtures.path("dictzip/sample.txt.dz")) as? DictzipData)
        let first = try data.inflated(3)
        for i in 0..<data.chunkCount { _ = try data.inflated(i) }   // pushes chunk 3 out of the cache
        XCTAssertEqual(try data.inflated(3), first)
        XCTAssertEqual(first, Array(text[150..<200]))
    }
}
