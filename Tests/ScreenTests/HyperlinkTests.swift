import XCTest
@testable import Screen
import TestSupport

private func str(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
private let esc = "\u{1B}"
private func open(_ url: String) -> String { "\(esc)]8;;\(url)\(esc)\\" }
private let close = "\(esc)]8;;\(esc)\\"

/// `ScreenBuffer` links and their OSC 8 encoding.
final class HyperlinkTests: XCTestCase {
    let enc = ANSIEncoder(options: .init(hyperlinks: true))
    let url = "https://example.org/a;b?c=d#e"

    func testOneLinkOnARow() {
        let a = ScreenBuffer(width: 12, height: 1)
        var b = a
        b.putText("see here.", row: 0, col: 0, width: { _ in 1 })
        XCTAssertTrue(b.setHyperlink(url, row: 0, col: 4, width: 4))
        XCTAssertEqual(b.hyperlink(row: 0, col: 4), url)
        XCTAssertEqual(b.hyperlink(row: 0, col: 7), url)
        XCTAssertNil(b.hyperlink(row: 0, col: 3))
        XCTAssertNil(b.hyperlink(row: 0, col: 8))
        XCTAssertNil(b.hyperlink(row: 1, col: 4))
        XCTAssertEqual(str(enc.encode(from: a, to: b)),
                       "\(esc)[H\(esc)[0msee\(esc)[C\(open(url))here\(close).")
        // A full redraw first ends whatever link the terminal had open.
        XCTAssertEqual(str(enc.encodeFull(b)),
                       "\(esc)[0m\(esc)[2J\(close)\(esc)[Hsee\(esc)[C\(open(url))here\(close).")
    }

    func testLinkAtTheEndOfARowIsClosedBeforeTheNextRowAndAtTheEnd() {
        let a = ScreenBuffer(width: 3, height: 2)
        var b = a
        b.putText("abc", row: 0, col: 0, width: { _ in 1 })
        b.putText("de", row: 1, col: 0, width: { _ in 1 })
        b.setHyperlink("x:1", row: 0, col: 1, width: 2)
        b.setHyperlink("x:1", row: 1, col: 0, width: 2)
        XCTAssertEqual(str(enc.encode(from: a, to: b)),
                       "\(esc)[H\(esc)[0ma\(open("x:1"))bc\(close)\(esc)[2;1H\(open("x:1"))de\(close)")
    }

    func testTwoAdjacentDifferentLinks() {
        let a = ScreenBuffer(width: 6, height: 1)
        var b = a
        b.putText("abcdef", row: 0, col: 0, width: { _ in 1 })
        b.setHyperlink("x:A", row: 0, col: 0, width: 3)
        b.setHyperlink("x:B", row: 0, col: 3, width: 3)
        XCTAssertEqual(str(enc.encode(from: a, to: b)),
                       "\(esc)[H\(open("x:A"))\(esc)[0mabc\(close)\(open("x:B"))def\(close)")
    }

    /// Two cells of one link change: each is drawn inside the link, which is closed before
    /// the cursor jumps over the unchanged cells between them.
    func testLinkSplitByACursorJumpInADiff() {
        var a = ScreenBuffer(width: 40, height: 1)
        a.putText(String(repeating: "abcdefghij", count: 4), row: 0, col: 0, width: { _ in 1 })
        a.setHyperlink("x:L", row: 0, col: 2, width: 28)
        var b = a
        b.put("X", width: 1, row: 0, col: 5)
        b.put("Y", width: 1, row: 0, col: 20)
        XCTAssertNil(b.hyperlink(row: 0, col: 5), "writing a cell removes its link")
        b.setHyperlink("x:L", row: 0, col: 2, width: 28)
        XCTAssertEqual(str(enc.encode(from: a, to: b)),
                       "\(esc)[1;6H\(open("x:L"))\(esc)[0mX\(close)\(esc)[14C\(open("x:L"))Y\(close)")
    }

    func testWideGlyphInsideALink() {
        let a = ScreenBuffer(width: 6, height: 1)
        var b = a
        b.putText("a漢b", row: 0, col: 0, width: testWidth)
        // Marking only the right half marks the whole glyph.
        b.setHyperlink("x:W", row: 0, col: 2, width: 1)
        XCTAssertEqual(b.hyperlink(row: 0, col: 1), "x:W")
        XCTAssertEqual(b.hyperlink(row: 0, col: 2), "x:W")
        XCTAssertNil(b.hyperlink(row: 0, col: 3))
        XCTAssertEqual(str(enc.encode(from: a, to: b)), "\(esc)[H\(esc)[0ma\(open("x:W"))漢\(close)b")
        var t = TestTerminal(width: 6, height: 1, widthOf: testWidth)
        t.feed(enc.encodeFull(b))
        XCTAssertEqual(t.errors, [])
        XCTAssertEqual(t.links, [nil, "x:W", "x:W", nil, nil, nil])
    }

    func testLinkRemovedInTheNextFrameIsRedrawnWithoutIt() {
        var a = ScreenBuffer(width: 5, height: 1)
        a.putText("abc", row: 0, col: 0, width: { _ in 1 })
        a.setHyperlink("x:1", row: 0, col: 0, width: 3)
        var b = a
        b.clear()
        b.putText("abc", row: 0, col: 0, width: { _ in 1 })
        XCTAssertNotEqual(a, b, "equality includes links")
        XCTAssertEqual(str(enc.encode(from: a, to: b)), "\(esc)[H\(esc)[0mabc")
        var c = a
        c.setHyperlink(nil, row: 0, col: 1, width: 1)
        XCTAssertEqual(str(enc.encode(from: a, to: c)), "\(esc)[1;2H\(esc)[0mb")
        // Another URL on the same text: redrawn with it.
        var d = a
        d.setHyperlink("x:2", row: 0, col: 0, width: 3)
        XCTAssertEqual(str(enc.encode(from: a, to: d)), "\(esc)[H\(open("x:2"))\(esc)[0mabc\(close)")
        // Without hyperlinks a link is invisible: nothing to redraw.
        XCTAssertEqual(ANSIEncoder().encode(from: a, to: b), [])
    }

    func testEqualityComparesURLsNotTableIndices() {
        var a = ScreenBuffer(width: 4, height: 1)
        a.setHyperlink("x:1", row: 0, col: 0, width: 1)
        a.setHyperlink("x:2", row: 0, col: 2, width: 1)
        var b = ScreenBuffer(width: 4, height: 1)
        b.setHyperlink("x:2", row: 0, col: 2, width: 1)
        b.setHyperlink("x:1", row: 0, col: 0, width: 1)
        XCTAssertNotEqual(a.links, b.links)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertEqual(enc.encode(from: a, to: b), [])
        b.setHyperlink("x:3", row: 0, col: 2, width: 1)
        XCTAssertNotEqual(a, b)
    }

    /// With the option on, a frame without links is sent byte for byte as with it off.
    func testFrameWithoutLinksIsUnchangedByTheOption() {
        var rng = SplitMix64(seed: 21)
        for _ in 0..<50 {
            let a = randomBuffer(&rng, width: 9, height: 3)
            var b = a
            scribble(&b, &rng, count: 6)
            XCTAssertEqual(enc.encodeFull(b), ANSIEncoder().encodeFull(b))
            XCTAssertEqual(enc.encode(from: a, to: b), ANSIEncoder().encode(from: a, to: b))
        }
    }

    func testHyperlinksOffSendNoOSC8() {
        let off = ANSIEncoder()
        var a = ScreenBuffer(width: 8, height: 2)
        a.putText("linked", row: 0, col: 0, width: { _ in 1 })
        a.setHyperlink("x:1", row: 0, col: 0, width: 6)
        var b = a
        b.put("Z", width: 1, row: 1, col: 3)
        b.setHyperlink("x:2", row: 1, col: 3, width: 1)
        for out in [off.encodeFull(a), off.encode(from: a, to: b), off.encode(from: nil, to: b)] {
            XCTAssertFalse(str(out).contains("\(esc)]"))
            assertOnlyOwnControls(out)
        }
    }

    func testUnsafeURLsAreNeverStoredOrSent() {
        let bad = ["", "x:a b", "x:\u{1B}]8;;x:evil\u{1B}\\", "x:\u{7}", "x:\t", "x:\n", "x:\r", "x:\u{7F}",
                   "x:\u{9B}31m", "x:\u{85}", "https://例え.jp", "x:é", String(repeating: "a", count: 2049)]
        for url in bad {
            var b = ScreenBuffer(width: 4, height: 1)
            b.putText("abcd", row: 0, col: 0, width: { _ in 1 })
            b.setHyperlink("x:ok", row: 0, col: 0, width: 4)
            XCTAssertEqual(b.setHyperlink(url, row: 0, col: 1, width: 2), url.isEmpty, url.debugDescription)
            XCTAssertNil(b.hyperlink(row: 0, col: 1), "drawn as plain cells")
            XCTAssertEqual(b.hyperlink(row: 0, col: 0), "x:ok")
            XCTAssertEqual(str(enc.encode(from: ScreenBuffer(width: 4, height: 1), to: b)),
                           "\(esc)[H\(open("x:ok"))\(esc)[0ma\(close)bc\(open("x:ok"))d\(close)")
        }
        XCTAssertTrue(ScreenBuffer.isSafeHyperlink("file:///tmp/a%20b;c=1"))
        XCTAssertTrue(ScreenBuffer.isSafeHyperlink(String(repeating: "a", count: 2048)))
    }

    /// 200 random URLs of printable ASCII mixed with controls, ESC, BEL, spaces, DEL and
    /// non-ASCII: only the safe ones are sent, and between `ESC ]8;;` and its terminator
    /// no byte below 0x21 or above 0x7E ever appears.
    func testRandomURLsNeverSendAnUnsafeByte() {
        var rng = SplitMix64(seed: 814)
        let pieces = ["h", "t", "p", ":", "/", ";", "=", "?", "#", "%", "~", "\u{1B}", "\u{7}", " ", "\u{7F}",
                      "\t", "\0", "é", "漢", "\u{9B}", "\u{85}", "\u{1B}\\", "\u{202E}", "\u{FEFF}"]
        var sent = 0
        for _ in 0..<200 {
            let url = (0..<Int.random(in: 1...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            var b = ScreenBuffer(width: 10, height: 3)
            scribble(&b, &rng, count: 20)
            let r = Int.random(in: 0..<3, using: &rng), c = Int.random(in: 0..<10, using: &rng)
            let stored = b.setHyperlink(url, row: r, col: c, width: Int.random(in: 1...10, using: &rng))
            XCTAssertEqual(stored, ScreenBuffer.isSafeHyperlink(url))
            XCTAssertEqual(stored, url.utf8.allSatisfy { (0x21...0x7E).contains($0) })
            let out = enc.encode(from: Bool.random(using: &rng) ? nil : ScreenBuffer(width: 10, height: 3), to: b)
            assertOnlyOwnControls(out)
            let text = str(out)
            if stored { sent += 1; XCTAssertTrue(text.contains(open(url))) }
        }
        XCTAssertGreaterThan(sent, 5, "some safe URLs were drawn")
    }

    func testClearAndResizeDropLinks() {
        var b = ScreenBuffer(width: 4, height: 2)
        b.putText("ab", row: 0, col: 0, width: { _ in 1 })
        b.setHyperlink("x:1", row: 0, col: 0, width: 2)
        var r = b
        r.resize(width: 3, height: 2)
        XCTAssertEqual(r.rowText(0), "ab ")
        XCTAssertNil(r.hyperlink(row: 0, col: 0))
        XCTAssertTrue(r.cells.allSatisfy { !$0.hasLink })
        XCTAssertEqual(r.links, [])
        b.clear()
        XCTAssertNil(b.hyperlink(row: 0, col: 1))
        XCTAssertEqual(b.links, [])
        XCTAssertEqual(b, ScreenBuffer(width: 4, height: 2))
    }

    func testSetHyperlinkClipsAndOverwriteRemoves() {
        var b = ScreenBuffer(width: 4, height: 1)
        b.setHyperlink("x:1", row: 0, col: -2, width: 4)
        b.setHyperlink("x:1", row: 3, col: 0, width: 4)
        XCTAssertEqual((0..<4).map { b.hyperlink(row: 0, col: $0) }, ["x:1", "x:1", nil, nil])
        b.fill(row: 0, col: 0, width: 1, height: 1, grapheme: "#")
        XCTAssertNil(b.hyperlink(row: 0, col: 0))
        b.modifyStyle(row: 0, col: 1, width: 1, height: 1) { $0.bold = true }
        XCTAssertEqual(b.hyperlink(row: 0, col: 1), "x:1", "restyling keeps the link")
        XCTAssertEqual(b.links, ["x:1"], "one table entry per URL")
    }

    func testCellStaysSmallAndPlain() {
        XCTAssertLessThanOrEqual(MemoryLayout<Cell>.size, 32)
        XCTAssertLessThanOrEqual(MemoryLayout<Cell>.stride, 32)
        XCTAssertTrue(_isPOD(Cell.self))
    }

    func testHyperlinksFromEnvironment() {
        typealias O = ANSIEncoder.Options
        XCTAssertTrue(O.fromEnvironment([:]).hyperlinks)
        XCTAssertTrue(O.fromEnvironment(["TERM": "xterm-256color"]).hyperlinks)
        XCTAssertTrue(O.fromEnvironment(["TERM": "xterm", "NO_HYPERLINKS": ""]).hyperlinks)
        for term in ["dumb", "linux", "vt100", "vt220"] {
            XCTAssertFalse(O.fromEnvironment(["TERM": term]).hyperlinks, term)
        }
        XCTAssertFalse(O.fromEnvironment(["TERM": "xterm", "NO_HYPERLINKS": "1"]).hyperlinks)
        XCTAssertFalse(O.fromEnvironment(["READER_NO_HYPERLINKS": "1"]).hyperlinks)
        XCTAssertFalse(O().hyperlinks)
    }
}

extension HyperlinkTests {
    /// A link set outside the grid marks nothing and adds nothing to the table.
    func testOutOfGridLinkAddsNoTableEntry() {
        var b = ScreenBuffer(width: 3, height: 1)
        XCTAssertTrue(b.setHyperlink("x:1", row: 1, col: 0, width: 3))
        XCTAssertTrue(b.setHyperlink("x:1", row: 0, col: 3, width: 3))
        XCTAssertTrue(b.setHyperlink("x:1", row: 0, col: 0, width: 0))
        XCTAssertFalse(b.setHyperlink("x: 1", row: 5, col: 0, width: 3))
        XCTAssertEqual(b.links, [])
        XCTAssertEqual(b, ScreenBuffer(width: 3, height: 1))
        // Extreme ranges are clipped, never an overflow.
        b.setHyperlink("x:1", row: 0, col: 1, width: .max)
        b.setHyperlink("x:1", row: 0, col: .min, width: .max)
        b.setHyperlink("x:2", row: 0, col: .max, width: .max)
        XCTAssertEqual((0..<3).map { b.hyperlink(row: 0, col: $0) }, ["x:1", "x:1", "x:1"])
        XCTAssertEqual(b.links, ["x:1"])
    }
}
