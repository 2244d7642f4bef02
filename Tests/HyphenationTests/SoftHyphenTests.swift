import Hyphenation
import XCTest

final class SoftHyphenTests: XCTestCase {
    func testSoftHyphensAreFoundAtTheirByteOffsets() {
        XCTAssertEqual(Hyphenation.softHyphens(in: "hy\u{AD}phen\u{AD}ation"), [2, 8])
        XCTAssertEqual(Hyphenation.softHyphens(in: "é\u{AD}té"), [2])               // é is 2 bytes
        XCTAssertEqual(Hyphenation.softHyphens(in: "\u{AD}word\u{AD}"), [0, 6])
    }

    func testWordsWithoutSoftHyphensHaveNone() {
        XCTAssertEqual(Hyphenation.softHyphens(in: "hyphenation"), [])
        XCTAssertEqual(Hyphenation.softHyphens(in: ""), [])
        XCTAssertEqual(Hyphenation.softHyphens(in: "\u{C2}"), [])                  // Â is C3 82: no C2 AD in it
    }

    func testOnlyTheTwoByteSequenceCounts() {
        var offsets = [7]
        let bytes: [UInt8] = [0x61, 0xC2, 0x62, 0xAD, 0xC2]          // C2 not followed by AD, a trailing C2
        bytes.withUnsafeBufferPointer { Hyphenation.softHyphens(in: $0, into: &offsets) }
        XCTAssertEqual(offsets, [])
    }

    func testPatternHyphenationLeavesSoftHyphenedWordsToTheAuthor() {
        XCTAssertEqual(Hyphenation.points(in: "hyphen\u{AD}ation", language: "en"), [])
        XCTAssertEqual(Hyphenation.points(in: "hyphenation", language: "en"), [2, 6])
    }
}
