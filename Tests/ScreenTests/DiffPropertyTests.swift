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

    private func check(colors: Bool, seed: UInt64, iterations: Int) {
        var rng = SplitMix64(seed: seed)
        let enc = ANSIEncoder(options: .init(colors: colors, synchronizedOutput: Bool.random(using: &rng)))
        func expected(_ b: ScreenBuffer) -> [Cell] {
            colors ? b.cells : b.cells.map { var c = $0; c.style = c.style.withoutColors; return c }
        }
        for i in 0..<iterations {
            let w = Int.random(in: 1...12, using: &rng), h = Int.random(in: 1...5, using: &rng)
            let prev = randomBuffer(&rng, width: w, height: h)
            var next: ScreenBuffer
            switch i % 4 {
            case 0: next = randomBuffer(&rng, width: w, height: h)
            case 1: next = prev; scribble(&next, &rng, count: Int.random(in: 0...4, using: &rng))
            case 2: next = prev; next.modifyStyle(row: 0, col: Int.random(in: 0..<w, using: &rng), width: 3, height: h) {
                $0 = styles.randomElement(using: &rng)!
            }
            default: next = prev; scribble(&next, &rng, count: Int.random(in: 0...(w * h), using: &rng))
            }
            assertInvariants(next)

            var t = TestTerminal(width: w, height: h, widthOf: testWidth)
            // Start from garbage, then a full redraw of prev.
            let junk = randomBuffer(&rng, width: w, height: h)
            t.grid = junk.cells
            disturb(&t, &rng)
            t.feed(enc.encode(from: nil, to: prev))
            XCTAssertEqual(t.errors, [], "full redraw, iteration \(i)")
            XCTAssertEqual(t.grid, expected(prev), "full redraw, iteration \(i)")

            disturb(&t, &rng)
            let diff = enc.encode(from: prev, to: next)
            t.feed(diff)
            XCTAssertEqual(t.errors, [], "diff, iteration \(i)")
            if t.grid != expected(next) {
                XCTFail("diff mismatch at iteration \(i):\nprev:\n\(prev.text())\nnext:\n\(next.text())\ngot:\n" +
                        (0..<h).map { r in (0..<w).map { t[r, $0].grapheme }.joined() }.joined(separator: "\n"))
                return
            }
            if prev == next { XCTAssertEqual(diff.filter { $0 == 0x48 || $0 >= 0x80 }.count, 0) }
        }
    }

    func testDiffReproducesNextWithColors() { check(colors: true, seed: 1, iterations: 3000) }
    func testDiffReproducesNextWithoutColors() { check(colors: false, seed: 2, iterations: 1500) }

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
