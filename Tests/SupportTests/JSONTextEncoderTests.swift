import Foundation
import XCTest
import Support
import TestSupport

/// `JSONTextEncoder` against Foundation's `JSONEncoder` (the oracle): the same bytes for
/// the three output formats, the same errors.
final class JSONTextEncoderTests: XCTestCase {
    /// Asserts byte-identical output in every format.
    private func assertSameAsFoundation<T: Encodable>(_ value: T, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        for format in JSONOracle.formats {
            let expected = JSONOracle.outcome { String(decoding: try JSONOracle.foundationBytes(value, format.foundation), as: UTF8.self) }
            let actual = JSONOracle.outcome { String(decoding: try format.ours.encode(value), as: UTF8.self) }
            XCTAssertEqual(actual, expected, "\(format.name) \(message)", file: file, line: line)
        }
    }

    func testStringsAndEscapes() {
        let strings = ["", "plain", "a/b", "http://example.com/x", "\"quoted\"", "back\\slash", "\u{0}\u{1}\u{7}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{E}\u{1F}",
                       "\u{7F}", "é 中文 😀 👍🏽", "\u{2028}\u{2029}", "\u{FEFF}bom", "e\u{301}", "\u{10FFFF}", "</script>"]
        for s in strings { assertSameAsFoundation(s, s.debugDescription) }
        assertSameAsFoundation(strings)
        // Spot checks of what Foundation writes, so that the test also says it.
        XCTAssertEqual(String(decoding: try JSONTextEncoder().encode("a/\u{1}\u{1F}\t"), as: UTF8.self), #""a\/\u0001\u001f\t""#)
        XCTAssertEqual(String(decoding: try JSONTextEncoder(escapesSlashes: false).encode("a/b"), as: UTF8.self), #""a/b""#)
    }

    func testScalars() {
        assertSameAsFoundation(true)
        assertSameAsFoundation([false, true])
        assertSameAsFoundation([Int.min, Int.max, 0, -1])
        assertSameAsFoundation([Int8.min, Int8.max])
        assertSameAsFoundation([Int16.min, Int16.max])
        assertSameAsFoundation([Int32.min, Int32.max])
        assertSameAsFoundation([Int64.min, Int64.max])
        assertSameAsFoundation([UInt.max, 0])
        assertSameAsFoundation([UInt8.max])
        assertSameAsFoundation([UInt16.max])
        assertSameAsFoundation([UInt32.max])
        assertSameAsFoundation([UInt64.max])
        assertSameAsFoundation(42)
        assertSameAsFoundation(UInt64.max)
        assertSameAsFoundation([Int128.min, Int128.max, 0])
        assertSameAsFoundation([UInt128.max])
        struct Wide: Encodable { var i: Int128; var u: UInt128 }
        assertSameAsFoundation(Wide(i: .min, u: .max))
    }

    /// Foundation writes `description` without ".0": 1, -0, 1e+20, 1e-07, 1.2345679e+08.
    func testFloatingPoint() throws {
        let doubles: [Double] = [0, -0.0, 1, -1, 1.5, 0.1, 0.30000000000000004, 1e15, 1e16, 1e20, 1e21, 1e22, 1e-5, 1e-7,
                                 123456789012345680, 9007199254740992, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                 .leastNonzeroMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude * 5, 4.35, 100, 1e300, -1e-300]
        for d in doubles { assertSameAsFoundation(d, "\(d)") }
        assertSameAsFoundation(doubles)
        let floats: [Float] = [0, -0.0, 0.1, 1, 1e10, 1.5e-10, 16777216, 123456792, .greatestFiniteMagnitude,
                               .leastNonzeroMagnitude, Float(bitPattern: 0x0001_16C2), 3.4028235e38]
        for f in floats { assertSameAsFoundation(f, "\(f)") }
        assertSameAsFoundation(floats)
        XCTAssertEqual(String(decoding: try JSONTextEncoder().encode([1.0, -0.0, 1e20, 1e-7]), as: UTF8.self), "[1,-0,1e+20,1e-07]")
    }

    /// NaN and the infinities throw `invalidValue` at the same path as Foundation's.
    func testNonFiniteNumbersThrow() {
        struct A: Encodable { var x: Double }
        struct B: Encodable { var xs: [Double] }
        struct C: Encodable { var d: [String: Double] }
        struct D: Encodable { var f: Float; var o: Double? }
        struct G: Encodable { var a: [A] }
        struct H: Encodable { var xs: [[Float]] }
        let cases: [(String, any Encodable)] = [
            ("A", A(x: .nan)), ("B", B(xs: [1, .infinity])), ("C", C(d: ["k": -.infinity])), ("D", D(f: .nan, o: nil)),
            ("D2", D(f: 1, o: .nan)), ("G", G(a: [A(x: 1), A(x: .nan)])), ("top", Double.nan), ("array", [Double.nan]),
            ("intKeys", [1: Double.infinity]), ("H", H(xs: [[1], [2, -.infinity]])), ("float", Float.infinity),
        ]
        for (name, value) in cases {
            let expected = JSONOracle.outcome { try JSONOracle.foundationBytes(value, [.sortedKeys]) }
            let actual = JSONOracle.outcome { try JSONTextEncoder().encode(value) }
            XCTAssertTrue(actual.hasPrefix("invalidValue"), name)
            XCTAssertEqual(actual, expected, name)
        }
    }

    func testOptionalsAndNull() {
        struct O: Codable { var a: Int?; var b: String?; var c: [Int?] }
        assertSameAsFoundation(O(a: nil, b: "x", c: [nil, 1, nil]))
        assertSameAsFoundation(O(a: 1, b: nil, c: []))
        assertSameAsFoundation(Int?.none)
        assertSameAsFoundation(["b": nil, "a": 1] as [String: Int?])
        struct ExplicitNull: Encodable {
            enum K: CodingKey { case a, b }
            func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: K.self)
                try c.encodeNil(forKey: .a)
                try c.encodeIfPresent(Int?.none, forKey: .b)
            }
        }
        assertSameAsFoundation(ExplicitNull())
        XCTAssertEqual(String(decoding: try JSONTextEncoder().encode(ExplicitNull()), as: UTF8.self), #"{"a":null}"#)
    }

    func testContainersAndDictionaries() {
        assertSameAsFoundation([Int]())
        assertSameAsFoundation([String: Int]())
        assertSameAsFoundation([[Int]()])
        assertSameAsFoundation(["a": [String: Int](), "b": [:]])
        assertSameAsFoundation([[[1, 2], []], [[3]]])
        // Byte order, not a locale's: "10" < "9" < "B" < "Z" < "a" < "é".
        assertSameAsFoundation(["b": 1, "a": 2, "B": 3, "10": 4, "9": 5, "é": 6, "Z": 7, "a\u{0}": 8, "": 9, "😀": 10, "中": 11])
        assertSameAsFoundation([10: "a", 9: "b", -1: "c", 100: "d", Int.min: "e"])
        assertSameAsFoundation([1: [2: [3: 4]]])
        assertSameAsFoundation([UInt8(3): "uint8 keys are not CodingKeyRepresentable: an array"])
        XCTAssertEqual(String(decoding: try JSONTextEncoder().encode([10: 1, 9: 2]), as: UTF8.self), #"{"10":1,"9":2}"#)
    }

    func testEnums() {
        enum Raw: String, Codable { case one, two = "deux" }
        enum IntRaw: Int, Codable { case a = 1, b = -7 }
        enum Associated: Codable { case x(Int, s: String), y, z(q: [Int]), w(Raw?) }
        assertSameAsFoundation([Raw.one, .two])
        assertSameAsFoundation([IntRaw.a, .b])
        assertSameAsFoundation([Associated.x(1, s: "t"), .y, .z(q: []), .w(nil), .w(.two)])
        assertSameAsFoundation([Raw.one: 1])  // not CodingKeyRepresentable: [key, value, …]
    }

    func testPrettyPrintedLayout() throws {
        struct S: Codable { var a: Int; var c: [Int]; var d: [String: Int]; var e: [Int]; var f: [String: [Int]] }
        let value = S(a: 1, c: [1, 2], d: ["b": 1, "a": 2], e: [], f: ["x": []])
        assertSameAsFoundation(value)
        let expected = "{\n  \"a\" : 1,\n  \"c\" : [\n    1,\n    2\n  ],\n  \"d\" : {\n    \"a\" : 2,\n    \"b\" : 1\n  },\n  \"e\" : [\n\n  ],\n  \"f\" : {\n    \"x\" : [\n\n    ]\n  }\n}"
        XCTAssertEqual(String(decoding: try JSONTextEncoder(prettyPrinted: true).encode(value), as: UTF8.self), expected)
    }

    /// Nested containers, a container asked for twice, keys written twice, super encoders.
    func testContainerProtocol() {
        assertSameAsFoundation(Sub())
        assertSameAsFoundation(UnkeyedSuper())
        assertSameAsFoundation(Nested())
        assertSameAsFoundation(Twice())
        assertSameAsFoundation(SuperNothing())
        assertSameAsFoundation([EmptyKeyed()])
        assertSameAsFoundation(EmptyKeyed())
        assertSameAsFoundation([WritesNothing()])
        assertSameAsFoundation(IntKeyed())
        assertSameAsFoundation(SingleWrapsNested())
    }

    /// A value that writes nothing is an error at the top level only (as in Foundation).
    func testTopLevelValueThatWritesNothing() {
        let actual = JSONOracle.outcome { try JSONTextEncoder().encode(WritesNothing()) }
        XCTAssertEqual(actual, "invalidValue []")
        XCTAssertEqual(actual, JSONOracle.outcome { try JSONOracle.foundationBytes(WritesNothing(), []) })
    }

    /// Foundation's writer refuses the 512th nested container; so does ours.
    func testNestingLimit() {
        for depth in [509, 510, 511, 600] {
            var d = Deep.leaf
            for _ in 0..<depth { d = .node(d) }
            let ours = JSONOracle.outcome { try JSONTextEncoder().encode(d).count }
            XCTAssertEqual(ours, JSONOracle.outcome { try JSONOracle.foundationBytes(d, []).count }, "depth \(depth)")
            XCTAssertEqual(ours.hasPrefix("ok"), depth < 511, "depth \(depth)")
        }
    }

    /// Without `sortedKeys`, members keep the order they were first written in.
    func testUnsortedKeepsInsertionOrder() throws {
        struct S: Encodable { var z = 1; var a = 2; var m = [3] }
        XCTAssertEqual(String(decoding: try JSONTextEncoder(sortedKeys: false).encode(S()), as: UTF8.self), #"{"z":1,"a":2,"m":[3]}"#)
        XCTAssertEqual(String(decoding: try JSONTextEncoder().encode(S()), as: UTF8.self), #"{"a":2,"m":[3],"z":1}"#)
    }

    /// Thousands of random state-like values: identical bytes in all three formats, and
    /// Foundation's output decoded by `JSONTextDecoder` gives the value back.
    func testRandomValuesMatchFoundation() throws {
        var generator = JSONSampleGenerator(seed: 0x5EED_1500)
        var mismatches = 0
        for i in 0..<2000 {
            let value = generator.sample()
            for format in JSONOracle.formats {
                let expected = try JSONOracle.foundationBytes(value, format.foundation)
                let actual = try format.ours.encode(value)
                if actual != expected {
                    mismatches += 1
                    if mismatches <= 3 {
                        XCTFail("sample \(i) \(format.name):\n\(String(decoding: actual, as: UTF8.self))\n≠\n\(String(decoding: expected, as: UTF8.self))")
                    }
                }
                XCTAssertEqual(try JSONTextDecoder().decode(JSONSample.self, from: expected), value, "sample \(i) \(format.name)")
            }
        }
        XCTAssertEqual(mismatches, 0)
    }

    func testJSONValueIsWrittenAsItIs() throws {
        let value = JSONValue.object([JSONMember(key: "b", value: .number("1.50")), JSONMember(key: "a", value: .array([.null, .bool(true), .string("/")]))])
        XCTAssertEqual(String(decoding: try JSONTextEncoder().encode(value), as: UTF8.self), #"{"a":[null,true,"\/"],"b":1.50}"#)
        XCTAssertEqual(String(decoding: try JSONTextEncoder(sortedKeys: false).encode(value), as: UTF8.self), #"{"b":1.50,"a":[null,true,"\/"]}"#)
    }
}

// Types that use the container protocol beyond what synthesized Codable does.

private class Base: Encodable { var p = 1 }

private final class Sub: Base {
    var q = 2
    enum K: CodingKey { case q }
    override func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try c.encode(q, forKey: .q)
        try super.encode(to: c.superEncoder())
    }
}

private struct UnkeyedSuper: Encodable {
    func encode(to encoder: Encoder) throws {
        var u = encoder.unkeyedContainer()
        try u.encode(1)
        let sup = u.superEncoder()
        var single = sup.singleValueContainer()
        try single.encode("two")
        try u.encode(3)
    }
}

private struct Nested: Encodable {
    enum K: String, CodingKey { case a, b, c }
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        var n = c.nestedContainer(keyedBy: K.self, forKey: .a)
        try n.encode(1, forKey: .b)
        var u = c.nestedUnkeyedContainer(forKey: .b)
        try u.encode(true)
        var uu = u.nestedUnkeyedContainer()
        try uu.encodeNil()
        var uk = u.nestedContainer(keyedBy: K.self)
        try uk.encode("s", forKey: .a)
        var again = c.nestedContainer(keyedBy: K.self, forKey: .a)
        try again.encode(2, forKey: .c)
        try c.encode(Int8(-5), forKey: .c)
    }
}

private struct Twice: Encodable {
    enum K: String, CodingKey { case a, b }
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try c.encode(1, forKey: .a)
        var c2 = encoder.container(keyedBy: K.self)
        try c2.encode(2, forKey: .a)
        try c2.encode([1], forKey: .b)
        var u = c.nestedUnkeyedContainer(forKey: .b)
        try u.encode(2)
    }
}

private struct SuperNothing: Encodable {
    enum K: String, CodingKey { case a }
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        _ = c.superEncoder(forKey: .a)
        _ = c.superEncoder()
    }
}

private struct EmptyKeyed: Encodable {
    enum K: String, CodingKey { case a }
    func encode(to encoder: Encoder) throws { _ = encoder.container(keyedBy: K.self) }
}

private struct WritesNothing: Encodable {
    func encode(to encoder: Encoder) throws {}
}

private struct IntKeyed: Encodable {
    struct K: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { self.intValue = intValue; stringValue = "i\(intValue)" }
    }
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try c.encode(1, forKey: K(intValue: 3)!)
    }
}

private struct SingleWrapsNested: Encodable {
    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(["k": [1.5, 2]])
    }
}

private indirect enum Deep: Encodable {
    case leaf, node(Deep)
    func encode(to encoder: Encoder) throws {
        var u = encoder.unkeyedContainer()
        if case .node(let d) = self { try u.encode(d) }
    }
}
