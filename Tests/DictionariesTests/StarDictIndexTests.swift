import XCTest
@testable import Dictionaries

/// The .idx records, StarDict's order (g_ascii_strcasecmp, then strcmp) and the search.
final class StarDictIndexTests: XCTestCase {
    func order(_ a: String, _ b: String) -> Int {
        Array(a.utf8).withUnsafeBufferPointer { x in Array(b.utf8).withUnsafeBufferPointer { y in StarDictOrder.compare(x, y) } }.signum()
    }

    func testTheOrder() {
        XCTAssertEqual(order("Apple", "apple"), -1, "case-insensitive tie broken by strcmp: A < a")
        XCTAssertEqual(order("apple", "Banana"), -1, "case-insensitive first")
        XCTAssertEqual(order("app", "apple"), -1)
        XCTAssertEqual(order("a_b", "aab"), -1, "'_' (0x5F) before 'a' (0x61) once folded to lower case")
        XCTAssertEqual(order("zoo", "éclair"), -1, "UTF-8 after ASCII")
        XCTAssertEqual(order("same", "same"), 0)
    }

    func records(_ words: [String], bits: Int = 32) -> [UInt8] {
        var bytes: [UInt8] = []
        for (i, w) in words.enumerated() {
            bytes += Array(w.utf8) + [0]
            bytes += (0..<(bits / 8)).map { UInt8(truncatingIfNeeded: (i * 100) >> (8 * (bits / 8 - 1 - $0))) }
            bytes += [0, 0, 0, 5]
        }
        return bytes
    }

    func testTheSearchFindsBothCases() throws {
        let index = try StarDictIndex(bytes: records(["Apple", "apple", "banana", "cherry"]), path: "x.idx", tail: 8, expectedCount: 4)
        XCTAssertEqual(index.records(matching: Array("APPLE".utf8)), [0, 1])
        XCTAssertEqual(index.records(matching: Array("cherry".utf8)), [3])
        XCTAssertEqual(index.records(matching: Array("date".utf8)), [])
        XCTAssertEqual(index.number(3, at: 0, size: 4), 300)
        XCTAssertEqual(index.number(3, at: 4, size: 4), 5)
    }

    func test64BitOffsets() throws {
        let index = try StarDictIndex(bytes: records(["a", "b"], bits: 64), path: "x.idx", tail: 12, expectedCount: 2)
        XCTAssertEqual(index.number(1, at: 0, size: 8), 100)
        XCTAssertEqual(index.number(1, at: 8, size: 4), 5)
    }

    func testRecordsOutOfOrderAreStillFound() throws {
        let words = ["pear", "apple", "zebra", "Mango", "kiwi"]
        let index = try StarDictIndex(bytes: records(words), path: "x.idx", tail: 8, expectedCount: 5)
        for (i, w) in words.enumerated() { XCTAssertEqual(index.records(matching: Array(w.lowercased().utf8)), [i], w) }
    }

    func testCutAndMiscountedFilesThrow() {
        let bytes = records(["apple", "banana"])
        XCTAssertThrowsError(try StarDictIndex(bytes: Array(bytes.dropLast(3)), path: "x.idx", tail: 8, expectedCount: 2)) {
            XCTAssertTrue("\($0)".contains("cut short"), "\($0)")
        }
        XCTAssertThrowsError(try StarDictIndex(bytes: bytes, path: "x.idx", tail: 8, expectedCount: 3)) {
            XCTAssertTrue("\($0)".contains("has 2 words"), "\($0)")
        }
        XCTAssertThrowsError(try StarDictIndex(bytes: Array("apple".utf8), path: "x.idx", tail: 8, expectedCount: 1))
        let long = [UInt8](repeating: 0x61, count: 2000) + [0] + [UInt8](repeating: 0, count: 8)
        XCTAssertThrowsError(try StarDictIndex(bytes: long, path: "x.idx", tail: 8, expectedCount: 1)) {
            XCTAssertTrue("\($0)".contains("longer than"), "\($0)")
        }
        XCTAssertThrowsError(try StarDictIndex(bytes: [0x7A, 0xFC, 0] + [UInt8](repeating: 0, count: 8), path: "x.idx", tail: 8, expectedCount: 1)) {
            XCTAssertTrue("\($0)".contains("not UTF-8"), "\($0)")
        }
    }
}
