/// Decodes `Decodable` values from JSON text without Foundation, accepting what
/// Foundation's `JSONDecoder` (default strategies) accepts for the files its encoder
/// writes, with the same `DecodingError` cases and coding paths.
///
/// ```swift
/// let state = try JSONTextDecoder().decode(BookState.self, from: bytes)
/// ```
///
/// The text is parsed whole first (`JSONParser`, strict RFC 8259: an error there is
/// `dataCorrupted` with the `JSONParseError` as underlying error). Numbers convert as in
/// Foundation (`JSONNumberConversion`): `3`, `3.0`, `3e2` into any integer type that
/// holds the value, `3.5` or an out-of-range value into an integer type is an error.
/// Unknown keys are ignored, the first of duplicate keys counts, `decodeIfPresent` gives
/// nil for a missing key or `null`.
///
/// Where Foundation is laxer (it checks a scalar only when it is read, it takes trailing
/// commas, UTF-16 and UTF-32), this decoder refuses: none of that comes out of an encoder.
public struct JSONTextDecoder: Sendable {
    /// A decoder.
    public init() {}

    /// Decodes a `T` from UTF-8 JSON text.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
        }
        return try decode(type, from: value)
    }

    /// Decodes a `T` from a parsed tree.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try JSONUnwrap.decode(type, from: value, at: JSONDecodingSite(container: .root))
    }
}
