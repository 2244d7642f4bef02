import XCTest
import TestSupport
@testable import TextLayout

/// The packed memo table against a dictionary of the same words: every word found with its
/// own points, through growth, collisions of the slot index and `removeAll`; words it
/// cannot hold refused; and the memo asks the hyphenator once a word.
final class HyphenationMemoTableTests: XCTestCase {
    private func find(_ table: HyphenationMemoTable, _ word: [UInt8]) -> [Int]? {
        var points: [Int] = [-1]
        let found = word.withUnsafeBufferPointer { table.find($0, hash: HyphenationMemoTable.hash($0), into: &points) }
        return found ? Array(points.dropFirst()) : nil
    }

    @discardableResult
    private func insert(_ table: inout HyphenationMemoTable, _ word: [UInt8], _ points: [Int], hash: Int? = nil) -> Bool {
        word.withUnsafeBufferPointer { table.insert($0, hash: hash ?? HyphenationMemoTable.hash($0), points: points) }
    }

    func testRandomWordsFoundWithTheirPointsThroughGrowth() {
        var random = SplitMix64(seed: 20)
        var reference: [[UInt8]: [Int]] = [:]
        var table = HyphenationMemoTable(capacity: 16)
        for _ in 0..<5_000 {
            let length = Int(random.next() % 40)
            let word = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next() % 6 + 97) }
            guard reference[word] == nil else { continue }
            let points = (0..<Int(random.next() % 5)).map { _ in Int(random.next() % 41) }.sorted()
            XCTAssertTrue(insert(&table, word, points))
            reference[word] = points
        }
        XCTAssertEqual(table.count, reference.count)
        for (word, points) in reference { XCTAssertEqual(find(table, word), points, "\(word)") }
        XCTAssertNil(find(table, Array("zzzzzz".utf8)))
        XCTAssertNil(find(table, Array("abcdefabcdefabcdefabcdefabcdefabcdefabcdefa".utf8)))
    }

    /// Words whose hashes land in the same slot are told apart by their bytes.
    func testCollidingSlotsAreToldApartByTheirBytes() {
        var table = HyphenationMemoTable(capacity: 16)
        let words = ["hyphen", "ation", "memo", "table", "typhoon"].map { Array($0.utf8) }
        for (i, word) in words.enumerated() { insert(&table, word, [i + 1], hash: 7) }
        for (i, word) in words.enumerated() {
            var points: [Int] = []
            let found = word.withUnsafeBufferPointer { table.find($0, hash: 7, into: &points) }
            XCTAssertTrue(found)
            XCTAssertEqual(points, [i + 1])
        }
        var points: [Int] = []
        XCTAssertFalse(Array("other".utf8).withUnsafeBufferPointer { table.find($0, hash: 7, into: &points) })
    }

    func testEntriesItCannotHoldAreRefused() {
        var table = HyphenationMemoTable()
        let long = [UInt8](repeating: 97, count: HyphenationMemoTable.maxWordBytes + 1)
        XCTAssertFalse(insert(&table, long, [2]))
        XCTAssertNil(find(table, long))
        XCTAssertFalse(insert(&table, Array("word".utf8), [256]))
        XCTAssertFalse(insert(&table, Array("word".utf8), [-1]))
        XCTAssertFalse(insert(&table, Array("word".utf8), Array(repeating: 2, count: 256)))
        XCTAssertEqual(table.count, 0)
        XCTAssertTrue(insert(&table, Array(repeating: 98, count: HyphenationMemoTable.maxWordBytes), [0, 255]))
        XCTAssertEqual(find(table, Array(repeating: 98, count: HyphenationMemoTable.maxWordBytes)), [0, 255])
        XCTAssertTrue(insert(&table, [], []))
        XCTAssertEqual(find(table, []), [])
    }

    func testRemoveAllForgetsEveryWord() {
        var table = HyphenationMemoTable(capacity: 16)
        for i in 0..<100 { insert(&table, Array("word\(i)".utf8), [i % 5]) }
        table.removeAll()
        XCTAssertEqual(table.count, 0)
        for i in 0..<100 { XCTAssertNil(find(table, Array("word\(i)".utf8))) }
        insert(&table, Array("word7".utf8), [3])
        XCTAssertEqual(find(table, Array("word7".utf8)), [3])
    }

    /// The memo asks the hyphenator once a word and gives the same points every time; a
    /// word too long for the table is asked each time and still gets its points.
    func testMemoAsksTheHyphenatorOnceAWord() {
        final class Counting: WordHyphenating, @unchecked Sendable {
            var asked: [String: Int] = [:]
            func points(in word: UnsafeBufferPointer<UInt8>, into points: inout [Int]) {
                asked[String(decoding: word, as: UTF8.self), default: 0] += 1
                for p in stride(from: 2, to: word.count - 1, by: 3) { points.append(p) }
            }
        }
        let hyphenator = Counting()
        let memo = HyphenationMemo()
        let long = String(repeating: "x", count: 300)
        for _ in 0..<3 {
            for word in ["hyphenation", "memo", "table", long] {
                var points: [Int] = [0]
                Array(word.utf8).withUnsafeBufferPointer { memo.points(in: $0, hyphenator: hyphenator, into: &points) }
                XCTAssertEqual(points, [0] + Array(stride(from: 2, to: word.utf8.count - 1, by: 3)))
            }
        }
        XCTAssertEqual(hyphenator.asked, ["hyphenation": 1, "memo": 1, "table": 1, long: 3])
    }
}
