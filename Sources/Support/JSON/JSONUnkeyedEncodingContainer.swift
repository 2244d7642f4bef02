/// The unkeyed container of `JSONTextEncoder`: appends to an open array.
struct JSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let array: JSONPendingArray
    let path: JSONCodingPath

    var codingPath: [any CodingKey] { path.keys }

    var count: Int { array.elements.count }

    private func append(_ value: JSONValue) {
        array.elements.append(.value(value))
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws {
        append(try JSONEncoderImpl.number(value, at: path.appending(index: count)))
    }
    mutating func encode(_ value: Float) throws {
        append(try JSONEncoderImpl.number(value, at: path.appending(index: count)))
    }
    mutating func encode(_ value: Int) throws { append(.number(String(value))) }
    mutating func encode(_ value: Int8) throws { append(.number(String(value))) }
    mutating func encode(_ value: Int16) throws { append(.number(String(value))) }
    mutating func encode(_ value: Int32) throws { append(.number(String(value))) }
    mutating func encode(_ value: Int64) throws { append(.number(String(value))) }
    mutating func encode(_ value: UInt) throws { append(.number(String(value))) }
    mutating func encode(_ value: UInt8) throws { append(.number(String(value))) }
    mutating func encode(_ value: UInt16) throws { append(.number(String(value))) }
    mutating func encode(_ value: UInt32) throws { append(.number(String(value))) }
    mutating func encode(_ value: UInt64) throws { append(.number(String(value))) }
    mutating func encode(_ value: Int128) throws { append(.number(String(value))) }
    mutating func encode(_ value: UInt128) throws { append(.number(String(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.elements.append(try JSONEncoderImpl.box(value, at: path.appending(index: count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONPendingObject()
        let nestedPath = path.appending(index: count)
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<NestedKey>(object: nested, path: nestedPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONPendingArray()
        let nestedPath = path.appending(index: count)
        array.elements.append(.array(nested))
        return JSONUnkeyedEncodingContainer(array: nested, path: nestedPath)
    }

    /// An encoder whose value takes the next place in the array (an empty object if it
    /// writes nothing), even if more elements are appended before it writes.
    mutating func superEncoder() -> any Encoder {
        let encoder = JSONEncoderImpl(path: path.appending(index: count))
        array.elements.append(.encoder(encoder))
        return encoder
    }
}
