/// A JSON document as a tree: what `JSONParser` reads and what `JSONTextEncoder` writes.
///
/// Numbers keep the literal text they were written with (already checked against the
/// RFC 8259 grammar), so that a decoder can tell `3` from `3.0` and convert without losing
/// digits, the way Foundation's `JSONDecoder` does; two numbers are equal when their texts
/// are. Objects keep their members in document order, duplicates included: readers decide
/// which one counts (`JSONTextDecoder` takes the first, like Foundation).
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its literal text (`-0`, `3`, `2.5e-3`).
    case number(String)
    /// A string, unescaped.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object's members in document order.
    case object([JSONMember])
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Equatable, Sendable {
    /// The key, unescaped.
    public var key: String
    /// The value.
    public var value: JSONValue

    /// A member.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
