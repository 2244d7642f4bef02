import XCTest
@testable import Screen
import TestSupport

private func str(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
private let esc = "\u{1B}"

final class ANSIEncoderTests: XCTestCase {
    let enc = ANSIEncoder()

    func testFullRedrawSkipsBlankDefaultCells() {
        var b = ScreenBuffer(width: 3, height: 2)
        b.putText("ab", row: 0, col: 0, width: { _ in 1 })
        b.put("c", width: 1, row: 1, col: 2)
        XCTAssertEqual(str(enc.encodeFull(b)), "\(esc)[0m\(esc)[2J\(esc)[Hab\(esc)[2;3Hc")
    }

    func testSizeChangeForcesFullRedraw() {
        let a = ScreenBuffer(width: 3, height: 2)
        let b = ScreenBuffer(width: 4, height: 2)
        XCTAssertEqual(str(enc.encode(from: a, to: b)), "\(esc)[0m\(esc)[2J")
    }

    func testTheFrameSaysWhenItClearsTheScreen() {
        let a = ScreenBuffer(width: 20, height: 3)
        var small = a
        small.put("X", width: 1, row: 1, col: 2)
        XCTAssertFalse(enc.encodeFrame(from: a, to: small).clears, "a diff")
        XCTAssertTrue(enc.encodeFrame(from: nil, to: small).clears)
        XCTAssertTrue(enc.encodeFrame(from: ScreenBuffer(width: 19, height: 3), to: small).clears, "another size")
        // Every cell of a full screen changed to blanks: clearing is shorter than overwriting.
        var full = a
        for row in 0..<3 { full.putText(String(repeating: "w", count: 20), row: row, col: 0, width: { _ in 1 }) }
        let cleared = enc.encodeFrame(from: full, to: a)
        XCTAssertTrue(cleared.clears)
        XCTAssertEqual(cleared.bytes, enc.encode(from: full, to: a))
        XCTAssertTrue(str(cleared.bytes).contains("\(esc)[2J"))
    }

    func testExtraBytesGoInsideTheSynchronizedUpdate() {
        let a = ScreenBuffer(width: 3, height: 1)
        var b = a
        b.put("z", width: 1, row: 0, col: 1)
        let sync = ANSIEncoder(options: ANSIEncoder.Options(synchronizedOutput: true))
        XCTAssertEqual(str(sync.appending(Array("PIC".utf8), toFrame: sync.encode(from: a, to: b))),
                       "\(esc)[?2026h\(esc)[1;2H\(esc)[0mzPIC\(esc)[?2026l")
        XCTAssertEqual(str(enc.appending(Array("PIC".utf8), toFrame: enc.encode(from: a, to: b))), "\(esc)[1;2H\(esc)[0mzPIC")
        XCTAssertEqual(enc.appending([], toFrame: [1, 2]), [1, 2])
    }

    func testNoChangeIsEmpty() {
        var b = ScreenBuffer(width: 5, height: 2)
        b.putText("hi", row: 1, col: 1, style: CellStyle(foreground: .red), width: { _ in 1 })
        XCTAssertEqual(enc.encode(from: b, to: b), [])
    }

    func testSingleChangedCell() {
        let a = ScreenBuffer(width: 5, height: 3)
        var b = a
        b.put("X", width: 1, row: 1, col: 2, style: CellStyle(attributes: .bold))
        XCTAssertEqual(str(enc.encode(from: a, to: b)), "\(esc)[2;3H\(esc)[0;1mX")
    }

    func testRunsOnOneRowUseCUFAndStyleOnlyOnChange() {
        let a = ScreenBuffer(width: 10, height: 1)
        var b = a
        b.putText("ab", row: 0, col: 1, width: { _ in 1 })
        b.putText("cd", row: 0, col: 6, width: { _ in 1 })
        b.put("e", width: 1, row: 0, col: 8, style: CellStyle(foreground: .green))
        // "ab" at col 2, skip 3 cells with CUF, "cd", "e" in green: only one SGR besides the first.
        XCTAssertEqual(str(enc.encode(from: a, to: b)),
                       "\(esc)[1;2H\(esc)[0mab\(esc)[3Ccd\(esc)[0;32me")
    }

    func testCUFOfOne() {
        let a = ScreenBuffer(width: 4, height: 1)
        var b = a
        b.put("x", width: 1, row: 0, col: 0)
        b.put("y", width: 1, row: 0, col: 2)
        XCTAssertEqual(str(enc.encode(from: a, to: b)), "\(esc)[H\(esc)[0mx\(esc)[Cy")
    }

    func testLastColumnInvalidatesCursor() {
        let a = ScreenBuffer(width: 3, height: 2)
        var b = a
        b.put("x", width: 1, row: 0, col: 2)
        b.put("y", width: 1, row: 1, col: 0)
        XCTAssertEqual(str(enc.encode(from: a, to: b)), "\(esc)[1;3H\(esc)[0mx\(esc)[2;1Hy")
    }

    func testWideGlyphChanges() {
        var a = ScreenBuffer(width: 4, height: 1)
        a.put("漢", width: 2, row: 0, col: 0)
        var b = a
        b.put("字", width: 2, row: 0, col: 0)
        XCTAssertEqual(str(enc.encode(from: a, to: b)), "\(esc)[H\(esc)[0m字")
        // Only the style of the right half changed: the whole glyph is reprinted.
        var c = b
        c.modifyStyle(row: 0, col: 1, width: 1, height: 1) { $0.bold = true }
        XCTAssertEqual(str(enc.encode(from: b, to: c)), "\(esc)[H\(esc)[0;1m字")
        // Narrow over the left half: the blanked right half is rewritten after it.
        var d = b
        d.put("x", width: 1, row: 0, col: 0)
        XCTAssertEqual(str(enc.encode(from: b, to: d)), "\(esc)[H\(esc)[0mx ")
    }

    func testColorsSGR() {
        let a = ScreenBuffer(width: 4, height: 1)
        var b = a
        b.put("a", width: 1, row: 0, col: 0, style: CellStyle(foreground: .ansi(1), background: .ansi(9)))
        b.put("b", width: 1, row: 0, col: 1, style: CellStyle(foreground: .indexed(200), background: .rgb(1, 2, 3)))
        b.put("c", width: 1, row: 0, col: 2, style: CellStyle(foreground: .ansi(15), attributes: [.bold, .dim, .italic, .underline, .reverse]))
        XCTAssertEqual(str(enc.encode(from: a, to: b)),
                       "\(esc)[H\(esc)[0;31;101ma\(esc)[0;38;5;200;48;2;1;2;3mb\(esc)[0;1;2;3;4;7;97mc")
    }

    func testNoColorKeepsAttributes() {
        let noColor = ANSIEncoder(options: .init(colors: false))
        let a = ScreenBuffer(width: 3, height: 1)
        var b = a
        b.put("a", width: 1, row: 0, col: 0, style: CellStyle(foreground: .red, attributes: .bold))
        b.put("b", width: 1, row: 0, col: 1, style: CellStyle(foreground: .blue, attributes: .bold))
        b.put("c", width: 1, row: 0, col: 2, style: CellStyle(background: .rgb(9, 9, 9), attributes: .reverse))
        XCTAssertEqual(str(noColor.encode(from: a, to: b)), "\(esc)[H\(esc)[0;1mab\(esc)[0;7mc")
        // A colour-only change is invisible without colours: nothing to send.
        var c = b
        c.modifyStyle(row: 0, col: 0, width: 3, height: 1) { $0.foreground = .green }
        XCTAssertEqual(noColor.encode(from: b, to: c), [])
    }

    func testNoColorFromEnvironment() {
        XCTAssertFalse(ANSIEncoder.Options.fromEnvironment(["NO_COLOR": "1"]).colors)
        XCTAssertTrue(ANSIEncoder.Options.fromEnvironment(["NO_COLOR": ""]).colors)
        XCTAssertTrue(ANSIEncoder.Options.fromEnvironment([:]).colors)
    }

    func testSynchronizedOutput() {
        let sync = ANSIEncoder(options: .init(synchronizedOutput: true))
        let a = ScreenBuffer(width: 2, height: 1)
        var b = a
        b.put("z", width: 1, row: 0, col: 1)
        XCTAssertEqual(str(sync.encode(from: a, to: b)), "\(esc)[?2026h\(esc)[1;2H\(esc)[0mz\(esc)[?2026l")
    }

    func testLongClusterIsWrittenWhole() {
        let a = ScreenBuffer(width: 4, height: 1)
        var b = a
        b.put("👨‍👩‍👧‍👦", width: 2, row: 0, col: 1)
        XCTAssertEqual(str(enc.encode(from: a, to: b)), "\(esc)[1;2H\(esc)[0m👨‍👩‍👧‍👦")
        var c = b
        c.put("\u{1B}[31m-long-hostile-cluster", width: 1, row: 0, col: 0)
        XCTAssertEqual(str(enc.encode(from: b, to: c)), "\(esc)[H\(esc)[0m\u{FFFD}")
    }

    func testHostileContentIsSanitised() {
        let a = ScreenBuffer(width: 8, height: 1)
        var b = a
        b.put("\u{1B}", width: 1, row: 0, col: 0)
        b.put("\u{9B}", width: 1, row: 0, col: 1)
        b.put("\u{7F}", width: 1, row: 0, col: 2)
        b.put("a\u{7}", width: 1, row: 0, col: 3)
        b.put("\u{1B}[2J", width: 2, row: 0, col: 4)
        b.put("\u{85}", width: 1, row: 0, col: 6)
        XCTAssertEqual(str(enc.encode(from: a, to: b)),
                       "\(esc)[H\(esc)[0m\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD} \u{FFFD}")
    }

    /// Every scalar from U+0000 to U+00FF (and a few more) as cell content: the output
    /// contains ESC only as the start of the encoder's own CSI sequences, and no other
    /// C0, DEL or C1 code.
    func testNoControlBytesFromAnyContent() {
        var rng = SplitMix64(seed: 99)
        var scalars: [Unicode.Scalar] = (0...0x2FF).compactMap(Unicode.Scalar.init)
        scalars += ["\u{2028}", "\u{FEFF}", "\u{202E}"]
        for _ in 0..<200 {
            var b = ScreenBuffer(width: 16, height: 4)
            for r in 0..<4 {
                for c in 0..<16 {
                    var g = String(scalars.randomElement(using: &rng)!)
                    if Bool.random(using: &rng) { g.unicodeScalars.append(scalars.randomElement(using: &rng)!) }
                    b.put(g, width: Int.random(in: 1...2, using: &rng), row: r, col: c)
                }
            }
            let out = enc.encodeFull(b)
            assertOnlyOwnControls(out)
        }
    }

    /// A 200×60 frame of mixed styled text renders and diffs correctly (sanity on size, not a
    /// timing test: see the benchmark note in docs/TERMINAL.md).
    func testLargeFrame() {
        var rng = SplitMix64(seed: 5)
        let a = randomBuffer(&rng, width: 200, height: 60)
        var b = a
        scribble(&b, &rng, count: 500)
        var t = TestTerminal(width: 200, height: 60, widthOf: testWidth)
        t.feed(enc.encodeFull(a))
        t.feed(enc.encode(from: a, to: b))
        XCTAssertEqual(t.errors, [])
        XCTAssertEqual(t.grid, b.cells)
    }
}

/// Asserts that `out` holds no control codes except ESC introducing `ESC [ params final`
/// or an OSC 8 hyperlink `ESC ] 8 ; ; URI ESC \` whose URI is printable ASCII (0x21–0x7E).
func assertOnlyOwnControls(_ out: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
    var i = 0
    while i < out.count {
        let b = out[i]
        if b == 0x1B, i + 1 < out.count, out[i + 1] == 0x5D {
            i = checkOSC8(out, at: i, file: file, line: line)
            continue
        }
        if b == 0x1B {
            XCTAssertTrue(i + 1 < out.count && out[i + 1] == 0x5B, "bare ESC", file: file, line: line)
            i += 2
            while i < out.count, (0x30...0x3F).contains(out[i]) { i += 1 }
            XCTAssertTrue(i < out.count && (0x40...0x7E).contains(out[i]), "bad CSI", file: file, line: line)
            i += 1
            continue
        }
        XCTAssertFalse(b < 0x20 || b == 0x7F, "control byte \(b)", file: file, line: line)
        if b == 0xC2, i + 1 < out.count {
            XCTAssertFalse((0x80...0x9F).contains(out[i + 1]), "C1 control", file: file, line: line)
        }
        i += 1
    }
    XCTAssertNotNil(String(validating: out, as: UTF8.self), "invalid UTF-8", file: file, line: line)
}

/// Checks the OSC 8 sequence starting at `out[i]` (ESC ]): `8;;`, printable ASCII only, then
/// `ESC \`. Returns the index after it.
func checkOSC8(_ out: [UInt8], at start: Int, file: StaticString = #filePath, line: UInt = #line) -> Int {
    let prefix: [UInt8] = [0x1B, 0x5D, 0x38, 0x3B, 0x3B]  // ESC ] 8 ; ;
    XCTAssertEqual(Array(out[start..<min(out.count, start + 5)]), prefix, "not OSC 8 ;;", file: file, line: line)
    var i = start + 5
    while i < out.count, out[i] != 0x1B {
        XCTAssertTrue((0x21...0x7E).contains(out[i]), "byte \(out[i]) in a URI", file: file, line: line)
        i += 1
    }
    XCTAssertTrue(i + 1 < out.count && out[i + 1] == 0x5C, "OSC 8 not ended by ESC \\", file: file, line: line)
    return i + 2
}

/// `ANSIEncoder.sgr(for:)`, the SGR of a style outside a frame (`reader dump --color`).
final class ANSIEncoderSGRTests: XCTestCase {
    func testSGRWithoutTheLeadingReset() {
        let encoder = ANSIEncoder()
        XCTAssertEqual(String(decoding: encoder.sgr(for: CellStyle(attributes: .italic)), as: UTF8.self), "\u{1B}[3m")
        XCTAssertEqual(String(decoding: encoder.sgr(for: CellStyle(foreground: .ansi(11), attributes: .bold)), as: UTF8.self),
                       "\u{1B}[1;93m")
        XCTAssertEqual(String(decoding: encoder.sgr(for: CellStyle(foreground: .ansi(0), background: .ansi(15))), as: UTF8.self),
                       "\u{1B}[30;107m")
        XCTAssertEqual(String(decoding: encoder.sgr(for: .plain), as: UTF8.self), "\u{1B}[0m")
        let noColor = ANSIEncoder(options: .init(colors: false))
        XCTAssertEqual(String(decoding: noColor.sgr(for: CellStyle(foreground: .ansi(14), attributes: .underline)), as: UTF8.self),
                       "\u{1B}[4m")
    }
}
