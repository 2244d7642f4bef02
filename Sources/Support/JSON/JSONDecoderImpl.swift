/// The `Decoder` behind `JSONTextDecoder`: one per decoded value that is not a plain
/// scalar, holding that value and its path. It is its own single-value container.
final class JSONDecoderImpl: Decoder {
    let value: JSONValue
    let path: JSONCodingPath

    init(value: JSONValue, path: JSONCodingPath) {
        self.value = value
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    private var site: JSONDecodingSite { JSONDecodingSite(container: path) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch value {
        case .object(let members):
            return KeyedDecodingContainer(JSONKeyedDecodingContainer<Key>(members: members, path: path))
        case .null:
            throw DecodingError.valueNotFound([String: Any].self, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Cannot get keyed decoding container -- found null value instead"))
        default:
            throw JSONUnwrap.mismatch([String: Any].self, value, site)
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch value {
        case .array(let elements):
            return JSONUnkeyedDecodingContainer(elements: elements, path: path)
        case .null:
            throw DecodingError.valueNotFound([Any].self, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
        default:
            throw JSONUnwrap.mismatch([Any].self, value, site)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }
}

extension JSONDecoderImpl: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try JSONUnwrap.bool(value, at: site) }
    func decode(_ type: String.Type) throws -> String { try JSONUnwrap.string(value, at: site) }
    func decode(_ type: Double.Type) throws -> Double { try JSONUnwrap.floatingPoint(value, as: type, at: site) }
    func decode(_ type: Float.Type) throws -> Float { try JSONUnwrap.floatingPoint(value, as: type, at: site) }
    func decode(_ type: Int.Type) throws -> Int { try JSONUnwrap.integer(value, as: type, at: site) }
    func decode(_ type: Int8.Type) throws -> Int8 { try JSONUnwrap.integer(value, as: type, at: site) }
    func decode(_ type: Int16.Type) throws -> Int16 { try JSONUnwrap.integer(value, as: type, at: site) }
    func decode(_ type: Int32.Type) throws -> Int32 { try JSONUnwrap.integer(value, as: type, at: site) }
    func decode(_ type: Int64.Type) throws -> Int64 { try JSONUnwrap.integer(value, as: type, at: site) }
    func decode(_ type: UInt.Type) throws -> UInt { try JSONUnwrap.integer(value, as: type, at: site) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONUnwrap.integer(value, as: type, at: site) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONUnwrap.integer(value, as: type, at: site) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONUnwrap.integer(value, as: type, at: site) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONUnwrap.integer(value, as: type, at: site) }
    func decode(_ type: Int128.Type) throws -> Int128 { try JSONUnwrap.integer(value, as: type, at: site) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try JSONUnwrap.integer(value, as: type, at: site) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONUnwrap.decode(type, from: value, at: site) }
}
