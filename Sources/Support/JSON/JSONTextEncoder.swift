/// Encodes `Encodable` values as JSON text, byte for byte as Foundation's `JSONEncoder`
/// does with `.sortedKeys` (plus `.prettyPrinted`, `.withoutEscapingSlashes`) and its
/// default strategies, without Foundation (see `JSONWriter` for the layout and
/// `JSONNumberConversion` for numbers).
///
/// ```swift
/// let bytes = try JSONTextEncoder(prettyPrinted: true).encode(state)
/// ```
///
/// Like Foundation's: `nil` optionals written with `encodeIfPresent` (synthesized
/// `Codable`) leave their key out, an explicit `encodeNil` writes `null`; `[String: T]`
/// and `[Int: T]` become objects (`"1"` keys), other dictionaries arrays of keys and
/// values; a value that writes nothing is `{}` (at the top level an error); NaN and the
/// infinities throw `EncodingError.invalidValue`; nesting deeper than 511 containers
/// throws too. Without `sortedKeys` members keep the order they were first written in
/// (Foundation's order is then its dictionary's, which varies from run to run).
public struct JSONTextEncoder: Sendable {
    /// Line breaks and two-space indentation, `"key" : value`.
    public var prettyPrinted: Bool
    /// Members sorted by the UTF-8 bytes of their keys.
    public var sortedKeys: Bool
    /// `/` written as `\/` (Foundation's default).
    public var escapesSlashes: Bool

    /// An encoder; the defaults give Foundation's `[.sortedKeys]` output.
    public init(prettyPrinted: Bool = false, sortedKeys: Bool = true, escapesSlashes: Bool = true) {
        self.prettyPrinted = prettyPrinted
        self.sortedKeys = sortedKeys
        self.escapesSlashes = escapesSlashes
    }

    /// The JSON text of `value`, UTF-8.
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        guard case let pending? = try topLevel(value) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        return try serialize(pending.resolved(), of: value, maximumDepth: JSONWriter.encodableDepth)
    }

    /// The JSON text of a parsed or built tree (numbers written as their literal text).
    /// Every tree `JSONParser` returns can be written (up to `JSONParser.maximumDepth`
    /// levels, one more than Foundation's encoder writes); a deeper one throws
    /// `EncodingError.invalidValue`.
    public func encode(_ value: JSONValue) throws -> [UInt8] {
        try serialize(value, of: value, maximumDepth: JSONParser.maximumDepth)
    }

    private func topLevel<T: Encodable>(_ value: T) throws -> JSONPending? {
        try JSONEncoderImpl.boxIfWritten(value, at: .root)
    }

    private func serialize(_ tree: JSONValue, of value: Any, maximumDepth: Int) throws -> [UInt8] {
        var writer = JSONWriter(prettyPrinted: prettyPrinted, sortedKeys: sortedKeys, escapesSlashes: escapesSlashes,
                                maximumDepth: maximumDepth)
        do {
            try writer.write(tree)
        } catch {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON."))
        }
        return writer.bytes
    }
}
