/// Where `JSONTextDecoder` is reading a value: its container's path and the key or index
/// in it. Kept apart so that the full coding path is only built for an error or a nested
/// decoder, not for every scalar read.
struct JSONDecodingSite {
    /// The path of the container (or of the value itself, for a single-value read).
    let container: JSONCodingPath
    /// The key in a keyed container.
    var key: (any CodingKey)? = nil
    /// The index in an unkeyed container.
    var index: Int? = nil

    /// The value's own path.
    var path: JSONCodingPath {
        if let key { return .key(key, container) }
        if let index { return .index(index, container) }
        return container
    }

    /// The value's coding path, for errors.
    var codingPath: [any CodingKey] { path.keys }
}
