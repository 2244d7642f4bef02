/// The keyed container of `JSONTextEncoder`: writes into an open object. Writing a key
/// again replaces its value; a nested container asked for an existing key reuses it.
struct JSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: JSONPendingObject
    let path: JSONCodingPath

    var codingPath: [any CodingKey] { path.keys }

    private func set(_ value: JSONValue, _ key: Key) {
        object.set(.value(value), for: key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try JSONEncoderImpl.number(value, at: path.appending(key)), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try JSONEncoderImpl.number(value, at: path.appending(key)), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(String(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.number(String(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.number(String(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.number(String(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.number(String(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.number(String(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.number(String(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.number(String(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.number(String(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.number(String(value)), key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { set(.number(String(value)), key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { set(.number(String(value)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(try JSONEncoderImpl.box(value, at: path.appending(key)), for: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested: JSONPendingObject
        switch object.value(for: key.stringValue) {
        case .object(let existing)?:
            nested = existing
        case .value(.object(let members))?:
            nested = JSONPendingObject(members)
            object.set(.object(nested), for: key.stringValue)
        default:
            nested = JSONPendingObject()
            object.set(.object(nested), for: key.stringValue)
        }
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<NestedKey>(object: nested, path: path.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested: JSONPendingArray
        switch object.value(for: key.stringValue) {
        case .array(let existing)?:
            nested = existing
        case .value(.array(let values))?:
            nested = JSONPendingArray(values)
            object.set(.array(nested), for: key.stringValue)
        default:
            nested = JSONPendingArray()
            object.set(.array(nested), for: key.stringValue)
        }
        return JSONUnkeyedEncodingContainer(array: nested, path: path.appending(key))
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(at: JSONCodingKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(at: key)
    }

    /// An encoder whose value lands at `key` (an empty object if it writes nothing).
    private func superEncoder(at key: some CodingKey) -> any Encoder {
        let encoder = JSONEncoderImpl(path: path.appending(key))
        object.set(.encoder(encoder), for: key.stringValue)
        return encoder
    }
}
