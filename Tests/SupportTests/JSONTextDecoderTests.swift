import Foundation
import XCTest
import Support
import TestSupport

/// `JSONTextDecoder` against Foundation's `JSONDecoder` (the oracle): the same values,
/// the same error cases and coding paths, the same verdict on malformed input — except
/// where Foundation is laxer than RFC 8259 on input its encoder never writes
/// (`testWhereFoundationIsLaxer`).
final class JSONTextDecoderTests: XCTestCase {
    /// Both decoders' outcome for `text` as a `T`, asserted equal: the value's description,
    /// or the error's case, type and coding path.
    private func assertSameAsFoundation<T: Decodable>(_ type: T.Type, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        assertSameAsFoundation(type, Array(text.utf8), file: file, line: line)
    }

    private func assertSameAsFoundation<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let expected = JSONOracle.outcome { try JSONOracle.foundationDecode(type, bytes) }
        let actual = JSONOracle.outcome { try JSONTextDecoder().decode(type, from: bytes) }
        XCTAssertEqual(Self.normalized(actual, expected, bytes), expected, "\(T.self) from \(String(decoding: bytes, as: UTF8.self).debugDescription)", file: file, line: line)
    }

    /// As above for values that compare with `==` (dictionaries print in no fixed order).
    private func assertSameAsFoundation<T: Decodable & Equatable>(_ type: T.Type, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        let expected = Result { try JSONOracle.foundationDecode(type, bytes) }
        let actual = Result { try JSONTextDecoder().decode(type, from: bytes) }
        switch (actual, expected) {
        case (.success(let a), .success(let e)):
            XCTAssertEqual(a, e, "\(T.self) from \(text.debugDescription)", file: file, line: line)
        default:
            let summary = { (r: Result<T, Error>) in JSONOracle.outcome { try r.get() } }
            XCTAssertEqual(Self.normalized(summary(actual), summary(expected), bytes), summary(expected),
                           "\(T.self) from \(text.debugDescription)", file: file, line: line)
        }
    }

    /// Both decoders give the same Double and Float bits (the sign of zero included).
    private func assertSameBits(_ literal: String, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(literal.utf8)
        if let expected = try? JSONOracle.foundationDecode(Double.self, bytes) {
            XCTAssertEqual(try JSONTextDecoder().decode(Double.self, from: bytes).bitPattern, expected.bitPattern, literal, file: file, line: line)
        }
        if let expected = try? JSONOracle.foundationDecode(Float.self, bytes) {
            XCTAssertEqual(try JSONTextDecoder().decode(Float.self, from: bytes).bitPattern, expected.bitPattern, literal, file: file, line: line)
        }
    }

    /// Foundation reports a number that the type cannot hold (`1.5` or `300` for an Int8)
    /// as `dataCorrupted` with an empty coding path (its number error surfaces as "not
    /// valid JSON"); this decoder names the value's path (`testNumberErrorsNameTheirPath`).
    /// Everything else about such an error must agree.
    private static func normalized(_ actual: String, _ expected: String, _ bytes: [UInt8]) -> String {
        guard expected == "dataCorrupted []", actual.hasPrefix("dataCorrupted ["), (try? JSONParser.parse(bytes)) != nil else { return actual }
        return expected
    }

    /// Both decoders succeed with equal values, or both fail (malformed input: the error
    /// cases may differ, as Foundation reads scalars lazily and reports a bad string as a
    /// type mismatch where this decoder refuses the whole text).
    private func assertSameVerdict<T: Decodable & Equatable>(_ type: T.Type, _ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let expected = Result { try JSONOracle.foundationDecode(type, bytes) }
        let actual = Result { try JSONTextDecoder().decode(type, from: bytes) }
        let text = String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription
        switch (actual, expected) {
        case (.success(let a), .success(let e)): XCTAssertEqual(a, e, text, file: file, line: line)
        case (.failure, .failure): break
        case (.success, .failure(let e)): XCTFail("we accept, Foundation refuses (\(JSONOracle.summary(e))): \(text)", file: file, line: line)
        case (.failure(let a), .success): XCTFail("we refuse (\(JSONOracle.summary(a))), Foundation accepts: \(text)", file: file, line: line)
        }
    }

    private static let integerLiterals = [
        "3", "3.0", "3e2", "3E+2", "-0", "-0.0", "3.5", "1e20", "1e-400", "100e-2", "0.1e1", "1.5e1", "127", "128", "-128",
        "-129", "1.27e2", "200.0", "255", "256", "-1", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "9223372036854775807.0", "9007199254740993.5", "9007199254740993.0", "9007199254740993.0000",
        "9007199254740992.9", "-9007199254740993.9", "1e18", "1e19", "18446744073709551615", "18446744073709551616",
        "18446744073709551615.0", "1.8446744073709551615e19", "10000000000000000000.0", "-9.223372036854775808e18",
        "900719925474099300e-2", "0.9007199254740993e16", "123456789012345678901234567890", "1e400", "0e400", "-0e-5",
        "4294967295", "4294967296", "2147483647", "-2147483648", "-2147483649", "65535", "65536", "32767", "-32768",
        "\"1\"", "true", "null", "[1]", "{}", "170141183460469231731687303715884105727", "-170141183460469231731687303715884105728",
        "170141183460469231731687303715884105728", "340282366920938463463374607431768211455", "340282366920938463463374607431768211456",
        "1e30", "1.5e20", "18446744073709551616.0",
    ]

    /// Foundation's integer rules: plain digits that fit; else an exact Double; from 2^53
    /// on, the exact decimal value truncated.
    func testNumbersIntoIntegers() {
        for literal in Self.integerLiterals {
            assertSameAsFoundation(Int.self, literal)
            assertSameAsFoundation(Int8.self, literal)
            assertSameAsFoundation(Int16.self, literal)
            assertSameAsFoundation(Int32.self, literal)
            assertSameAsFoundation(Int64.self, literal)
            assertSameAsFoundation(UInt.self, literal)
            assertSameAsFoundation(UInt8.self, literal)
            assertSameAsFoundation(UInt16.self, literal)
            assertSameAsFoundation(UInt32.self, literal)
            assertSameAsFoundation(UInt64.self, literal)
            assertSameAsFoundation(Int128.self, literal)
            assertSameAsFoundation(UInt128.self, literal)
            assertSameAsFoundation([Int].self, "[\(literal)]")
            assertSameAsFoundation([String: UInt8].self, #"{"k":\#(literal)}"#)
        }
        XCTAssertEqual(try JSONTextDecoder().decode(Int.self, from: Array("3e2".utf8)), 300)
        XCTAssertThrowsError(try JSONTextDecoder().decode(Int.self, from: Array("3.5".utf8)))
    }

    func testNumbersIntoFloatingPoint() {
        let literals = ["1", "-0", "0.1", "1e400", "-1e400", "1e-400", "0e-400", "-1e-400", "5e-324", "2e-324", "2.5e-324",
                        "1.7976931348623157e308", "1.7976931348623159e308", "1.7976931348623158e308", "123456789012345678901234567890",
                        "0.30000000000000004", "9007199254740993", "1e39", "3.4028235e38", "3.4028236e38", "3.40282356e38",
                        "1e-45", "1e-46", "1.4e-45", "0.7e-45", "16777217", "2.2250738585072011e-308", "4.9406564584124654e-324",
                        "0." + String(repeating: "0", count: 400) + "1", "1" + String(repeating: "0", count: 400), "1.00000000000000011102230246251565404236316680908203125",
                        "\"1\"", "true", "null"]
        for literal in literals {
            assertSameBits(literal)
            assertSameAsFoundation(Double.self, literal)
            assertSameAsFoundation(Float.self, literal)
            assertSameAsFoundation([Double?].self, "[\(literal)]")
        }
        var random = SplitMix64(seed: 0xD0_0B1E)
        for _ in 0..<3000 {
            let digits = String(random.next() % 10_000_000_000_000_000)
            let literal = "\(random.below(2) == 0 ? "-" : "")\(digits.prefix(1 + random.below(3))).\(digits.dropFirst(3))e\(random.below(640) - 330)"
            assertSameBits(literal)
            assertSameAsFoundation(Double.self, literal)
            assertSameAsFoundation(Float.self, literal)
        }
        XCTAssertEqual(try JSONTextDecoder().decode(Double.self, from: Array("-0".utf8)).sign, .minus)
    }

    /// keyNotFound, valueNotFound, typeMismatch and dataCorrupted with Foundation's paths.
    func testErrorsMatchFoundation() {
        assertSameAsFoundation(One.self, "{}")
        assertSameAsFoundation(One.self, "[]")
        assertSameAsFoundation(One.self, "1")
        assertSameAsFoundation(One.self, "null")
        assertSameAsFoundation(One.self, #"{"b":null}"#)
        assertSameAsFoundation(One.self, #"{"b":"1"}"#)
        assertSameAsFoundation(One.self, #"{"b":true}"#)
        assertSameAsFoundation(One.self, #"{"b":300000000000000000000}"#)
        assertSameAsFoundation(Many.self, #"{"x":[{"b":1},{"c":2}]}"#)
        assertSameAsFoundation(Many.self, #"{"x":[{"b":1},{"b":"s"}]}"#)
        assertSameAsFoundation(Many.self, #"{"x":null}"#)
        assertSameAsFoundation(Many.self, #"{"x":{}}"#)
        assertSameAsFoundation(Many.self, #"{"x":[null]}"#)
        assertSameAsFoundation(Many.self, #"{"x":[[]]}"#)
        assertSameAsFoundation(Maybe.self, #"{"b":null}"#)
        assertSameAsFoundation(Maybe.self, #"{}"#)
        assertSameAsFoundation(Maybe.self, #"{"b":"s"}"#)
        assertSameAsFoundation(Maybe.self, #"{"b":1.5}"#)
        assertSameAsFoundation([String: Int].self, #"{"a":null}"#)
        assertSameAsFoundation([String: Int].self, "[]")
        assertSameAsFoundation([Int].self, "{}")
        assertSameAsFoundation([Int].self, "null")
        assertSameAsFoundation([Int].self, "[1,null]")
        assertSameAsFoundation([Int].self, #"[1,"x"]"#)
        assertSameAsFoundation([Int?].self, #"[null,1,null]"#)
        assertSameAsFoundation([Int?].self, #"[null,"x"]"#)
        assertSameAsFoundation([[String: [Bool]]].self, #"[{"a":[true]},{"b":[false,1]}]"#)
        assertSameAsFoundation(String.self, "1")
        assertSameAsFoundation(String.self, "null")
        assertSameAsFoundation(Bool.self, "1")
        assertSameAsFoundation(Bool.self, #""true""#)
    }

    /// `[Int: T]` objects: the keys go through `Int(stringValue)` in the standard library.
    func testIntKeyedDictionaries() {
        assertSameVerdict([Int: String].self, Array(#"{"1":"a","-2":"b","3":"c"}"#.utf8))
        for text in [#"{"1":"a","-2":"b"}"#, #"{"x":"a"}"#, #"{"01":"a"}"#, #"{"+1":"a"}"#, #"{" 1":"a"}"#, #"{"1.0":"a"}"#,
                     #"{"9223372036854775808":"a"}"#, "{}", "[]", #"[1,"a"]"#] {
            assertSameAsFoundation([Int: String].self, text)
        }
    }

    func testEnums() {
        for text in [#"[{"x":{"_0":1,"s":"t"}},{"y":{}},{"z":{"q":[]}}]"#, #"[{"x":{"_0":1,"s":"t"},"y":{}}]"#, "[{}]",
                     #"[{"w":{}}]"#, #"[{"y":[]}]"#, #"[{"y":{"junk":1}}]"#, #"[{"x":{"_0":1}}]"#, #"[{"y":null}]"#] {
            assertSameAsFoundation([Associated].self, text)
        }
        for text in [#"["one","deux"]"#, #"["two"]"#, "[1]", "[null]"] {
            assertSameAsFoundation([Raw].self, text)
        }
    }

    /// Foundation keeps the first of duplicate keys.
    func testDuplicateKeysFirstWins() throws {
        for text in [#"{"b":1,"b":2}"#, #"{"b":"x","b":2}"#, #"{"b":2,"b":"x"}"#] {
            assertSameAsFoundation(One.self, text)
        }
        let big = "{" + (0..<40).map { #""k\#($0 % 20)":\#($0)"# }.joined(separator: ",") + "}"
        assertSameVerdict([String: Int].self, Array(big.utf8))
        XCTAssertEqual(try JSONTextDecoder().decode([String: Int].self, from: Array(big.utf8))["k3"], 3)
    }

    /// A number the type cannot hold: `dataCorrupted` at the value's path here, at the
    /// root in Foundation (see `normalized`).
    func testNumberErrorsNameTheirPath() {
        let bytes = Array(#"{"x":[{"b":1},{"b":1.5}]}"#.utf8)
        XCTAssertEqual(JSONOracle.outcome { try JSONTextDecoder().decode(Many.self, from: bytes) }, "dataCorrupted [x/1/b]")
        XCTAssertEqual(JSONOracle.outcome { try JSONOracle.foundationDecode(Many.self, bytes) }, "dataCorrupted []")
    }

    func testUnknownKeysIgnored() throws {
        XCTAssertEqual(try JSONTextDecoder().decode(One.self, from: Array(#"{"a":[1,{"x":null}],"b":7,"c":"z"}"#.utf8)).b, 7)
    }

    /// decodeNil, allKeys, contains, superDecoder, nested containers, the unkeyed
    /// container's index and end: what each protocol call sees, compared with Foundation.
    func testContainerProtocol() {
        assertSameAsFoundation(Probe.self, #"{"b":null}"#)
        assertSameAsFoundation(Probe.self, #"{"b":1,"super":[2],"z":{"n":[3]}}"#)
        assertSameAsFoundation(Probe.self, #"{"a":1,"a":2,"b":{"c":1}}"#)
        assertSameAsFoundation(Probe.self, #"{}"#)
        assertSameAsFoundation(Probe.self, #"{"b":1,"z":5}"#)
        assertSameAsFoundation(UnkeyedProbe.self, "[1,null,null,null]")
        assertSameAsFoundation(UnkeyedProbe.self, "[1,null,null,[2,[]],{}]")
        assertSameAsFoundation(UnkeyedProbe.self, "[1]")
        assertSameAsFoundation(UnkeyedProbe.self, "[1,2]")
        assertSameAsFoundation(UnkeyedProbe.self, "[null,null,null,null,[]]")
        assertSameAsFoundation(UnkeyedProbe.self, "[null,null,null,null,{}]")
        assertSameAsFoundation(UnkeyedProbe.self, "[]")
    }

    /// Malformed and edge-case documents: both decoders reading every value agree.
    func testMalformedInputsAgree() {
        let texts: [String] = [
            "", " ", "1", " 1 ", "\u{C}1", "\u{B}1", "\u{A0}1", "[1 2]", #"{"a":1,"a":2}"#, "nul", "true1", "truex", "tru", "-", "+1",
            ".5", "1.", "1e", "1e+", "01", "-01", "-0", "1E5", "1e-0", "0.0e0", #""\u00e9""#, #""\uD83D\uDE00""#, #""\uDE00""#,
            #""\uD83D""#, #""\uD83Dx""#, #""\uD83D\u0041""#, #""\x""#, #""\u12""#, #""\U00e9""#, #""\/""#, "\"a\tb\"", "\"a\u{7F}b\"",
            #""\u0000""#, "/*c*/1", "{1:2}", "{'a':1}", "[NaN]", "[Infinity]", "[-Infinity]", "NaN", "1e400", "[1]]", #"{"a"}"#,
            #"{"a":}"#, "{,}", "[,]", "[\r\n1\t]", "\"abc", #"["a","#, "null", "[1e-400]", "[0e-400]", "[5e-324]",
            "1 x", "{\"a\":1}}", "[[[]]]", "{\"\":\"\"}", "\"\\\"", "[\"\\\\\"]", "{\"a\" : [ ]  ,\"b\"\r:{ }}",
        ]
        let raw: [[UInt8]] = [
            [0xEF, 0xBB, 0xBF, 0x31], [0xEF, 0xBB, 0xBF, 0x20, 0xEF, 0xBB, 0xBF, 0x31], [0xFF], [0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22],
            [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE9, 0x22], [0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22], [0x22, 0xF0, 0x9F, 0x98, 0x22],
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE0, 0x80, 0x80, 0x22], [0x5B, 0x31, 0x5D, 0x00, 0x00], [0x00], [0x5B, 0x31, 0x00, 0x5D],
            Array((String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).utf8),
            Array((String(repeating: "[", count: 513) + String(repeating: "]", count: 513)).utf8),
            Array((String(repeating: #"{"a":"#, count: 512) + "1" + String(repeating: "}", count: 512)).utf8),
            Array((String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513)).utf8),
            Array(String(repeating: "[", count: 100_000).utf8),
            Array(("[" + String(repeating: "9", count: 400) + "]").utf8),
        ]
        for bytes in texts.map({ Array($0.utf8) }) + raw {
            assertSameVerdict(AnyJSON.self, bytes)
        }
    }

    /// What Foundation accepts and this decoder refuses: trailing commas, UTF-16 and UTF-32
    /// (with or without a byte order mark), and malformed scalars in values the type never
    /// reads (Foundation checks a scalar only when it is decoded). Foundation's encoder
    /// writes none of these (UTF-8, no trailing commas, only well-formed scalars), so no
    /// state file holds them; refusing keeps the parser RFC 8259-strict. If Foundation
    /// becomes strict (or this decoder lax), this test fails and says which.
    func testWhereFoundationIsLaxer() {
        let documents: [[UInt8]] = [
            Array("[1,]".utf8), Array(#"{"b":1,}"#.utf8), Array(#"{"a":[1,],"b":1}"#.utf8),
            [0xFF, 0xFE, 0x31, 0x00], [0xFE, 0xFF, 0x00, 0x31], [0x31, 0x00], [0x31, 0x00, 0x00, 0x00],
        ]
        for bytes in documents {
            assertLaxer(AnyJSON.self, bytes)
        }
        let unreadValues: [[UInt8]] = [
            Array(#"{"a":01,"b":1}"#.utf8), Array(#"{"a":"\x","b":1}"#.utf8), Array("{\"a\":\"\u{1}\",\"b\":1}".utf8),
            Array(#"{"a":1.e5,"b":1}"#.utf8), Array(#"{"a":-,"b":1}"#.utf8), [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x2C] + Array(#""b":1}"#.utf8),
        ]
        for bytes in unreadValues {
            assertLaxer(Lenient.self, bytes)
        }
    }

    private func assertLaxer<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let text = String(decoding: bytes, as: UTF8.self).debugDescription
        XCTAssertNoThrow(try JSONOracle.foundationDecode(type, bytes), "Foundation now refuses \(text)", file: file, line: line)
        XCTAssertThrowsError(try JSONTextDecoder().decode(type, from: bytes), "we now accept \(text)", file: file, line: line) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertTrue(context.underlyingError is JSONParseError, file: file, line: line)
        }
    }

    /// Mutations of Foundation's output: both decoders agree on every one (except the
    /// laxness above, which is filtered out).
    func testMutatedDocumentsAgree() throws {
        var generator = JSONSampleGenerator(seed: 0xBAD_F00D)
        var random = SplitMix64(seed: 0x1234)
        let alphabet = Array(#"{}[],:"\/ 0123456789.eE+-tfnul"#.utf8) + [0x00, 0x0A, 0x09, 0xC3, 0xA9, 0xED, 0xA0, 0xFF, 0x01]
        var compared = 0
        for i in 0..<3000 {
            var bytes = try JSONOracle.foundationBytes(generator.sample(depth: 2), i % 2 == 0 ? [.sortedKeys] : [.prettyPrinted, .sortedKeys])
            for _ in 0..<1 + random.below(3) {
                let at = random.below(bytes.count)
                switch random.below(3) {
                case 0: bytes[at] = alphabet[random.below(alphabet.count)]
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet[random.below(alphabet.count)], at: at)
                }
            }
            guard !Self.foundationIsLaxer(on: bytes) else { continue }
            compared += 1
            assertSameVerdict(AnyJSON.self, bytes)
        }
        XCTAssertGreaterThan(compared, 2500)
    }

    /// Trailing commas, or a NUL in the first four bytes (Foundation's UTF-16/32 detection).
    private static func foundationIsLaxer(on bytes: [UInt8]) -> Bool {
        if bytes.prefix(4).contains(0) { return true }
        var lastSignificant: UInt8 = 0
        var inString = false, escaped = false
        for b in bytes {
            if inString {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
                continue
            }
            if b == 0x22 { inString = true }
            if (b == 0x5D || b == 0x7D) && lastSignificant == 0x2C { return true }
            if b != 0x20 && b != 0x0A && b != 0x0D && b != 0x09 { lastSignificant = b }
        }
        return false
    }

    /// A state-like document of about 200 KB: both decoders give the same value, and the
    /// times are printed (no assertion on them: see the report for release-build figures).
    func testStateSizedDocument() throws {
        var generator = JSONSampleGenerator(seed: 200)
        let value = (0..<120).map { _ in generator.sample(depth: 1) }
        let bytes = try JSONOracle.foundationBytes(value, [.prettyPrinted, .sortedKeys])
        XCTAssertGreaterThan(bytes.count, 150_000)
        let clock = ContinuousClock()
        var ours: [JSONSample] = []
        var theirs: [JSONSample] = []
        let oursTime = try clock.measure { ours = try JSONTextDecoder().decode([JSONSample].self, from: bytes) }
        let theirsTime = try clock.measure { theirs = try JSONOracle.foundationDecode([JSONSample].self, bytes) }
        XCTAssertEqual(ours, value)
        XCTAssertEqual(theirs, value)
        var written: [UInt8] = []
        let writeTime = try clock.measure { written = try JSONTextEncoder(prettyPrinted: true).encode(value) }
        let foundationWriteTime = try clock.measure { _ = try JSONOracle.foundationBytes(value, [.prettyPrinted, .sortedKeys]) }
        XCTAssertEqual(written, bytes)
        print("JSON \(bytes.count) bytes (debug build): decode \(oursTime) vs Foundation \(theirsTime); encode \(writeTime) vs Foundation \(foundationWriteTime)")
    }
}

// Decodable shapes for the comparisons.

private struct One: Decodable { var b: Int }
private struct Many: Decodable { var x: [One] }
private struct Maybe: Decodable { var b: Int? }
private struct Lenient: Decodable { var b: Int? }
private enum Raw: String, Decodable { case one, two = "deux" }
private enum Associated: Decodable { case x(Int, s: String), y, z(q: [Int]) }

/// Reports what each keyed-container call sees.
private struct Probe: Decodable, CustomStringConvertible {
    var description: String

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let b = Key(stringValue: "b")
        var parts = ["keys=\(c.allKeys.map(\.stringValue).sorted())", "contains b=\(c.contains(b)) zz=\(c.contains(Key(stringValue: "zz")))"]
        parts.append("nil b=\(JSONOracle.outcome { try c.decodeNil(forKey: b) })")
        parts.append("ifPresent b=\(JSONOracle.outcome { try c.decodeIfPresent(Int.self, forKey: b) as Any })")
        parts.append("ifPresent zz=\(JSONOracle.outcome { try c.decodeIfPresent(Int.self, forKey: Key(stringValue: "zz")) as Any })")
        let sup = try c.superDecoder()
        parts.append("super path=\(sup.codingPath.map(\.stringValue)) nil=\(JSONOracle.outcome { try sup.singleValueContainer().decodeNil() })")
        parts.append("super [Int]=\(JSONOracle.outcome { try [Int](from: sup) })")
        let z = try c.superDecoder(forKey: Key(stringValue: "z"))
        parts.append("z path=\(z.codingPath.map(\.stringValue)) \(JSONOracle.outcome { try [String: [Int]](from: z) })")
        parts.append("nested z=\(JSONOracle.outcome { try c.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "z")).allKeys.map(\.stringValue) })")
        parts.append("nested b=\(JSONOracle.outcome { try c.nestedUnkeyedContainer(forKey: b).count as Any })")
        parts.append("path=\(c.codingPath.count)")
        description = parts.joined(separator: "; ")
    }
}

/// Reports what each unkeyed-container call sees.
private struct UnkeyedProbe: Decodable, CustomStringConvertible {
    var description: String

    init(from decoder: Decoder) throws {
        var u = try decoder.unkeyedContainer()
        var parts = ["count=\(u.count ?? -1)"]
        parts.append("first=\(JSONOracle.outcome { try u.decode(Int.self) }) index=\(u.currentIndex)")
        parts.append("int on null=\(JSONOracle.outcome { try u.decode(Int.self) }) index=\(u.currentIndex)")
        parts.append("nil=\(JSONOracle.outcome { try u.decodeNil() }) index=\(u.currentIndex)")
        parts.append("optional=\(JSONOracle.outcome { try u.decode(Int?.self) as Any }) index=\(u.currentIndex)")
        parts.append("nested=\(JSONOracle.outcome { try u.nestedUnkeyedContainer().count as Any }) index=\(u.currentIndex)")
        parts.append("super=\(JSONOracle.outcome { try u.superDecoder().codingPath.map(\.stringValue) }) index=\(u.currentIndex) end=\(u.isAtEnd)")
        parts.append("after end=\(JSONOracle.outcome { try u.decode(String.self) })")
        description = parts.joined(separator: "; ")
    }
}
