/// Conversions from parsed values to what a `Decodable` asks for, with Foundation's
/// errors: `valueNotFound` for `null`, `typeMismatch` for another kind of value,
/// `dataCorrupted` for a number the type cannot hold.
enum JSONUnwrap {
    static func bool(_ value: JSONValue, at site: JSONDecodingSite) throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch(Bool.self, value, site) }
        return b
    }

    static func string(_ value: JSONValue, at site: JSONDecodingSite) throws -> String {
        guard case .string(let s) = value else { throw mismatch(String.self, value, site) }
        return s
    }

    static func integer<T: FixedWidthInteger>(_ value: JSONValue, as type: T.Type, at site: JSONDecodingSite) throws -> T {
        guard case .number(let literal) = value else { throw mismatch(T.self, value, site) }
        guard let result = JSONNumberConversion.integer(literal, as: T.self) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: site.codingPath, debugDescription: "Number <\(literal)> is not representable in \(T.self)."))
        }
        return result
    }

    static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: JSONValue, as type: T.Type, at site: JSONDecodingSite) throws -> T {
        guard case .number(let literal) = value else { throw mismatch(T.self, value, site) }
        guard let result = JSONNumberConversion.floatingPoint(literal, as: T.self) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: site.codingPath, debugDescription: "Number <\(literal)> is not representable in \(T.self)."))
        }
        return result
    }

    /// Any `Decodable`: the common scalars directly, anything else through a decoder of its own.
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at site: JSONDecodingSite) throws -> T {
        if T.self == String.self { return unsafeBitCast(try string(value, at: site), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try integer(value, as: Int.self, at: site), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try floatingPoint(value, as: Double.self, at: site), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try bool(value, at: site), to: T.self) }
        return try T(from: JSONDecoderImpl(value: value, path: site.path))
    }

    /// `valueNotFound` for `null`, else `typeMismatch`, worded as Foundation words them.
    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ site: JSONDecodingSite) -> DecodingError {
        if case .null = value {
            return .valueNotFound(type, DecodingError.Context(
                codingPath: site.codingPath, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        let found: String
        switch value {
        case .null: found = "null"
        case .bool: found = "bool"
        case .number: found = "number"
        case .string: found = "a string"
        case .array: found = "an array"
        case .object: found = "a dictionary"
        }
        return .typeMismatch(type, DecodingError.Context(
            codingPath: site.codingPath, debugDescription: "Expected to decode \(type) but found \(found) instead."))
    }
}
