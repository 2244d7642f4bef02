import XCTest
@testable import Dictionaries

/// Every damaged fixture (Fixtures/dictionaries/damaged, one per folder) gives a one-line
/// warning naming its file, and no crash; where only an entry is damaged the others read.
final class DamagedDictionaryTests: XCTestCase {
    /// Folder → (a word that must still be found, or nil; text the warning must contain).
    static let expectations: [String: (found: String?, warning: String)] = [
        "dictd-bad-table": (nil, "bad-table.dict.dz: dictzip chunk table covers"),
        "dictd-bad-deflate": ("alpha", "bad-deflate.dict.dz: dictzip chunk"),
        "dictd-wrong-sizes": ("gamma", "wrong-sizes.dict.dz: dictzip chunk"),
        "dictd-past-end": ("alpha", "past-end.dict.dz: entry at 10000000+40 is past the end"),
        "dictd-huge-entry": ("huge", "huge-entry.index: entry 'huge' is 308005 bytes, cut at 262144"),
        "dictd-not-utf8": (nil, "not-utf8.index: not UTF-8"),
        "dictd-malformed-line": ("alpha", "malformed-line.index: 1 malformed line(s) for 'beta' skipped"),
        "dictd-no-data": (nil, "no-data.index: no .dict.dz or .dict beside it"),
        "dictd-empty": (nil, "empty.index: empty index"),
        "dictd-bad-gzip": (nil, "bad-gzip.dict.dz: gzip"),
        "stardict-truncated-idx": (nil, "truncated.idx: is 39 bytes, the .ifo says 44"),
        "stardict-cut-record": (nil, "cut-record.idx: cut short"),
        "stardict-past-end": ("apple", "past-end.dict.dz: entry at 5000000+12 is past the end"),
        "stardict-absurd-ifo": (nil, "absurd.ifo: wordcount=99999999999999 is not a sensible number"),
        "stardict-bad-bits": (nil, "bad-bits.ifo: idxoffsetbits=48"),
        "stardict-not-utf8": (nil, "not-utf8.idx: a word is not UTF-8"),
        "stardict-no-magic": (nil, "no-magic.ifo: not a StarDict .ifo"),
        "stardict-bad-fields": ("apple", "bad-fields.ifo: entry 'banana' has malformed fields"),
        "stardict-bad-syn": ("pomme", "bad-syn.syn: synonym 'zzz' points past the index"),
    ]

    static let words = ["alpha", "beta", "gamma", "zeta", "huge", "apple", "banana", "cherry", "pomme", "zzz", "zürich"]

    func testEveryDamagedFixtureWarnsAndDoesNotCrash() throws {
        let root = Fixtures.path("damaged")
        let folders = try FileManager.default.contentsOfDirectory(atPath: root).filter { !$0.hasSuffix(".md") }.sorted()
        XCTAssertEqual(Set(folders), Set(Self.expectations.keys), "a fixture without an expectation, or the reverse")
        for folder in folders {
            let path = root + "/" + folder
            let (shelf, found) = DictionaryShelf.discover(dictdFolders: [path], stardictFolders: [path])
            var warnings = found
            var hits: [String: Int] = [:]
            for word in Self.words { hits[word] = shelf.lookUp(word).count }
            warnings += shelf.takeWarnings()
            let expected = try XCTUnwrap(Self.expectations[folder])
            XCTAssertTrue(warnings.contains { $0.contains(expected.warning) }, "\(folder): \(warnings)")
            for w in warnings {
                XCTAssertFalse(w.contains("\n"), "one line: \(w)")
                XCTAssertTrue(w.hasPrefix(path), "names the file: \(w)")
            }
            if let word = expected.found { XCTAssertGreaterThan(hits[word] ?? 0, 0, "\(folder): \(word) still found") }
        }
    }

    func testTheHugeEntryIsCut() throws {
        let shelf = Fixtures.shelf(["damaged/dictd-huge-entry/huge-entry.index"]).shelf
        let entry = try XCTUnwrap(shelf.lookUp("huge").first)
        XCTAssertLessThanOrEqual(entry.text.utf8.count, DictionaryLimits.entryBytes)
        XCTAssertGreaterThan(entry.text.utf8.count, DictionaryLimits.entryBytes - 100)
    }

    func testTheDamagedChunkSparesTheOthers() {
        let shelf = Fixtures.shelf(["damaged/dictd-bad-deflate/bad-deflate.index"]).shelf
        XCTAssertEqual(shelf.lookUp("beta"), [])
        XCTAssertEqual(shelf.lookUp("alpha").count, 1)
        XCTAssertEqual(shelf.lookUp("gamma").count, 1)
    }
}
