import XCTest
@testable import Terminal

private func k(_ key: Key, _ m: KeyModifiers = []) -> InputEvent { .key(KeyEvent(key, modifiers: m)) }
private func c(_ ch: Character, _ m: KeyModifiers = []) -> InputEvent { .key(KeyEvent(.character(ch), modifiers: m)) }
private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
private let ESC = "\u{1B}"

/// (input bytes, expected events after feeding everything and flushing)
private let cases: [([UInt8], [InputEvent])] = [
    (bytes("a"), [c("a")]),
    (bytes("Az~ "), [c("A"), c("z"), c("~"), c(" ")]),
    (bytes("é"), [c("é")]),
    (bytes("漢字"), [c("漢"), c("字")]),
    (bytes("😀"), [c("😀")]),
    (bytes("\r"), [k(.enter)]),
    (bytes("\n"), [k(.enter)]),
    (bytes("\t"), [k(.tab)]),
    ([0x7F], [k(.backspace)]),
    ([0x08], [k(.backspace)]),
    ([0x00], [c(" ", .control)]),
    ([0x01], [c("a", .control)]),
    ([0x03], [c("c", .control)]),
    ([0x1A], [c("z", .control)]),
    ([0x1C, 0x1D, 0x1E, 0x1F], [c("\\", .control), c("]", .control), c("^", .control), c("_", .control)]),
    (bytes(ESC), [k(.escape)]),
    (bytes(ESC + ESC), [k(.escape), k(.escape)]),
    (bytes(ESC + "x"), [c("x", .alt)]),
    (bytes(ESC + "é"), [c("é", .alt)]),
    ([0x1B, 0x03], [c("c", [.alt, .control])]),
    (bytes(ESC + "\r"), [k(.enter, .alt)]),
    (bytes(ESC + "["), [c("[", .alt)]),
    (bytes(ESC + "O"), [c("O", .alt)]),
    (bytes(ESC + "[A"), [k(.up)]),
    (bytes(ESC + "[B"), [k(.down)]),
    (bytes(ESC + "[C"), [k(.right)]),
    (bytes(ESC + "[D"), [k(.left)]),
    (bytes(ESC + "[H"), [k(.home)]),
    (bytes(ESC + "[F"), [k(.end)]),
    (bytes(ESC + "OA"), [k(.up)]),
    (bytes(ESC + "OB"), [k(.down)]),
    (bytes(ESC + "OC"), [k(.right)]),
    (bytes(ESC + "OD"), [k(.left)]),
    (bytes(ESC + "OH"), [k(.home)]),
    (bytes(ESC + "OF"), [k(.end)]),
    (bytes(ESC + "OM"), [k(.enter)]),
    (bytes(ESC + "[1;5A"), [k(.up, .control)]),
    (bytes(ESC + "[1;2B"), [k(.down, .shift)]),
    (bytes(ESC + "[1;3C"), [k(.right, .alt)]),
    (bytes(ESC + "[1;8D"), [k(.left, [.shift, .alt, .control])]),
    (bytes(ESC + "[1;5H"), [k(.home, .control)]),
    (bytes(ESC + "[Z"), [k(.tab, .shift)]),
    (bytes(ESC + "[1~"), [k(.home)]),
    (bytes(ESC + "[7~"), [k(.home)]),
    (bytes(ESC + "[2~"), [k(.insert)]),
    (bytes(ESC + "[3~"), [k(.delete)]),
    (bytes(ESC + "[3;5~"), [k(.delete, .control)]),
    (bytes(ESC + "[4~"), [k(.end)]),
    (bytes(ESC + "[8~"), [k(.end)]),
    (bytes(ESC + "[5~"), [k(.pageUp)]),
    (bytes(ESC + "[6~"), [k(.pageDown)]),
    (bytes(ESC + "[6;2~"), [k(.pageDown, .shift)]),
    (bytes(ESC + "OP" + ESC + "OQ" + ESC + "OR" + ESC + "OS"),
     [k(.function(1)), k(.function(2)), k(.function(3)), k(.function(4))]),
    (bytes(ESC + "[1;2P" + ESC + "[1;5Q" + ESC + "[1;3R" + ESC + "[1;2S"),
     [k(.function(1), .shift), k(.function(2), .control), k(.function(3), .alt), k(.function(4), .shift)]),
    (bytes(ESC + "[11~" + ESC + "[12~" + ESC + "[13~" + ESC + "[14~" + ESC + "[15~"),
     (1...5).map { k(.function($0)) }),
    (bytes(ESC + "[17~" + ESC + "[18~" + ESC + "[19~" + ESC + "[20~" + ESC + "[21~"),
     (6...10).map { k(.function($0)) }),
    (bytes(ESC + "[23~" + ESC + "[24~"), [k(.function(11)), k(.function(12))]),
    (bytes(ESC + "[24;5~"), [k(.function(12), .control)]),
    (bytes(ESC + "[[A" + ESC + "[[E"), [k(.function(1)), k(.function(5))]),
    (bytes(ESC + "[27;5;13~"), [k(.enter, .control)]),
    (bytes(ESC + "[97;5u"), [c("a", .control)]),
    (bytes(ESC + "[<64;10;5M"), [.mouse(MouseEvent(.wheelUp, column: 9, row: 4))]),
    (bytes(ESC + "[<65;1;1M"), [.mouse(MouseEvent(.wheelDown, column: 0, row: 0))]),
    (bytes(ESC + "[<80;3;4M"), [.mouse(MouseEvent(.wheelUp, column: 2, row: 3, modifiers: .control))]),
    (bytes(ESC + "[<0;12;7M" + ESC + "[<0;12;7m"),
     [.mouse(MouseEvent(.press(.left), column: 11, row: 6)), .mouse(MouseEvent(.release(.left), column: 11, row: 6))]),
    (bytes(ESC + "[<2;1;1M"), [.mouse(MouseEvent(.press(.right), column: 0, row: 0))]),
    (bytes(ESC + "[<32;5;5M"), [.mouse(MouseEvent(.drag(.left), column: 4, row: 4))]),
    ([0x1B, 0x5B, 0x4D, 96, 33 + 4, 33 + 2], [.mouse(MouseEvent(.wheelUp, column: 4, row: 2))]),
    (bytes(ESC + "[200~hello q" + ESC + "[A world" + ESC + "[201~x"), [c("x")]),
    (bytes(ESC + "[I" + ESC + "[O" + "a"), [c("a")]),                   // focus in/out ignored
    (bytes(ESC + "[?1;2c" + "b"), [c("b")]),                           // device attributes ignored
    (bytes(ESC + "[12;40R" + "b"), [c("b")]),                          // cursor report ignored
    (bytes(ESC + "[1 q" + "b"), [c("b")]),                             // intermediates ignored
    (bytes(ESC + "[1;2" + "\u{3}" + "z"), [c("c", .control), c("z")]), // malformed: dropped
    ([0xFF, 0xC0, 0x80, 0x61], [c("a")]),                              // invalid UTF-8 dropped
    ([0xED, 0xA0, 0x80, 0x62], [c("b")]),                              // surrogate dropped
    ([0xC2, 0x9B, 0x63], [c("c")]),                                    // C1 CSI as UTF-8 dropped
    ([0xE6, 0xBC], []),                                                // truncated at flush: dropped
    (bytes(ESC + "[1;5"), []),                                         // truncated CSI: dropped
]

