import XCTest
@testable import Dictionaries

/// The installed WordNet (apt: dict-wn), when it is there: its index in dictd's real order,
/// every headword of a sample found by the binary search, and the usual fallbacks.
final class SystemDictionaryTests: XCTestCase {
    static let wn = "/usr/share/dictd/wn.index"

    func shelf() throws -> DictionaryShelf {
        guard FileManager.default.fileExists(atPath: Self.wn) else {
            throw XCTSkip("\(Self.wn) is not installed (apt-get install dict-wn: a benchmark dependency, not a build one)")
        }
        return DictionaryShelf.open(files: [Self.wn]).shelf
    }

    func testWordNetLookups() throws {
        let shelf = try shelf()
        XCTAssertEqual(shelf.titles, ["WordNet (r) 3.0 (2006)"])
        XCTAssertEqual(shelf.lookUp("house").first?.matched, "exact")
        XCTAssertTrue(shelf.lookUp("house").first?.text.contains("a dwelling that serves as living quarters") == true)
        XCTAssertEqual(shelf.lookUp("Houses").first?.matched, "Houses → house")
        XCTAssertEqual(shelf.lookUp("went").first?.headword, "go")
        XCTAssertEqual(shelf.lookUp("'hood").first?.headword, "hood", "edges trimmed")
        XCTAssertEqual(shelf.takeWarnings(), [])
    }

    func testEveryHundredthHeadwordIsFound() throws {
        _ = try shelf()
        let index = try DictdIndex(path: Self.wn)
        XCTAssertTrue(index.order.allChars, "wn is built with --allchars")
        let text = try String(contentsOfFile: Self.wn, encoding: .utf8)
        let lines = text.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 100_000)
        for line in stride(from: 0, to: lines.count, by: 100).map({ lines[$0] }) {
            let word = Array(line.split(separator: "\t", omittingEmptySubsequences: false)[0].utf8)
            var malformed = 0
            XCTAssertTrue(index.lines(matching: word, malformed: &malformed).contains { $0.key == word }, "\(line)")
        }
    }
}
