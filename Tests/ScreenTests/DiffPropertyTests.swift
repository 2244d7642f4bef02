import XCTest
@testable import Screen
import TestSupport

/// diff(prev, next) applied to an emulated terminal showing `prev` reproduces `next`.
final class DiffPropertyTests: XCTestCase {
    /// Drives the emulator into an arbitrary cursor/SGR state, as if something else had
    /// been written: the encoder must not depend on either.
    private func disturb(_ t: inout TestTerminal, _ rng: inout SplitMix64) {
        let r = Int.random(in: 1...t.height, using: &rng), c = Int.random(in: 1...t.width, using: &rng)
        let sgr = ["1", "7", "31;44", "38;5;9", "0", "2;4"].randomElement(using: &rng)!
        t.feed(Array("\u{1B}[\(r);\(c)H\u{1B}[\(sgr)m".utf8))
    }

    private func check(colors: Bool, links: Bool = false, linked: Bool = false, seed: UInt64, iterations: Int) {
        var rng = SplitMix64(seed: seed)
        let enc = ANSIEncoder(options: .init(colors: colors, synchronizedOutput: Bool.random(using: &rng),
                                             hyperlinks: links))
        func expected(_ b: ScreenBuffer) -> [Cell] {
            b.cells.map { var c = $0; c.link = 0; if !colors { c.style = c.style.withoutColors }; return c }
        }
        func expectedLinks(_ b: ScreenBuffer) -> [String?] {
            (0..<b.height).flatMap { r in (0..<b.width).map { links ? b.hyperlink(row: r, col: $0) : nil } }
        }
        for i in 0..<iterations {
            let w = Int.random(in: 1...12, using: &rng), h = Int.random(in: 1...5, using: &rng)
            var prev = randomBuffer(&rng, width: w, height: h)
            if linked { addLinks(&prev, &rng) }
            var next: ScreenBuffer
            switch i % 4 {
            case 0: next = randomBuffer(&rng, width: w, height: h)
            case 1: next = prev; scribble(&next, &rng, count: Int.random(in: 0...4, using: &rng))
            case 2: next = prev; next.modifyStyle(row: 0, col: Int.random(in: 0..<w, using: &rng), width: 3, height: h) {
                $0 = styles.randomElement(using: &rng)!
            }
            default: next = prev; scribble(&next, &rng, count: Int.random(in: 0...(w * h), using: &rng))
            }
            if linked && Bool.random(using: &rng) { addLinks(&next, &rng) }
            assertInvariants(next)

            var t = TestTerminal(width: w, height: h, widthOf: testWidth)
            // Start from garbage, then a full redraw of prev.
            let junk = randomBuffer(&rng, width: w, height: h)
            t.grid = junk.cells
            disturb(&t, &rng)
            if links && !prev.links.isEmpty && Bool.random(using: &rng) { t.link = "x:left-open" }
            t.feed(enc.encode(from: nil, to: prev))
            XCTAssertEqual(t.errors, [], "full redraw, iteration \(i)")
            XCTAssertEqual(t.grid, expected(prev), "full redraw, iteration \(i)")
            XCTAssertEqual(t.links, expectedLinks(prev), "full redraw, iteration \(i)")

            disturb(&t, &rng)
            let diff = enc.encode(from: prev, to: next)
            t.feed(diff)
            XCTAssertEqual(t.errors, [], "diff, iteration \(i)")
            if t.grid != expected(next) {
                XCTFail("diff mismatch at iteration \(i):\nprev:\n\(prev.text())\nnext:\n\(next.text())\ngot:\n" +
                        (0..<h).map { r in (0..<w).map { t[r, $0].grapheme }.joined() }.joined(separator: "\n"))
                return
            }
            XCTAssertEqual(t.links, expectedLinks(next), "diff, iteration \(i)")
            if prev == next { XCTAssertEqual(diff.filter { $0 == 0x48 || $0 >= 0x80 }.count, 0) }
        }
    }

    func testDiffReproducesNextWithColors() { check(colors: true, seed: 1, iterations: 3000) }
    func testDiffReproducesNextWithoutColors() { check(colors: false, seed: 2, iterations: 1500) }
    /// With OSC 8 hyperlinks: the terminal also ends up with every cell's link, and no link
    /// is ever open across a cursor movement or at the end of a frame (`TestTerminal.errors`).
    func testDiffReproducesNextWithLinks() { check(colors: true, links: true, linked: true, seed: 4, iterations: 3000) }
    /// Links in the buffers but the option off: same cells, and no link reaches the terminal.
    func testDiffIgnoresLinksWhenOff() { check(colors: false, links: false, linked: true, seed: 6, iterations: 500) }

    /// Marks (or unmarks) a few random ranges with URLs from a small pool.
    private func addLinks(_ b: inout ScreenBuffer, _ rng: inout SplitMix64) {
        let urls: [String?] = ["x:1", "x:2", "https://example.org/a;b", nil]
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            b.setHyperlink(urls.randomElement(using: &rng)!, row: Int.random(in: 0..<b.height, using: &rng),
                           col: Int.random(in: -1..<b.width, using: &rng), width: Int.random(in: 1...8, using: &rng))
        }
    }

    /// Sequences of frames: each diff applies on top of the previous result.
    func testFrameSequences() {
        var rng = SplitMix64(seed: 3)
        let enc = ANSIEncoder()
        for _ in 0..<100 {
            let w = Int.random(in: 1...20, using: &rng), h = Int.random(in: 1...6, using: &rng)
            var frame = randomBuffer(&rng, width: w, height: h)
            var t = TestTerminal(width: w, height: h, widthOf: testWidth)
            t.feed(enc.encodeFull(frame))
            for _ in 0..<20 {
                var next = frame
                if Bool.random(using: &rng) { next.clear(style: styles.randomElement(using: &rng)!) }
                scribble(&next, &rng, count: Int.random(in: 0...10, using: &rng))
                t.feed(enc.encode(from: frame, to: next))
                frame = next
            }
            XCTAssertEqual(t.errors, [])
            XCTAssertEqual(t.grid, frame.cells)
        }
    }
}
