import Foundation
import Support
import TestSupport

/// Shared by the JSON tests: Foundation as the oracle, a JSON value type that reads every
/// scalar (so Foundation's lazy decoder checks everything too), and random state-like values.
enum JSONOracle {
    /// The three output formats the reader's state files use or may use.
    static let formats: [(name: String, foundation: JSONEncoder.OutputFormatting, ours: JSONTextEncoder)] = [
        ("sorted", [.sortedKeys], JSONTextEncoder()),
        ("pretty", [.prettyPrinted, .sortedKeys], JSONTextEncoder(prettyPrinted: true)),
        ("pretty-slashes", [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes],
         JSONTextEncoder(prettyPrinted: true, escapesSlashes: false)),
    ]

    static func foundationBytes<T: Encodable>(_ value: T, _ format: JSONEncoder.OutputFormatting) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = format
        return [UInt8](try encoder.encode(value))
    }

    static func foundationDecode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) throws -> T {
        try JSONDecoder().decode(type, from: Data(bytes))
    }

    /// An error as "case(type) [path]": what must agree between the two coders (the
    /// debug descriptions may differ).
    static func summary(_ error: Error) -> String {
        func path(_ c: [CodingKey]) -> String {
            c.map { $0.intValue.map { "\($0)" } ?? $0.stringValue }.joined(separator: "/")
        }
        switch error {
        case DecodingError.dataCorrupted(let c): return "dataCorrupted [\(path(c.codingPath))]"
        case DecodingError.typeMismatch(let t, let c): return "typeMismatch(\(t)) [\(path(c.codingPath))]"
        case DecodingError.valueNotFound(let t, let c): return "valueNotFound(\(t)) [\(path(c.codingPath))]"
        case DecodingError.keyNotFound(let k, let c): return "keyNotFound(\(k.stringValue)) [\(path(c.codingPath))]"
        case EncodingError.invalidValue(_, let c): return "invalidValue [\(path(c.codingPath))]"
        default: return "other \(type(of: error))"
        }
    }

    /// "ok <value>" or the error's summary.
    static func outcome<T>(_ body: () throws -> T) -> String {
        do { return "ok \(try body())" } catch { return summary(error) }
    }
}

/// Any JSON value, decoded by asking for every container and scalar, so that both
/// decoders check every byte of the input (Foundation checks scalars only when read).
indirect enum AnyJSON: Codable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([AnyJSON]), object([String: AnyJSON])

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            var object: [String: AnyJSON] = [:]
            for key in keyed.allKeys { object[key.stringValue] = try keyed.decode(AnyJSON.self, forKey: key) }
            self = .object(object)
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var array: [AnyJSON] = []
            while !unkeyed.isAtEnd { array.append(try unkeyed.decode(AnyJSON.self)) }
            self = .array(array)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { self = .null }
            else if let b = try? single.decode(Bool.self) { self = .bool(b) }
            else if let s = try? single.decode(String.self) { self = .string(s) }
            else { self = .number(try single.decode(Double.self)) }
        }
    }

    func encode(to encoder: Encoder) throws {
        switch self {
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        case .bool(let b): var c = encoder.singleValueContainer(); try c.encode(b)
        case .number(let x): var c = encoder.singleValueContainer(); try c.encode(x)
        case .string(let s): var c = encoder.singleValueContainer(); try c.encode(s)
        case .array(let a): var c = encoder.unkeyedContainer(); for v in a { try c.encode(v) }
        case .object(let o):
            var c = encoder.container(keyedBy: Key.self)
            for (k, v) in o { try c.encode(v, forKey: Key(stringValue: k)) }
        }
    }
}

/// A state-like value with every kind the reader's state files use (and a few more).
struct JSONSample: Codable, Equatable {
    enum Kind: String, Codable, CaseIterable { case plain, emphasis = "em", heading }
    enum Event: Codable, Equatable {
        case opened, moved(Int, to: Int), noted(text: String, at: Double?), tagged([String])
    }
    struct Place: Codable, Equatable {
        var chapter: Int
        var offset: Int
        var document: String?
        var documentOffset: Int?
    }

    var title: String
    var flag: Bool
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var double: Double
    var float: Float
    var note: String?
    var lastRead: Double?
    var place: Place
    var numbers: [Int]
    var doubles: [Double]
    var strings: [String]
    var optionals: [Int?]
    var days: [String: Double]
    var byIndex: [Int: String]
    var kind: Kind
    var events: [Event]
    var children: [JSONSample]
    var settings: [String: String]?
}

