import XCTest
@testable import Dictionaries

/// The .ifo: its keys, and the values that refuse it.
final class StarDictInfoTests: XCTestCase {
    func parse(_ text: String) throws -> StarDictInfo { try StarDictInfo.parse(Array(text.utf8), file: "x.ifo") }

    func testTheKeys() throws {
        let info = try parse("StarDict's dict ifo file\r\nversion=3.0.0\r\nbookname= Some Book \r\nwordcount=12\r\nsynwordcount=3\r\n"
                             + "idxfilesize=345\r\nidxoffsetbits=64\r\nsametypesequence=tm\r\nauthor=a=b\r\n")
        XCTAssertEqual(info, StarDictInfo(bookname: "Some Book", wordCount: 12, synonymCount: 3, indexFileSize: 345,
                                          offsetBits: 64, sameTypes: Array("tm".utf8)))
        let plain = try parse("\u{FEFF}StarDict's dict ifo file\nwordcount=1\nidxfilesize=10\n")
        XCTAssertEqual(plain.offsetBits, 32)
        XCTAssertNil(plain.sameTypes)
        XCTAssertEqual(plain.bookname, "")
    }

    func testBadInfoFilesThrowNamingTheFile() {
        let bad = ["wordcount=1\nidxfilesize=10\n",
                   "StarDict's dict ifo file\nidxfilesize=10\n",
                   "StarDict's dict ifo file\nwordcount=1\n",
                   "StarDict's dict ifo file\nwordcount=-1\nidxfilesize=10\n",
                   "StarDict's dict ifo file\nwordcount=99999999999999\nidxfilesize=10\n",
                   "StarDict's dict ifo file\nwordcount=1\nidxfilesize=999999999999\n",
                   "StarDict's dict ifo file\nwordcount=1\nidxfilesize=10\nidxoffsetbits=48\n",
                   "StarDict's dict ifo file\nwordcount=1\nidxfilesize=10\nsametypesequence=m1\n",
                   "StarDict's dict ifo file\nwordcount=ten\nidxfilesize=10\n"]
        for text in bad {
            XCTAssertThrowsError(try parse(text), text) { XCTAssertTrue("\($0)".hasPrefix("x.ifo: "), "\($0)") }
        }
        XCTAssertThrowsError(try StarDictInfo.parse([0xFF, 0xFE], file: "x.ifo"))
    }
}
