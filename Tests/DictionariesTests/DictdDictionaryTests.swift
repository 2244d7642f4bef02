import XCTest
@testable import Dictionaries

/// A dictd dictionary end to end: title from 00-database-short, entries read through
/// dictzip, uncompressed and plain-gzip data.
final class DictdDictionaryTests: XCTestCase {
    func testTheTitleAndAnEntry() throws {
        let d = DictdDictionary(indexPath: Fixtures.path("dictd/tiny.index"), dataPath: Fixtures.path("dictd/tiny.dict.dz"))
        XCTAssertEqual(d.title, "tiny", "the file name before opening")
        try d.open()
        XCTAssertEqual(d.title, "Tiny English (fixture)")
        let found = d.candidates("run") { XCTFail("\($0)") }
        XCTAssertEqual(found, [FoundEntry(key: "run", headword: "run", text: "run\n     v 1: move fast on foot")])
    }

    func testEveryEntryOfTheDictzipFixtureReads() throws {
        let d = DictdDictionary(indexPath: Fixtures.path("dictd/tiny.index"), dataPath: Fixtures.path("dictd/tiny.dict.dz"))
        try d.open()
        for word in ["stop", "New York", "café", "Äpfel", "watch", "travel", "ad", "add"] {
            let found = d.candidates(word) { XCTFail("\($0)") }
            XCTAssertTrue(found.contains { $0.key == word && $0.text.hasPrefix(word + "\n") }, "\(word): \(found)")
        }
    }

    func testTheSpecialEntriesAreNotFound() throws {
        let d = DictdDictionary(indexPath: Fixtures.path("dictd/tiny.index"), dataPath: Fixtures.path("dictd/tiny.dict.dz"))
        try d.open()
        XCTAssertEqual(d.candidates("00-database-short") { XCTFail("\($0)") }, [])
        XCTAssertEqual(d.candidates("00-database-url") { XCTFail("\($0)") }, [])
    }

    func testUncompressedAndPlainGzipData() throws {
        XCTAssertEqual(DictdDictionary.dataFile(for: Fixtures.path("dictd/allchars.index")), Fixtures.path("dictd/allchars.dict"))
        let plain = DictdDictionary(indexPath: Fixtures.path("dictd/allchars.index"), dataPath: Fixtures.path("dictd/allchars.dict"))
        try plain.open()
        XCTAssertEqual(plain.title, "All characters (fixture)")
        XCTAssertEqual(plain.candidates(".22") { XCTFail("\($0)") }.map(\.text), [".22\n     v 1: a calibre"])
        let gz = DictdDictionary(indexPath: Fixtures.path("dictd/plaingz.index"), dataPath: Fixtures.path("dictd/plaingz.dict.dz"))
        try gz.open()
        XCTAssertEqual(gz.candidates("zip") { XCTFail("\($0)") }.map(\.headword), ["zip"])
    }

    func testTheShortNameEntryWithoutItsHeadwordLine() {
        XCTAssertEqual(DictdDictionary.title(fromShortEntry: Array("00-database-short\n     WordNet (r) 3.0\n".utf8)), "WordNet (r) 3.0")
        XCTAssertEqual(DictdDictionary.title(fromShortEntry: Array("Just a title".utf8)), "Just a title")
        XCTAssertNil(DictdDictionary.title(fromShortEntry: Array("00-database-short\n\n".utf8)))
    }
}