/// Deterministic random values for the JSON tests.
struct JSONSampleGenerator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func chance(_ percent: Int) -> Bool { random.below(100) < percent }

    /// Characters that exercise every escape and the UTF-8 lengths.
    static let characters: [Character] = [
        "a", "b", "z", "A", "Z", "0", "9", " ", "/", "\"", "\\", "\u{0}", "\u{1}", "\u{8}", "\u{9}", "\u{A}", "\u{B}",
        "\u{C}", "\u{D}", "\u{1F}", "\u{7F}", "\u{80}", "é", "ß", "中", "文", "😀", "👍🏽", "\u{2028}", "\u{2029}", "\u{FEFF}",
        "\u{FFFD}", "\u{10FFFF}", "e\u{301}", "_", "-", ".", ":", "{", "}", "[", "]", ",",
    ]

    mutating func string(maxLength: Int = 12) -> String {
        String((0..<random.below(maxLength + 1)).map { _ in Self.characters[random.below(Self.characters.count)] })
    }

    mutating func integer<T: FixedWidthInteger>(_ type: T.Type) -> T {
        switch random.below(6) {
        case 0: return T.min
        case 1: return T.max
        case 2: return 0
        case 3: return T(truncatingIfNeeded: random.below(200) - 100)
        default: return T(truncatingIfNeeded: random.next())
        }
    }

    mutating func double() -> Double {
        switch random.below(10) {
        case 0: return [0, -0.0, 1, -1, 0.1, 1e15, 1e16, 1e21, 1e-7, 123456789012345680, .leastNonzeroMagnitude * 5,
                        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
                        .leastNormalMagnitude, 9007199254740992, 4.35, 0.30000000000000004][random.below(18)]
        case 1, 2: return Double(random.below(2_000_000) - 1_000_000)
        case 3, 4: return Double(random.below(2_000_000) - 1_000_000) / [10, 100, 1000, 1e6][random.below(4)]
        case 5: return Double(random.next() >> 11) * 0x1p-53 * [1, 1e10, 1e300, 1e-300][random.below(4)]
        default:
            let x = Double(bitPattern: random.next())
            return x.isFinite ? x : 1.5
        }
    }

    mutating func float() -> Float {
        switch random.below(4) {
        case 0: return [0, -0.0, 0.1, 16777216, 123456792, .greatestFiniteMagnitude, .leastNonzeroMagnitude, Float(bitPattern: 0x0001_16C2)][random.below(8)]
        case 1: return Float(random.below(20000) - 10000) / 100
        default:
            let x = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            return x.isFinite ? x : 2.5
        }
    }

    mutating func event() -> JSONSample.Event {
        switch random.below(4) {
        case 0: return .opened
        case 1: return .moved(integer(Int.self), to: random.below(1000))
        case 2: return .noted(text: string(), at: chance(50) ? double() : nil)
        default: return .tagged((0..<random.below(3)).map { _ in string(maxLength: 4) })
        }
    }

    mutating func sample(depth: Int = 0) -> JSONSample {
        JSONSample(
            title: string(maxLength: 30), flag: chance(50),
            int: integer(Int.self), int8: integer(Int8.self), int16: integer(Int16.self), int32: integer(Int32.self),
            int64: integer(Int64.self), uint: integer(UInt.self), uint8: integer(UInt8.self), uint16: integer(UInt16.self),
            uint32: integer(UInt32.self), uint64: integer(UInt64.self), double: double(), float: float(),
            note: chance(50) ? string() : nil, lastRead: chance(50) ? double() : nil,
            place: JSONSample.Place(chapter: random.below(100), offset: integer(Int.self),
                                    document: chance(50) ? "OEBPS/ch\(random.below(40)).xhtml" : nil,
                                    documentOffset: chance(50) ? random.below(100_000) : nil),
            numbers: (0..<random.below(5)).map { _ in integer(Int.self) },
            doubles: (0..<random.below(5)).map { _ in double() },
            strings: (0..<random.below(4)).map { _ in string() },
            optionals: (0..<random.below(4)).map { _ in chance(30) ? nil : random.below(10) },
            days: Dictionary((0..<random.below(6)).map { _ in (string(maxLength: 6), double()) }, uniquingKeysWith: { a, _ in a }),
            byIndex: Dictionary((0..<random.below(6)).map { _ in (integer(Int.self) % 1000, string(maxLength: 3)) }, uniquingKeysWith: { a, _ in a }),
            kind: JSONSample.Kind.allCases[random.below(3)],
            events: (0..<random.below(3)).map { _ in event() },
            children: depth < 2 ? (0..<random.below(3)).map { _ in sample(depth: depth + 1) } : [],
            settings: chance(40) ? ["width": "\(random.below(200))", "theme": string(maxLength: 5)] : nil)
    }
}
