import XCTest
@testable import BookFormats
import TextContent
import TestSupport

/// Mutated fixtures never crash the reader: each either opens with valid invariants or
/// fails with a `BookError`.
final class TXTRobustnessTests: XCTestCase {
    func testMutatedFixturesOpenOrFailCleanly() {
        var rng = SplitMix64(state: 2024)   // deterministic
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
