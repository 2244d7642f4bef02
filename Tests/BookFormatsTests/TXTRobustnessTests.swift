import XCTest
@testable import BookFormats
import TextContent

/// Mutated fixtures never crash the reader: each either opens with valid invariants or
/// fails with a `BookError`.
final class TXTRobustnessTests: XCTestCase {
    /// SplitMix64, so the test is deterministic.
    private struct RNG: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return z ^ (z >> 31)
        }
    }

    func testMutatedFixturesOpenOrFailCleanly() {
        var rng = RNG(state: 2024)
        let snippets: [[UInt8]] = ["\r", "\n", "\r\n", "\u{1B}[", "［＃", "］", "《", "》", "｜", "第一章", "CHAPTER IV.", "\n\n", "　", "\u{1B}]0;"]
            .map { Array($0.utf8) }
        let files = TXTFixtures.books.map(\.file).filter { !$0.contains("single_line") }
        var opened = 0, failed = 0
        for round in 0..<300 {
            var bytes = TXTFixtures.bytes(files[round % files.count])
            for _ in 0..<Int.random(in: 1...6, using: &rng) where !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes.insert(contentsOf: snippets.randomElement(using: &rng)!, at: at)
                case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &rng)))
                default: bytes = Array(bytes[..<at])
                }
            }
            do {
                let content = try PlainTextReader.read(bytes: bytes, name: "fuzz\(round).txt", encoding: nil)
                XCTAssertEqual(content.validate(), [], "round \(round)")
                XCTAssertTrue(content.blocks.allSatisfy { $0.range.count <= PlainTextReader.maxBlockBytes })
                opened += 1
            } catch is BookError {
                failed += 1
            } catch {
                XCTFail("round \(round): unexpected \(error)")
            }
        }
        XCTAssertGreaterThan(opened, 200)
        _ = failed
    }
}
