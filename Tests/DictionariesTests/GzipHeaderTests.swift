import XCTest
@testable import Dictionaries

/// The gzip header and dictzip's "RA" field.
final class GzipHeaderTests: XCTestCase {
    func testTheFixtureHeaderHasTheChunkTable() throws {
        let bytes = Fixtures.bytes("dictzip/sample.txt.dz")
        let header = try GzipHeader.parse(bytes, file: "sample.txt.dz")
        let table = try XCTUnwrap(header.chunks)
        XCTAssertEqual(table.length, 50)
        XCTAssertEqual(header.dataStart + table.sizes.reduce(0, +) + 8, bytes.count, "chunks then CRC and size")
    }

    func testAPlainGzipHasNoTable() throws {
        XCTAssertNil(try GzipHeader.parse(Fixtures.bytes("dictzip/sample.txt.gz"), file: "x").chunks)
    }

    func testBadHeadersThrowNamingTheFile() {
        let cases: [[UInt8]] = [
            [0x1F, 0x8B, 8, 0],                                    // cut short
            [0x1F, 0x8B, 7, 0, 0, 0, 0, 0, 0, 3],                  // not deflate
            [0x1F, 0x8B, 8, 4, 0, 0, 0, 0, 0, 3, 0xFF, 0xFF, 0],   // extra field longer than the file
            [0x1F, 0x8B, 8, 4, 0, 0, 0, 0, 0, 3, 10, 0, 0x52, 0x41, 6, 0, 1, 0, 0, 0, 1, 0],   // chunk length 0
            [0x1F, 0x8B, 8, 4, 0, 0, 0, 0, 0, 3, 10, 0, 0x52, 0x41, 6, 0, 2, 0, 50, 0, 1, 0],  // version 2
            [0x1F, 0x8B, 8, 4, 0, 0, 0, 0, 0, 3, 10, 0, 0x52, 0x41, 6, 0, 1, 0, 50, 0, 9, 0],  // 9 chunks, no sizes
            [0x1F, 0x8B, 8, 8, 0, 0, 0, 0, 0, 3, 0x61, 0x62],      // a name with no NUL
        ]
        for bytes in cases {
            XCTAssertThrowsError(try GzipHeader.parse(bytes, file: "bad.dz"), "\(bytes)") { error in
                XCTAssertTrue("\(error)".hasPrefix("bad.dz: "), "\(error)")
            }
        }
    }
}
