import XCTest
@testable import TextLayout

/// `BlockFit.asciiWords` (the walk's eight-bytes-at-a-time ASCII path) against the byte
/// rule it replaces: a printable ASCII byte followed by ASCII is a one-cell cluster, shown
/// unless it is a space (in preformatted text, every cell is shown).
final class ASCIIWordsTests: XCTestCase {
    /// The byte rule, in whole words of eight as `asciiWords` takes them.
    private func reference(_ bytes: [UInt8], from start: Int, to end: Int, preformatted: Bool) -> (cells: Int, visible: Int) {
        var i = start, visible = 0
        while i + 8 <= end {
            let word = bytes[i..<(i + 8)]
            guard word.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }), i + 8 == bytes.count || bytes[i + 8] < 0x80 else { break }
            for (k, b) in word.enumerated() where b != 0x20 || preformatted { visible = i + k + 1 - start }
            i += 8
        }
        return (i - start, visible)
    }

    func testRandomTextAgreesWithTheByteRule() {
        var state: UInt64 = 0x5EED
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 33 }
        // Mostly letters and spaces; now and then a control byte, DEL, a non-ASCII letter.
        let alphabet: [[UInt8]] = [Array("abcdefgh".utf8), Array("   ".utf8), [0x7E, 0x21], [0x09], [0x7F], [0x1B], Array("é".utf8), Array("漢".utf8)]
        for _ in 0..<4000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(next() % 40) {
                let r = Int(next() % 100)
                let piece = r < 60 ? alphabet[0] : r < 85 ? alphabet[1] : alphabet[2 + Int(next() % 6)]
                bytes.append(piece[Int(next() % UInt64(piece.count))])
                if r >= 97 { bytes += piece }
            }
            let start = bytes.isEmpty ? 0 : Int(next() % UInt64(bytes.count + 1))
            let end = start + Int(next() % UInt64(bytes.count - start + 1))
            for preformatted in [false, true] {
                let got = bytes.withUnsafeBufferPointer { BlockFit.asciiWords($0, from: start, to: end, preformatted: preformatted) }
                let want = reference(bytes, from: start, to: end, preformatted: preformatted)
                XCTAssertTrue(got == want, "\(bytes) \(start)..<\(end) preformatted \(preformatted): \(got) vs \(want)")
            }
        }
    }

    func testTrailingSpacesAreNotShownAndTheByteAfterMatters() {
        let text = Array("abc     defghijk".utf8)            // 16 bytes: two words
        text.withUnsafeBufferPointer { t in
            XCTAssertTrue(BlockFit.asciiWords(t, from: 0, to: 16, preformatted: false) == (16, 16))
            XCTAssertTrue(BlockFit.asciiWords(t, from: 0, to: 8, preformatted: false) == (8, 3))   // "abc" then spaces
            XCTAssertTrue(BlockFit.asciiWords(t, from: 0, to: 8, preformatted: true) == (8, 8))
        }
        let marked = Array("abcdefgh".utf8) + Array("\u{301}".utf8)   // a combining mark after the word
        marked.withUnsafeBufferPointer { t in
            XCTAssertTrue(BlockFit.asciiWords(t, from: 0, to: 8, preformatted: false) == (0, 0))
        }
    }
}
