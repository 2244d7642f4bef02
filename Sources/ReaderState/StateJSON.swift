import Foundation

/// The JSON of the state files, in one place: sorted keys, pretty-printed where a person may
/// read or edit the file (a book's state).
enum StateJSON {
    /// `value` as JSON bytes.
    static func encode<T: Encodable>(_ value: T, pretty: Bool) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
        return Array(try encoder.encode(value))
    }

    /// A `T` from JSON bytes.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONDecoder().decode(type, from: Data(bytes))
    }
}
