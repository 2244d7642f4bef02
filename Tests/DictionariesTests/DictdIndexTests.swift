import XCTest
@testable import Dictionaries

/// The dictd index: base 64, the -df order and allchars, the binary search over bytes, and
/// an index out of order still found.
final class DictdIndexTests: XCTestCase {
    func decode(_ s: String) -> Int? {
        Array(s.utf8).withUnsafeBufferPointer { DictdBase64.decode($0) }
    }

    func testBase64() {
        XCTAssertEqual(decode("A"), 0)
        XCTAssertEqual(decode("B"), 1)
        XCTAssertEqual(decode("/"), 63)
        XCTAssertEqual(decode("BA"), 64)
        XCTAssertEqual(decode("5I"), 57 * 64 + 8)
        XCTAssertNil(decode(""))
        XCTAssertNil(decode("A!"))
        XCTAssertNil(decode("AAAAAAAAAAA"), "more than ten digits")
        for n in [0, 1, 63, 64, 4095, 123_456_789] { XCTAssertEqual(decode(DictdBase64.encode(n)), n) }
    }

    func compare(_ a: String, _ b: String, allChars: Bool) -> Int {
        let x = Array(a.utf8), y = Array(b.utf8)
        return x.withUnsafeBufferPointer { p in
            y.withUnsafeBufferPointer { q in
                DictdOrder(allChars: allChars).compare(p.baseAddress!, p.count, q.baseAddress!, q.count)
            }
        }.signum()
    }

    func testTheOrderFoldsCaseAndIgnoresPunctuationUnlessAllChars() {
        XCTAssertEqual(compare("Apple", "apple", allChars: false), 0)
        XCTAssertEqual(compare("co-op", "coop", allChars: false), 0)
        XCTAssertEqual(compare("co-op", "coop", allChars: true), -1, "'-' < 'o'")
        XCTAssertEqual(compare("a b", "ab", allChars: false), -1, "a space counts")
        XCTAssertEqual(compare("ab", "abc", allChars: false), -1)
        XCTAssertEqual(compare("zebra", "Äpfel", allChars: false), -1, "UTF-8 bytes after ASCII")
        XCTAssertEqual(compare("run\tBL\tg", "run", allChars: false), 0, "a tab ends the headword")
    }

    func testTheFixtureIndexIsInOrderAndSearched() throws {
        let index = try DictdIndex(path: Fixtures.path("dictd/tiny.index"))
        var malformed = 0
        XCTAssertEqual(index.lines(matching: Array("run".utf8), malformed: &malformed).map(\.key), [Array("run".utf8)])
        XCTAssertEqual(index.lines(matching: Array("MARCH".utf8), malformed: &malformed).map { String(decoding: $0.key, as: UTF8.self) },
                       ["March", "march"], "both cases, in file order")
        XCTAssertEqual(index.lines(matching: Array("coop".utf8), malformed: &malformed).count, 2, "co-op and coop")
        XCTAssertEqual(index.lines(matching: Array("zzz".utf8), malformed: &malformed), [])
        XCTAssertEqual(index.lines(matching: Array("Äpfel".utf8), malformed: &malformed).count, 1)
        XCTAssertEqual(malformed, 0)
        XCTAssertNotNil(index.shortName)
        XCTAssertFalse(index.order.allChars)
    }

    func testEveryHeadwordOfTheFixtureIsFound() throws {
        let index = try DictdIndex(path: Fixtures.path("dictd/tiny.index"))
        let text = String(decoding: Fixtures.bytes("dictd/tiny.index"), as: UTF8.self)
        for line in text.split(separator: "\n") {
            let word = Array(line.split(separator: "\t")[0].utf8)
            var malformed = 0
            XCTAssertTrue(index.lines(matching: word, malformed: &malformed).contains { $0.key == word }, "\(line)")
        }
    }

    func testAllCharsIsReadFromTheIndex() throws {
        let index = try DictdIndex(path: Fixtures.path("dictd/allchars.index"))
        XCTAssertTrue(index.order.allChars)
        var malformed = 0
        XCTAssertEqual(index.lines(matching: Array("a-b".utf8), malformed: &malformed).count, 1, "a-b is not ab with allchars")
        XCTAssertEqual(index.lines(matching: Array("'hood".utf8), malformed: &malformed).count, 1)
    }

    func testAnIndexOutOfOrderIsSortedAndStillFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dictd-order-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("shuffled.index").path
        let words = ["pear", "apple", "zebra", "mango", "kiwi", "banana", "cherry"]
        try words.enumerated().map { "\($1)\t\(DictdBase64.encode($0 * 10))\tK\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
        let index = try DictdIndex(path: path)
        for (i, word) in words.enumerated() {
            var malformed = 0
            XCTAssertEqual(index.lines(matching: Array(word.utf8), malformed: &malformed).map(\.offset), [i * 10], word)
        }
    }

    func testAFourthColumnIsTheShownHeadword() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dictd-orig-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("orig.index").path
        try "new york\tA\tK\tNew York\n".write(toFile: path, atomically: true, encoding: .utf8)
        var malformed = 0
        let lines = try DictdIndex(path: path).lines(matching: Array("New York".utf8), malformed: &malformed)
        XCTAssertEqual(lines.map { String(decoding: $0.headword, as: UTF8.self) }, ["New York"])
        XCTAssertEqual(lines.map { String(decoding: $0.key, as: UTF8.self) }, ["new york"])
    }
}

/// A word with thousands of index lines gives at most `DictionaryLimits.entriesPerWord`.
final class DictdIndexLimitTests: XCTestCase {
    func testManyLinesForOneWordAreCapped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dictd-many-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try String(repeating: "same\tA\tE\n", count: 5000).write(toFile: folder.appendingPathComponent("m.index").path, atomically: true, encoding: .utf8)
        var malformed = 0
        XCTAssertEqual(try DictdIndex(path: folder.appendingPathComponent("m.index").path)
                        .lines(matching: Array("same".utf8), malformed: &malformed).count, DictionaryLimits.entriesPerWord)
    }
}
