import XCTest
@testable import Dictionaries

/// Lookups on a shelf: exact, case-folded, fallbacks, several dictionaries, the CJK
/// longest match, warnings once.
final class DictionaryShelfTests: XCTestCase {
    func testExactThenCase() {
        let shelf = Fixtures.tiny
        XCTAssertEqual(shelf.lookUp("March").map { "\($0.headword) \($0.matched)" }, ["March exact", "march case"], "exact first")
        XCTAssertEqual(shelf.lookUp("march").map { "\($0.headword) \($0.matched)" }, ["march exact", "March case"])
        XCTAssertEqual(shelf.lookUp("MARCH").map { "\($0.headword) \($0.matched)" }, ["March case", "march case"])
        XCTAssertEqual(shelf.lookUp("Run").map(\.matched), ["case"])
        XCTAssertEqual(shelf.lookUp("äpfel").map(\.headword), ["Äpfel"], "non-ASCII case folded")
        XCTAssertEqual(shelf.lookUp("CAFÉ").map(\.headword), ["café"])
        XCTAssertEqual(shelf.lookUp("new york").map(\.headword), ["New York"])
        XCTAssertEqual(shelf.lookUp("co-op").map(\.headword), ["co-op"], "punctuation counts for the match, not the order")
        XCTAssertEqual(shelf.lookUp("“Stop!”").map(\.headword), ["stop"])
        XCTAssertEqual(shelf.lookUp("xyzzy"), [])
        XCTAssertEqual(shelf.lookUp("  "), [])
        XCTAssertEqual(shelf.takeWarnings(), [])
    }

    func testMainEntriesComeBeforeEntriesInsideOthers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dictd-main-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = "Arm \\Arm\\, n. a limb. To walk arm in arm.\nWalk \\Walk\\, v. i. to go on foot.\n"
        try text.write(toFile: folder.appendingPathComponent("g.dict").path, atomically: true, encoding: .utf8)
        // gcide's shape: "Walk" entries, and a "walk" line pointing into Arm's entry.
        try "Walk\tq\ti\nwalk\tA\tq\n".write(toFile: folder.appendingPathComponent("g.index").path, atomically: true, encoding: .utf8)
        let entries = DictionaryShelf.open(files: [folder.appendingPathComponent("g.index").path]).shelf.lookUp("walk")
        XCTAssertEqual(entries.map { "\($0.headword) \($0.matched)" }, ["Walk case", "walk exact"])
    }

    func testTheEntryValue() {
        let entry = Fixtures.tiny.lookUp("running")[0]
        XCTAssertEqual(entry, DictionaryEntry(dictionary: "Tiny English (fixture)", headword: "run",
                                              text: "run\n     v 1: move fast on foot", matched: "running → run"))
        XCTAssertEqual(entry.lines, ["run", "     v 1: move fast on foot"])
        XCTAssertEqual(entry.structuredLines.map(\.kind), [.headword, .partOfSpeech])
    }

    func testSeveralDictionaries() {
        let shelf = Fixtures.shelf(["dictd/tiny.index", "stardict/mixed/mixed.ifo", "stardict/plain/plain.ifo"]).shelf
        XCTAssertEqual(shelf.names, ["tiny", "mixed", "plain"])
        XCTAssertEqual(shelf.lookUp("ran").map { "\($0.dictionary): \($0.headword) \($0.matched)" },
                       ["Tiny English (fixture): run ran → run", "Mixed types (fixture): run exact"],
                       "each dictionary's own first step: the synonym is an exact match")
        XCTAssertEqual(shelf.lookUp("apples").map(\.matched), ["apples → apple", "apples → apple"])
    }

    func testTheLongestMatch() throws {
        let shelf = Fixtures.shelf(["stardict/cjk/cjk.ifo"]).shelf
        let school = try XCTUnwrap(shelf.longestMatch(in: "日本語学校に行きます"))
        XCTAssertEqual(school.matched, "日本語学校")
        XCTAssertEqual(school.entries.map(\.text), ["にほんごがっこう a Japanese school"])
        XCTAssertEqual(shelf.longestMatch(in: "日本語の本")?.matched, "日本語")
        XCTAssertEqual(shelf.longestMatch(in: "日本の")?.matched, "日本")
        XCTAssertEqual(shelf.longestMatch(in: "本を読む")?.matched, "本")
        XCTAssertNil(shelf.longestMatch(in: "の本"), "only from the first character")
        XCTAssertNil(shelf.longestMatch(in: ""))
        XCTAssertEqual(shelf.longestMatch(in: "東京\n日本語")?.matched, "東京", "not past a line end")
    }

    func testTheLongestMatchInEnglishTakesMultiWordEntries() {
        XCTAssertEqual(Fixtures.tiny.longestMatch(in: "New York is big")?.matched, "New York")
        XCTAssertEqual(Fixtures.tiny.longestMatch(in: "running fast")?.matched, "run", "a prefix, not an inflection")
        XCTAssertEqual(Fixtures.tiny.longestMatch(in: "running fast")?.entries.map(\.matched), ["exact"])
    }

    func testWarningsComeOnce() {
        let shelf = Fixtures.shelf(["dictd/tiny.index", "damaged/dictd-not-utf8/not-utf8.index"]).shelf
        XCTAssertEqual(shelf.lookUp("run").count, 1)
        let warnings = shelf.takeWarnings()
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("not-utf8.index: not UTF-8"), "\(warnings)")
        XCTAssertEqual(shelf.lookUp("stop").count, 1)
        XCTAssertEqual(shelf.takeWarnings(), [], "not again")
    }

    func testLookupsFromSeveralThreads() {
        let shelf = Fixtures.shelf(["dictd/tiny.index", "stardict/mixed/mixed.ifo"]).shelf
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            for word in ["run", "ran", "stopped", "color", "cats"] {
                XCTAssertFalse(shelf.lookUp(word).isEmpty, "\(word) on thread \(i)")
            }
        }
    }
}
