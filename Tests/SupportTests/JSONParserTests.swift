import XCTest
import Support
import TestSupport

/// `JSONParser`: the RFC 8259 grammar, error offsets and reasons, the limits, and no trap
/// on any input.
final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    private func error(_ bytes: [UInt8]) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    private func error(_ text: String) -> JSONParseError? { error(Array(text.utf8)) }

    func testValues() throws {
        XCTAssertEqual(try parse("null"), .null)
        XCTAssertEqual(try parse(" \t\r\ntrue\n"), .bool(true))
        XCTAssertEqual(try parse("false"), .bool(false))
        XCTAssertEqual(try parse("-0"), .number("-0"))
        XCTAssertEqual(try parse("12.50e+3"), .number("12.50e+3"))
        XCTAssertEqual(try parse("[]"), .array([]))
        XCTAssertEqual(try parse("{ }"), .object([]))
        XCTAssertEqual(try parse(#"[1, "a", [null], {"k": {}}]"#),
                       .array([.number("1"), .string("a"), .array([.null]), .object([JSONMember(key: "k", value: .object([]))])]))
        // Duplicates are kept, in order: the decoder chooses.
        XCTAssertEqual(try parse(#"{"a":1,"a":2}"#), .object([JSONMember(key: "a", value: .number("1")), JSONMember(key: "a", value: .number("2"))]))
    }

    func testStrings() throws {
        XCTAssertEqual(try parse(#""\"\\\/\b\f\n\r\t""#), .string("\"\\/\u{8}\u{C}\n\r\t"))
        XCTAssertEqual(try parse(#""\u00e9\u00E9\u0000\uD83D\uDE00 é😀""#), .string("éé\u{0}😀 é😀"))
        XCTAssertEqual(try parse("\"\u{7F}\u{2028}\""), .string("\u{7F}\u{2028}"))
        XCTAssertEqual(try parse(#""plain ascii""#), .string("plain ascii"))
    }

    /// A UTF-8 byte order mark is skipped (Foundation's decoder skips it too), once.
    func testByteOrderMark() throws {
        XCTAssertEqual(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), .array([.number("1")]))
        XCTAssertEqual(error([0xEF, 0xBB, 0xBF, 0x20, 0xEF, 0xBB, 0xBF, 0x31]), JSONParseError(offset: 4, reason: .unexpectedByte(0xEF)))
        XCTAssertEqual(error([0xEF, 0xBB]), JSONParseError(offset: 0, reason: .unexpectedByte(0xEF)))
    }

    func testErrorOffsetsAndReasons() {
        let cases: [(String, Int, JSONParseError.Reason)] = [
            ("", 0, .unexpectedEnd), ("   ", 3, .unexpectedEnd), ("[1,]", 3, .unexpectedByte(UInt8(ascii: "]"))),
            (#"{"a":1,}"#, 7, .unexpectedByte(UInt8(ascii: "}"))), ("[1 2]", 3, .unexpectedByte(UInt8(ascii: "2"))),
            ("[1]]", 3, .trailingData), ("1 x", 2, .trailingData), ("truex", 4, .trailingData), ("tru", 3, .unexpectedEnd),
            ("nul!", 3, .invalidLiteral), ("01", 1, .invalidNumber), ("-01", 2, .invalidNumber), ("+1", 0, .unexpectedByte(UInt8(ascii: "+"))),
            (".5", 0, .unexpectedByte(UInt8(ascii: "."))), ("1.", 2, .unexpectedEnd), ("1.e5", 2, .invalidNumber), ("1e", 2, .unexpectedEnd),
            ("1e+", 3, .unexpectedEnd), ("-", 1, .unexpectedEnd), ("-a", 1, .invalidNumber), ("NaN", 0, .unexpectedByte(UInt8(ascii: "N"))),
            ("Infinity", 0, .unexpectedByte(UInt8(ascii: "I"))), ("[-Infinity]", 2, .invalidNumber),
            (#""abc"#, 4, .unexpectedEnd), ("\"a\tb\"", 2, .controlCharacterInString), (#""\x""#, 2, .invalidEscape),
            (#""\U00e9""#, 2, .invalidEscape), (#""\u12""#, 5, .invalidUnicodeEscape), (#""\u12"#, 5, .unexpectedEnd),
            (#""\uDE00""#, 1, .unpairedSurrogate), (#""\uD800""#, 1, .unpairedSurrogate), (#""x\uD83Dx""#, 2, .unpairedSurrogate),
            (#""\uD83D\u0041""#, 1, .unpairedSurrogate), (#"{"a"}"#, 4, .unexpectedByte(UInt8(ascii: "}"))),
            (#"{"a":}"#, 5, .unexpectedByte(UInt8(ascii: "}"))), ("{1:2}", 1, .unexpectedByte(UInt8(ascii: "1"))),
            ("{'a':1}", 1, .unexpectedByte(UInt8(ascii: "'"))), ("[,]", 1, .unexpectedByte(UInt8(ascii: ","))),
            ("/*c*/1", 0, .unexpectedByte(UInt8(ascii: "/"))), ("\u{C}1", 0, .unexpectedByte(0x0C)), ("\u{A0}1", 0, .unexpectedByte(0xC2)),
            ("[", 1, .unexpectedEnd), (#"{"a":1"#, 6, .unexpectedEnd), ("1\u{0}", 1, .trailingData),
        ]
        for (text, offset, reason) in cases {
            XCTAssertEqual(error(text), JSONParseError(offset: offset, reason: reason), text.debugDescription)
        }
        XCTAssertEqual(String(describing: JSONParseError(offset: 3, reason: .unexpectedByte(0x7D))), "byte 3: unexpected byte 0x7D")
    }

    /// Ill-formed UTF-8 inside strings (Unicode's table 3-7), with Swift's own validation
    /// as the oracle for random byte sequences.
    func testUTF8Validation() {
        let bad: [[UInt8]] = [[0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
                              [0xED, 0xBF, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
                              [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3, 0x41]]
        for seq in bad {
            XCTAssertEqual(error([0x22, 0x61] + seq + [0x22])?.reason, .invalidUTF8, "\(seq)")
        }
        let good: [[UInt8]] = [[0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
                               [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF]]
        for seq in good {
            XCTAssertEqual(try JSONParser.parse([0x22] + seq + [0x22]), .string(String(decoding: seq, as: UTF8.self)), "\(seq)")
        }
        var random = SplitMix64(seed: 0x0711_F008)
        for _ in 0..<20_000 {
            let seq = (0..<1 + random.below(6)).map { _ in UInt8(0x80 + random.below(0x80)) } + [UInt8(random.below(0x7F - 0x20) + 0x20)]
            let body = seq.filter { $0 != 0x22 && $0 != 0x5C }
            let expected = String(validating: body, as: UTF8.self)
            let result = try? JSONParser.parse([0x22] + body + [0x22])
            XCTAssertEqual(result, expected.map { .string($0) }, "\(body)")
        }
    }

    /// Foundation's limit: 512 nested containers are accepted, 513 refused; far deeper
    /// input is refused the same way (no recursion, no stack overflow).
    func testNestingLimit() {
        for (open, close) in [("[", "]"), (#"{"k":"#, "}")] {
            let deepest = String(repeating: open, count: 512) + "0" + String(repeating: close, count: 512)
            XCTAssertNoThrow(try parse(deepest))
            // Every parsed tree writes (the fuzz target's first finding).
            XCTAssertEqual(try JSONParser.parse(try JSONTextEncoder().encode(try parse(deepest))), try parse(deepest))
            let tooDeep = String(repeating: open, count: 513) + "0" + String(repeating: close, count: 513)
            XCTAssertEqual(error(tooDeep), JSONParseError(offset: 512 * open.utf8.count, reason: .tooDeep))
            XCTAssertEqual(error(String(repeating: open, count: 200_000))?.reason, .tooDeep)
        }
        XCTAssertEqual(error(String(repeating: "[", count: 100) + String(repeating: "]", count: 99))?.reason, .unexpectedEnd)
        var built = JSONValue.null
        for _ in 0..<513 { built = .array([built]) }
        XCTAssertThrowsError(try JSONTextEncoder().encode(built)) { XCTAssertTrue($0 is EncodingError) }
    }

    func testNumberLengthLimit() throws {
        let longest = "-" + String(repeating: "1", count: 1000) + "." + String(repeating: "2", count: 22)
        XCTAssertEqual(longest.utf8.count, JSONParser.maximumNumberLength)
        XCTAssertEqual(try parse(longest), .number(longest))
        XCTAssertEqual(error("[" + longest + "3]"), JSONParseError(offset: 1, reason: .numberTooLong))
        XCTAssertEqual(error(String(repeating: "9", count: 1_000_000))?.reason, .numberTooLong)
    }

    /// Any collection of bytes, contiguous or not.
    func testNonContiguousInput() throws {
        let bytes = Array(#"{"a":[1,2]}"#.utf8)
        XCTAssertEqual(try JSONParser.parse(bytes.lazy.map { $0 }), try JSONParser.parse(bytes))
        XCTAssertEqual(try JSONParser.parse(bytes[5...9]), .array([.number("1"), .number("2")]))
    }

    /// Random bytes and mutations of valid documents: never a trap; whatever parses writes
    /// out and parses back to the same tree.
    func testRandomInputsNeverTrapAndRoundTrip() throws {
        var random = SplitMix64(seed: 0xF00D_CAFE)
        var generator = JSONSampleGenerator(seed: 7)
        let alphabet = Array(#"{}[],:"\/ 0123456789.eE+-tfnulrsa"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xF0, 0x9F, 0xED, 0xA0, 0xFF]
        var parsed = 0
        for i in 0..<20_000 {
            var bytes: [UInt8]
            if i % 2 == 0 {
                bytes = (0..<random.below(40)).map { _ in alphabet[random.below(alphabet.count)] }
            } else {
                bytes = try JSONTextEncoder(prettyPrinted: i % 4 == 1).encode(generator.sample(depth: 2))
                for _ in 0..<1 + random.below(4) where !bytes.isEmpty {
                    let at = random.below(bytes.count)
                    switch random.below(3) {
                    case 0: bytes[at] = alphabet[random.below(alphabet.count)]
                    case 1: bytes.remove(at: at)
                    default: bytes.insert(alphabet[random.below(alphabet.count)], at: at)
                    }
                }
            }
            guard let value = try? JSONParser.parse(bytes) else { continue }
            parsed += 1
            // Unsorted, so that the members keep their order (and duplicates theirs).
            for encoder in [JSONTextEncoder(sortedKeys: false), JSONTextEncoder(prettyPrinted: true, sortedKeys: false, escapesSlashes: false)] {
                XCTAssertEqual(try JSONParser.parse(try encoder.encode(value)), value, String(decoding: bytes, as: UTF8.self))
            }
        }
        XCTAssertGreaterThan(parsed, 500)
    }
}