final class KeyDecoderTests: XCTestCase {
    func decodeAll(_ chunks: [[UInt8]]) -> [InputEvent] {
        var d = KeyDecoder()
        var out: [InputEvent] = []
        for chunk in chunks { out += d.feed(chunk) }
        out += d.flush()
        XCTAssertFalse(d.hasPendingInput)
        return out
    }

    func testTable() {
        for (input, expected) in cases {
            XCTAssertEqual(decodeAll([input]), expected, "input \(input)")
        }
    }

    /// Every case split at every byte boundary (two chunks) and byte by byte.
    func testSplitAtEveryBoundary() {
        for (input, expected) in cases {
            for cut in 0...input.count {
                XCTAssertEqual(decodeAll([Array(input[..<cut]), Array(input[cut...])]), expected,
                               "input \(input) split at \(cut)")
            }
            XCTAssertEqual(decodeAll(input.map { [$0] }), expected, "input \(input) byte by byte")
        }
    }

    /// All cases concatenated (without trailing partials), decoded in random chunks.
    func testConcatenatedRandomChunks() {
        let complete = cases.filter { !($0.0.last == 0x1B || $0.0 == bytes(ESC + "[") || $0.0 == bytes(ESC + "O")
                                        || $0.0 == [0xE6, 0xBC] || $0.0 == bytes(ESC + "[1;5")) }
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let order = complete.shuffled(using: &rng)
            let input = order.flatMap { $0.0 }
            let expected = order.flatMap { $0.1 }
            var chunks: [[UInt8]] = []
            var i = 0
            while i < input.count {
                let n = Int.random(in: 1...7, using: &rng)
                chunks.append(Array(input[i..<min(input.count, i + n)])); i += n
            }
            let got = decodeAll(chunks)
            if got != expected {
                let i = (0..<min(got.count, expected.count)).first { got[$0] != expected[$0] } ?? min(got.count, expected.count)
                XCTFail("mismatch at event \(i): got \(got.dropFirst(i).prefix(3)), expected \(expected.dropFirst(i).prefix(3)); inputs \(order.map { $0.0 })")
                return
            }
        }
    }

    func testLoneEscapeIsPendingUntilFlush() {
        var d = KeyDecoder()
        XCTAssertEqual(d.feed([0x1B]), [])
        XCTAssertTrue(d.hasPendingInput)
        XCTAssertEqual(d.flush(), [k(.escape)])
        XCTAssertFalse(d.hasPendingInput)
        // ESC followed in time by "[A" is an arrow, not Escape.
        XCTAssertEqual(d.feed([0x1B]), [])
        XCTAssertEqual(d.feed(bytes("[A")), [k(.up)])
    }

    func testPasteIsNotPendingAndSpansFeeds() {
        var d = KeyDecoder()
        XCTAssertEqual(d.feed(bytes(ESC + "[200~abc")), [])
        XCTAssertTrue(d.isInPaste)
        XCTAssertFalse(d.hasPendingInput)
        XCTAssertEqual(d.flush(), [])
        XCTAssertEqual(d.feed(bytes("q" + ESC + "[20")), [])
        XCTAssertEqual(d.feed(bytes("1~q")), [c("q")])
        XCTAssertFalse(d.isInPaste)
    }

    func testOverlongSequenceIsDropped() {
        var d = KeyDecoder()
        let long = bytes(ESC + "[" + String(repeating: "1;", count: 100))
        XCTAssertEqual(d.feed(long), [])
        XCTAssertFalse(d.hasPendingInput)
        XCTAssertEqual(d.feed(bytes("x")), [c("x")])
    }

    func testKeyModifiersFromXterm() {
        XCTAssertEqual(KeyModifiers(xtermParameter: 1), [])
        XCTAssertEqual(KeyModifiers(xtermParameter: 0), [])
        XCTAssertEqual(KeyModifiers(xtermParameter: 5), .control)
        XCTAssertEqual(KeyModifiers(xtermParameter: 16), [.shift, .alt, .control, .meta])
    }

    /// 100 000 random byte strings (biased towards ESC, '[', digits and ';'), fed in random
    /// chunks: decoding must terminate, never crash, leave nothing pending after flush, and
    /// produce only printable characters.
    func testGarbageFuzz() {
        var rng = SystemRandomNumberGenerator()
        let interesting: [UInt8] = [0x1B, 0x5B, 0x4F, 0x3B, 0x3C, 0x7E, 0x4D, 0x6D, 0x30, 0x31, 0x32, 0x35,
                                    0xC2, 0xE6, 0xF0, 0x80, 0xBF, 0x9B, 0x7F, 0x00]
        var total = 0
        for _ in 0..<100_000 {
            let n = Int.random(in: 0...24, using: &rng)
            var input: [UInt8] = []
            for _ in 0..<n {
                input.append(Bool.random(using: &rng) ? interesting.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng))
            }
            var d = KeyDecoder()
            var i = 0
            while i < input.count {
                let m = Int.random(in: 1...5, using: &rng)
                total += d.feed(input[i..<min(input.count, i + m)]).count
                i += m
            }
            for e in d.flush() {
                total += 1
                if case .key(let ke) = e, case .character(let ch) = ke.key {
                    for s in ch.unicodeScalars {
                        XCTAssertFalse(s.value < 0x20 || (0x7F...0x9F).contains(s.value), "control \(s.value) from \(input)")
                    }
                }
            }
            if d.hasPendingInput { XCTFail("pending after flush: \(input)") }
            if d.isInPaste { d.reset() }
        }
        XCTAssertGreaterThan(total, 0)
    }
}
