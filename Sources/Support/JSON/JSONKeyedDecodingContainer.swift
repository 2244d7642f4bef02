/// The keyed container of `JSONTextDecoder`. When a key appears more than once the first
/// member counts (as in Foundation); unknown keys are ignored.
struct JSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [JSONMember]
    let path: JSONCodingPath
    /// Key → first position, for objects large enough that a linear search would be slow.
    private let positions: [String: Int]?

    init(members: [JSONMember], path: JSONCodingPath) {
        self.members = members
        self.path = path
        if members.count > 12 {
            var positions: [String: Int] = [:]
            positions.reserveCapacity(members.count)
            for (i, member) in members.enumerated() where positions[member.key] == nil {
                positions[member.key] = i
            }
            self.positions = positions
        } else {
            self.positions = nil
        }
    }

    var codingPath: [any CodingKey] { path.keys }

    /// The object's keys that `Key` knows, each once, in document order.
    var allKeys: [Key] {
        var seen = Set<String>()
        return members.compactMap { member in
            guard seen.insert(member.key).inserted else { return nil }
            return Key(stringValue: member.key)
        }
    }

    func contains(_ key: Key) -> Bool {
        value(for: key.stringValue) != nil
    }

    private func value(for key: String) -> JSONValue? {
        if let positions { return positions[key].map { members[$0].value } }
        return members.first { $0.key == key }?.value
    }

    /// The value at `key`, or `keyNotFound`.
    private func require(_ key: Key) throws -> JSONValue {
        guard let value = value(for: key.stringValue) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return value
    }

    private func site(_ key: Key) -> JSONDecodingSite {
        JSONDecodingSite(container: path, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try require(key) { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try JSONUnwrap.bool(require(key), at: site(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try JSONUnwrap.string(require(key), at: site(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try JSONUnwrap.floatingPoint(require(key), as: type, at: site(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try JSONUnwrap.floatingPoint(require(key), as: type, at: site(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try JSONUnwrap.integer(require(key), as: type, at: site(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try JSONUnwrap.integer(require(key), as: type, at: site(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try JSONUnwrap.integer(require(key), as: type, at: site(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try JSONUnwrap.integer(require(key), as: type, at: site(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try JSONUnwrap.integer(require(key), as: type, at: site(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try JSONUnwrap.integer(require(key), as: type, at: site(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try JSONUnwrap.integer(require(key), as: type, at: site(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try JSONUnwrap.integer(require(key), as: type, at: site(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try JSONUnwrap.integer(require(key), as: type, at: site(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try JSONUnwrap.integer(require(key), as: type, at: site(key)) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try JSONUnwrap.integer(require(key), as: type, at: site(key)) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try JSONUnwrap.integer(require(key), as: type, at: site(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try JSONUnwrap.decode(type, from: require(key), at: site(key))
    }

    /// nil for a missing key or `null` (one lookup instead of the default's three).
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = value(for: key.stringValue) else { return nil }
        if case .null = value { return nil }
        return try JSONUnwrap.decode(type, from: value, at: site(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONDecoderImpl(value: require(key), path: path.appending(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONDecoderImpl(value: require(key), path: path.appending(key)).unkeyedContainer()
    }

    /// A decoder of the value at `"super"`; `null` when it is missing (as Foundation).
    func superDecoder() throws -> any Decoder {
        JSONDecoderImpl(value: value(for: JSONCodingKey.super.stringValue) ?? .null, path: path.appending(JSONCodingKey.super))
    }

    /// A decoder of the value at `key`; `null` when it is missing (as Foundation).
    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONDecoderImpl(value: value(for: key.stringValue) ?? .null, path: path.appending(key))
    }
}
