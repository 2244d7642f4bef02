/// The `Encoder` behind `JSONTextEncoder`: one per encoded value that is not a plain
/// scalar. It holds what the value wrote (one container or one single value) and its
/// place in the tree (`path`), from which errors and `codingPath` are made.
final class JSONEncoderImpl: Encoder {
    let path: JSONCodingPath
    /// What was written through this encoder, nil if nothing yet.
    var storage: JSONPending?

    init(path: JSONCodingPath) {
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The keyed container; asked for again, the same storage (as Foundation's encoder).
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: JSONPendingObject
        switch storage {
        case .object(let existing)?:
            object = existing
        case .value(.object(let members))?:
            object = JSONPendingObject(members)
            storage = .object(object)
        default:
            // Foundation traps when another kind of value was written here; this replaces it.
            object = JSONPendingObject()
            storage = .object(object)
        }
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<Key>(object: object, path: path))
    }

    /// The unkeyed container; asked for again, the same storage.
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: JSONPendingArray
        switch storage {
        case .array(let existing)?:
            array = existing
        case .value(.array(let values))?:
            array = JSONPendingArray(values)
            storage = .array(array)
        default:
            array = JSONPendingArray()
            storage = .array(array)
        }
        return JSONUnkeyedEncodingContainer(array: array, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        self
    }

    /// `value` encoded at `path`: scalars directly, anything else through its own encoder;
    /// a value that writes nothing becomes an empty object (as in Foundation).
    static func box<T: Encodable>(_ value: T, at path: JSONCodingPath) throws -> JSONPending {
        try boxIfWritten(value, at: path) ?? .value(.object([]))
    }

    /// `value` encoded at `path`, nil if it wrote nothing.
    static func boxIfWritten<T: Encodable>(_ value: T, at path: JSONCodingPath) throws -> JSONPending? {
        if let scalar = try scalar(value, at: path) { return .value(scalar) }
        let encoder = JSONEncoderImpl(path: path)
        try value.encode(to: encoder)
        return encoder.storage
    }

    /// The most common scalar types without an encoder of their own (what their
    /// `encode(to:)` would write), nil for other types.
    private static func scalar<T: Encodable>(_ value: T, at path: JSONCodingPath) throws -> JSONValue? {
        if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return .number(String(unsafeBitCast(value, to: Int.self))) }
        if T.self == Double.self { return try number(unsafeBitCast(value, to: Double.self), at: path) }
        if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        return nil
    }

    /// A floating-point number's JSON text; NaN and the infinities throw
    /// `EncodingError.invalidValue` at `path`, as Foundation's default strategy does.
    static func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F, at path: JSONCodingPath) throws -> JSONValue {
        guard let text = JSONNumberConversion.text(value) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path.keys, debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
        }
        return .number(text)
    }
}

extension JSONEncoderImpl: SingleValueEncodingContainer {
    // Writing twice replaces the first value (Foundation traps).
    func encodeNil() throws { storage = .value(.null) }
    func encode(_ value: Bool) throws { storage = .value(.bool(value)) }
    func encode(_ value: String) throws { storage = .value(.string(value)) }
    func encode(_ value: Double) throws { storage = .value(try Self.number(value, at: path)) }
    func encode(_ value: Float) throws { storage = .value(try Self.number(value, at: path)) }
    func encode(_ value: Int) throws { storage = .value(.number(String(value))) }
    func encode(_ value: Int8) throws { storage = .value(.number(String(value))) }
    func encode(_ value: Int16) throws { storage = .value(.number(String(value))) }
    func encode(_ value: Int32) throws { storage = .value(.number(String(value))) }
    func encode(_ value: Int64) throws { storage = .value(.number(String(value))) }
    func encode(_ value: UInt) throws { storage = .value(.number(String(value))) }
    func encode(_ value: UInt8) throws { storage = .value(.number(String(value))) }
    func encode(_ value: UInt16) throws { storage = .value(.number(String(value))) }
    func encode(_ value: UInt32) throws { storage = .value(.number(String(value))) }
    func encode(_ value: UInt64) throws { storage = .value(.number(String(value))) }
    func encode(_ value: Int128) throws { storage = .value(.number(String(value))) }
    func encode(_ value: UInt128) throws { storage = .value(.number(String(value))) }
    func encode<T: Encodable>(_ value: T) throws { storage = try Self.box(value, at: path) }
}
