import Foundation
import Hyphenation
import XCTest

/// Four threads load and hyphenate at once through one fresh library: the same answers as one thread.
final class ThreadSafetyTests: XCTestCase {
    func testFourThreadsAtOnceAgreeWithOneThread() throws {
        let languages = [("en-us", "en-US"), ("en-gb", "en-GB"), ("fr", "fr"), ("ru", "ru"), ("es", "es"), ("pl", "pl")]
        var words: [(tag: String, word: String)] = []
        for (fixture, tag) in languages {
            for entry in try ReferenceFixtureTests.expected(fixture).words { words.append((tag, entry.word)) }
        }
        let reference = words.map { HyphenationLibrary.system.hyphenator(for: $0.tag)!.points(in: $0.word) }

        let shared = HyphenationLibrary(directory: "/usr/share/hyphen")
        let results = Mutex4(count: 4)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            var mine: [[Int]] = Array(repeating: [], count: words.count)
            var points: [Int] = []
            for round in 0..<3 {
                // Each thread walks the words in its own order, so loads and lookups interleave.
                for k in 0..<words.count {
                    let index = (k * (thread + 1) + round * 7) % words.count
                    var word = words[index].word
                    word.withUTF8 { Hyphenation.points(in: $0, language: words[index].tag, library: shared, into: &points) }
                    mine[index] = points
                }
            }
            results.set(thread, mine)
        }
        for thread in 0..<4 {
            XCTAssertEqual(results.get(thread), reference, "thread \(thread)")
        }
        XCTAssertTrue(shared.warnings.isEmpty)
    }
}

/// Per-thread result slots (written once each, read after the threads end).
final class Mutex4: @unchecked Sendable {
    private var slots: [[[Int]]]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: [], count: count) }
    func set(_ i: Int, _ value: [[Int]]) { lock.lock(); slots[i] = value; lock.unlock() }
    func get(_ i: Int) -> [[Int]] { lock.lock(); defer { lock.unlock() }; return slots[i] }
}
