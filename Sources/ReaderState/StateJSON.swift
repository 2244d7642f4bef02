import Support

/// The JSON of the state files, in one place: sorted keys, pretty-printed where a person may
/// read or edit the file (a book's state). Support's coders write what Foundation's
/// `JSONEncoder` wrote, byte for byte, and read every file it wrote.
enum StateJSON {
    /// `value` as JSON bytes.
    static func encode<T: Encodable>(_ value: T, pretty: Bool) throws -> [UInt8] {
        try JSONTextEncoder(prettyPrinted: pretty, sortedKeys: true).encode(value)
    }

    /// A `T` from JSON bytes.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONTextDecoder().decode(type, from: bytes)
    }
}
