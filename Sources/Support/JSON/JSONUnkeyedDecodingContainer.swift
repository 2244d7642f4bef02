/// The unkeyed container of `JSONTextDecoder`: reads an array's elements in order. A
/// read that fails (a `null`, a wrong type) does not move past the element.
struct JSONUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let path: JSONCodingPath
    private(set) var currentIndex = 0

    init(elements: [JSONValue], path: JSONCodingPath) {
        self.elements = elements
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var site: JSONDecodingSite { JSONDecodingSite(container: path, index: currentIndex) }

    /// The next element, or `valueNotFound` at the end.
    private func next(_ type: Any.Type) throws -> JSONValue {
        guard currentIndex < elements.count else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: site.codingPath, debugDescription: "Unkeyed container is at end."))
        }
        return elements[currentIndex]
    }

    /// Reads the next element with `unwrap`, moving on only if it succeeds.
    private mutating func read<T>(_ type: T.Type, _ unwrap: (JSONValue, JSONDecodingSite) throws -> T) throws -> T {
        let result = try unwrap(next(type), site)
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard case .null = try next(Never.self) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type, JSONUnwrap.bool) }
    mutating func decode(_ type: String.Type) throws -> String { try read(type, JSONUnwrap.string) }
    mutating func decode(_ type: Double.Type) throws -> Double { try read(type) { try JSONUnwrap.floatingPoint($0, as: type, at: $1) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try read(type) { try JSONUnwrap.floatingPoint($0, as: type, at: $1) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try read(type) { try JSONUnwrap.integer($0, as: type, at: $1) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(type) { try JSONUnwrap.integer($0, as: type, at: $1) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(type) { try JSONUnwrap.integer($0, as: type, at: $1) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(type) { try JSONUnwrap.integer($0, as: type, at: $1) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(type) { try JSONUnwrap.integer($0, as: type, at: $1) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try read(type) { try JSONUnwrap.integer($0, as: type, at: $1) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) { try JSONUnwrap.integer($0, as: type, at: $1) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) { try JSONUnwrap.integer($0, as: type, at: $1) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) { try JSONUnwrap.integer($0, as: type, at: $1) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) { try JSONUnwrap.integer($0, as: type, at: $1) } }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try read(type) { try JSONUnwrap.integer($0, as: type, at: $1) } }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try read(type) { try JSONUnwrap.integer($0, as: type, at: $1) } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try read(type) { try JSONUnwrap.decode(type, from: $0, at: $1) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try read(KeyedDecodingContainer<NestedKey>.self) { try JSONDecoderImpl(value: $0, path: $1.path).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try read((any UnkeyedDecodingContainer).self) { try JSONDecoderImpl(value: $0, path: $1.path).unkeyedContainer() }
    }

    /// A decoder of the next element (moving past it).
    mutating func superDecoder() throws -> any Decoder {
        guard currentIndex < elements.count else {
            throw DecodingError.valueNotFound((any Decoder).self, DecodingError.Context(
                codingPath: site.codingPath, debugDescription: "Cannot get superDecoder() -- unkeyed container is at end."))
        }
        return try read((any Decoder).self) { JSONDecoderImpl(value: $0, path: $1.path) }
    }
}
